// A document's template: the company's frame (forms/frame.ts) and its own form version's body and fields (a
// document keeps showing the version it was drafted with).
import type { FormTemplate } from "../../../../shared/approval/forms.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import { TEMPLATE_FRAME } from "../forms/frame.ts";
import { findVersion } from "../forms/repo.ts";

export async function documentTemplate(db: DbOrTx, companyId: number, formId: number, version: number): Promise<FormTemplate> {
  const v = await findVersion(db, companyId, formId, version);
  return { formId, version, templateFrame: TEMPLATE_FRAME, templateBody: v?.templateBody ?? "", fields: v?.fields ?? [] };
}
