// Browser-test helpers of the approval island: the API tests' company (tests/approval/support.ts: 기획팀,
// 재무팀, 총무팀, 경영진 with their people) and drafting through POST document/draft as the drafter would,
// with the starter forms' fields filled (품의서: content, amount; 지출결의서: a table of items with its total),
// and a line action (approve, reject, …) through PUT appr-line/{kind} as the person whose turn it is.
import type { Document, DraftResult } from "../../../shared/approval/documents.ts";
import type { FormSummary } from "../../../shared/approval/forms.ts";
import type { ActionResult, LineInput } from "../../../shared/approval/lines.ts";
import { approvalApi, type ApprovalCompany, approvalCompany, userLine } from "../../approval/support.ts";
import type { E2E } from "./browser.ts";

export { PW } from "../../share/share-helpers.ts";
export type { ApprovalCompany };

const CONTENT: Record<string, Record<string, unknown>> = {
  proposal: { content: "사내 교육 프로그램을 운영하고자 합니다.", effect: "업무 역량 향상", amount: 1500000 },
  expense: {
    spent_on: "2026-03-09",
    items: [
      { date: "2026-03-09", detail: "거래처 미팅 식대", vendor: "한식당", amount: 84000 },
      { date: "2026-03-10", detail: "택시비", vendor: "택시", amount: 16000 },
    ],
    total: 100000,
    payment: "법인카드",
  },
};

export async function approvalSetup(e: E2E, domain: string) {
  const A = await approvalCompany(e.t, domain);
  const api = approvalApi(e.t);
  const forms = await api.ok<FormSummary[]>(200, "GET", "form/list/all", A.drafter);
  const formOf = (key: "proposal" | "expense") => forms.find((f) => f.starterKey === key)!;
  /** Submits a starter form's document by the drafter through the lines (default: 이팀장 then 윤본부); answers its id. */
  async function submit(title: string, key: "proposal" | "expense" = "proposal", lines?: LineInput[], by = A.drafter) {
    const form = formOf(key);
    const r = await api.ok<DraftResult>(201, "POST", "document/draft", by, {
      draftType: "DRAFT",
      formId: form.id,
      formVersion: form.version,
      title,
      draftOrganId: by.organId,
      content: CONTENT[key],
      lines: lines ?? [userLine("APPROVAL", 1, A.planLead.id), userLine("APPROVAL", 2, A.director.id)],
    });
    return r.id;
  }
  /** The document as `who` reads it (its lines, version, actions and the caller's line). */
  const read = (docId: number, who: { token: string }) => api.ok<Document>(200, "GET", `document/${docId}`, who);
  /** A line action by `who` on their line of the document, with the version they read. */
  async function act(kind: "approve" | "reject" | "cancel" | "receive" | "return", docId: number, who: { token: string }, comment = "") {
    const doc = await read(docId, who);
    if (!doc.myLineId) throw new Error(`no line of the caller's to ${kind} on document ${docId}`);
    return await api.ok<ActionResult>(200, "PUT", `appr-line/${kind}`, who, { lineId: doc.myLineId, version: doc.version, comment });
  }
  return { A, api, formOf, submit, read, act };
}
