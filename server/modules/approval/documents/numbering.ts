// Document numbers (문서번호), given when the approval group completes: the counter of (company, form, drafting
// organ, completion year) is raised in the completing transaction (insert ... on conflict do update ...
// returning), so two documents completing at once never share a number, and a number is never given to a
// document that did not complete. The format (rendered by forms/number-format.ts) is the document's form version's (shared/approval/constants.ts
// DEFAULT_NUMBER_FORMAT): {FORM} the form's code, {DEPT} the drafting organ's name, {YYYY}/{YY} the completion
// year, {SEQ} or {SEQ:n} the counter (zero-padded to n digits). The year is the one in Korea (Asia/Seoul),
// where the suite's companies keep their ledgers.
import { sql } from "drizzle-orm";
import { DEFAULT_NUMBER_FORMAT } from "../../../../shared/approval/constants.ts";
import type { Tx } from "../../../../db/client.ts";
import { renderDocNumber } from "../forms/number-format.ts";
import type { DocRow } from "./repo.ts";

const LEDGER_ZONE = "Asia/Seoul";

export function yearOf(at: Date): number {
  return Number(new Intl.DateTimeFormat("en-US", { year: "numeric", timeZone: LEDGER_ZONE }).format(at));
}

/** Raises the counter and answers the document's number (inside the completing transaction). */
export async function nextDocNum(tx: Tx, doc: DocRow, at: Date): Promise<string> {
  const year = yearOf(at);
  const meta = await tx.execute<{ code: string; number_format: string | null; organ_name: string }>(sql`
    select f.code, v.number_format, o.name as organ_name
    from approval_forms f
      left join approval_form_versions v on v.form_id = f.id and v.version = ${doc.formVersion}
      join organizations o on o.id = ${doc.draftOrganId}
    where f.id = ${doc.formId}`);
  const seqRows = await tx.execute<{ last_seq: number }>(sql`
    insert into approval_doc_counters (company_id, form_id, organ_id, year, last_seq)
    values (${doc.companyId}, ${doc.formId}, ${doc.draftOrganId}, ${year}, 1)
    on conflict (company_id, form_id, organ_id, year) do update set last_seq = approval_doc_counters.last_seq + 1
    returning last_seq`);
  const m = meta[0];
  return renderDocNumber(m?.number_format || DEFAULT_NUMBER_FORMAT, {
    formCode: m?.code ?? "",
    deptName: m?.organ_name ?? "",
    year,
    seq: Number(seqRows[0].last_seq),
  });
}
