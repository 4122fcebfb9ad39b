// Drafting (issue 26; shared/approval/documents.ts POST document/draft and document/draft/temp, rules in
// server/modules/approval/documents/draft.ts) for every draft type: DRAFT (submitted: IN_PROGRESS, box dd, the
// first approval line pending), a temporary save (TEMP, box dt: only the title checked), EDIT of the drafter's
// own editable document with the version read (409 approval.version_conflict, approval.not_editable, 403 for
// someone else's, 404 for another company's), REUSE (a new document from a readable original, its content unless
// the body brings its own; 404 approval.origin_not_found otherwise), INNER_DRAFT (a receiving department's own
// draft from a received line; 404 approval.receive_line_not_found), and every refusal: content (400
// approval.draft_failed with params.fields), lines (the first line code with params.lines), the drafting
// department, the form and its version, reference documents, files, another company's form, NUL in the title.
// After each refusal nothing of the draft is left behind (the company's approval rows are counted).
import { beforeAll, describe, expect, test } from "vitest";
import { TABLE_ROWS_MAX } from "../../shared/approval/constants.ts";
import type { Document, DraftResult } from "../../shared/approval/documents.ts";
import type { FormSummary } from "../../shared/approval/forms.ts";
import type { LineCheck, LineInput } from "../../shared/approval/lines.ts";
import { messageOf } from "../../server/lib/errors.ts";
import { createTestApp } from "../support/test-app.ts";
import { approvalApi, type ApprovalCompany, approvalCompany, organLine, userLine } from "./support.ts";

const t = await createTestApp();
const api = approvalApi(t);
let A: ApprovalCompany, B: ApprovalCompany;
/** 품의서 (content required, amount money), 지출결의서 (items table with a date column), 휴가신청서 (days number). */
let proposal: FormSummary, expense: FormSummary, leave: FormSummary, bProposal: FormSummary;
const content = { content: "신규 장비 도입을 품의합니다", amount: 1_200_000 };

const formsOf = async (who: { token: string }) => await api.ok<FormSummary[]>(200, "GET", "form/list/all", who);

beforeAll(async () => {
  A = await approvalCompany(t, "appr-draft-a.test");
  B = await approvalCompany(t, "appr-draft-b.test");
  const forms = await formsOf(A.drafter);
  const byKey = (key: string) => forms.find((f) => f.starterKey === key)!;
  [proposal, expense, leave] = [byKey("proposal"), byKey("expense"), byKey("leave")];
  bProposal = (await formsOf(B.drafter)).find((f) => f.starterKey === "proposal")!;
  expect([proposal, expense, leave, bProposal].every(Boolean)).toBe(true);
});

const twoSteps = (): LineInput[] => [userLine("APPROVAL", 1, A.planLead.id), userLine("APPROVAL", 2, A.director.id)];
const body = (extra: Record<string, unknown> = {}) => ({
  formId: proposal.id, formVersion: proposal.version, title: "장비 도입 품의", draftOrganId: A.organs.plan, content, lines: twoSteps(), ...extra,
});
const submit = (who: { token: string }, extra: Record<string, unknown> = {}) => api.raw("POST", "document/draft", who, body(extra));
const view = (id: number, who: { token: string } = A.drafter) => api.ok<Document>(200, "GET", `document/${id}`, who);
const act = async (path: string, who: { token: string }, id: number, lineId?: number) => {
  const d = await view(id, who);
  return await api.ok(200, "PUT", `appr-line/${path}`, who, { lineId: lineId ?? d.myLineId, version: d.version });
};

/** The company's approval rows: documents, lines, claimed files, references, history. */
async function rowsOf(companyId: number) {
  const [r] = await t.db.sql<Record<string, string>[]>`select
    (select count(*) from approval_documents where company_id = ${companyId}) as documents,
    (select count(*) from approval_lines where company_id = ${companyId}) as lines,
    (select count(*) from approval_files where company_id = ${companyId} and document_id is not null) as files,
    (select count(*) from approval_files where company_id = ${companyId}) as uploads,
    (select count(*) from approval_ref_docs r join approval_documents d on d.id = r.document_id where d.company_id = ${companyId}) as refs,
    (select count(*) from approval_history where company_id = ${companyId}) as history`;
  return Object.fromEntries(Object.entries(r).map(([k, v]) => [k, Number(v)]));
}

/** Runs the refusals and checks the company's approval rows did not change. */
async function nothingWritten(companyId: number, refusals: () => Promise<void>) {
  const before = await rowsOf(companyId);
  await refusals();
  expect(await rowsOf(companyId)).toEqual(before);
}

async function upload(who: { token: string }, name: string): Promise<number> {
  const form = new FormData();
  form.append("part", new File([new TextEncoder().encode(name)], name, { type: "text/plain" }));
  const res = await t.app.request("/api/approval/document/file", { method: "POST", body: form, headers: { authorization: `Bearer ${who.token}` } });
  const json = await res.json();
  expect(res.status, JSON.stringify(json)).toBe(201);
  return json.id;
}

/** A completed document of 기획팀 (open type DEPARTMENT), approved by 이팀장. */
async function completed(extra: Record<string, unknown> = {}): Promise<number> {
  const r = await submit(A.drafter, { title: "완료된 품의", lines: [userLine("APPROVAL", 1, A.planLead.id)], ...extra });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const id = (r.body as DraftResult).id;
  await act("approve", A.planLead, id);
  expect((await view(id)).status).toBe("COMPLETED");
  return id;
}

describe("DRAFT and temporary saves", () => {
  test("a submitted draft is IN_PROGRESS (box dd) with the first approval line pending and the rest waiting", async () => {
    const r = await submit(A.drafter, { lines: [...twoSteps(), userLine("CC", 1, A.financeMember.id)] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const result = r.body as DraftResult;
    expect(result).toMatchObject({ status: "IN_PROGRESS", next: "dd" });
    expect(result.version).toEqual(expect.any(Number));
    const d = await view(result.id);
    expect([d.status, d.draftType, d.title, d.draftOrgan.id, d.formId, d.formVersion, d.openType])
      .toEqual(["IN_PROGRESS", "DRAFT", "장비 도입 품의", A.organs.plan, proposal.id, proposal.version, "DEPARTMENT"]);
    expect(d.content).toMatchObject(content);
    expect(d.docNum).toBeNull();
    expect(d.draftedAt).toBe(t.clock.now().getTime());
    expect(d.version).toBe(result.version);
    expect(d.lines.map((l) => [l.type, l.approver.userId, l.status])).toEqual([
      ["APPROVAL", A.planLead.id, "PENDING_APPROVAL"],
      ["APPROVAL", A.director.id, "WAITING"],
      ["CC", A.financeMember.id, "NOTIFIED"],
    ]);
    expect((await view(result.id, A.planLead)).myLineId).toBe(d.lines[0].id);
  });

  test("a temporary save needs only the title: TEMP (box dt), neither content nor lines checked; no one else reads it", async () => {
    const r = await api.raw("POST", "document/draft/temp", A.drafter, {
      formId: proposal.id, formVersion: proposal.version, title: "쓰다 만 품의", draftOrganId: A.organs.plan,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    expect(r.body).toMatchObject({ status: "TEMP", next: "dt" });
    const d = await view(r.body.id);
    expect([d.status, d.lines, d.draftedAt, d.content.content]).toEqual(["TEMP", [], null, null]);
    await api.fails(403, "approval.not_allowed", "GET", `document/${d.id}`, A.planLead);

    // A line the submission would refuse (the drafter on it, no approval line) is kept as written.
    const withLines = await api.ok<DraftResult>(201, "POST", "document/draft/temp", A.drafter, body({
      content: {}, lines: [userLine("HELP", 1, A.drafter.id)],
    }));
    expect((await view(withLines.id)).lines.map((l) => [l.type, l.approver.userId, l.status])).toEqual([["HELP", A.drafter.id, "WAITING"]]);

    // A value of the wrong kind is refused even so (approval.temp_failed), as is a title of blanks.
    const bad = await api.fails(400, "approval.temp_failed", "POST", "document/draft/temp", A.drafter, body({ content: { amount: "많이" } }));
    expect(bad.params.fields).toEqual([{ key: "amount", label: "금액", code: "approval.field_invalid" }]);
    await api.fails(400, "common.validation", "POST", "document/draft/temp", A.drafter, body({ title: "   " }));
  });
});

describe("EDIT", () => {
  test("a temporary save submitted later keeps its id; the version read must still be current", async () => {
    const temp = await api.ok<DraftResult>(201, "POST", "document/draft/temp", A.drafter, body({ title: "임시 품의", content: {}, lines: [] }));
    // Saved again (still TEMP): the version moves on.
    const again = await api.ok<DraftResult>(201, "POST", "document/draft/temp", A.drafter, body({
      draftType: "EDIT", docId: temp.id, version: temp.version, title: "임시 품의 2", content: {}, lines: [],
    }));
    expect(again).toMatchObject({ id: temp.id, status: "TEMP", next: "dt" });
    expect(again.version).toBeGreaterThan(temp.version);

    await nothingWritten(A.co.companyId, async () => {
      await api.fails(409, "approval.version_conflict", "POST", "document/draft", A.drafter, body({ draftType: "EDIT", docId: temp.id, version: temp.version }));
    });
    expect((await view(temp.id)).title).toBe("임시 품의 2");

    const sent = await api.ok<DraftResult>(201, "POST", "document/draft", A.drafter, body({ draftType: "EDIT", docId: temp.id, version: again.version, title: "상신한 품의" }));
    expect(sent).toMatchObject({ id: temp.id, status: "IN_PROGRESS", next: "dd" });
    const d = await view(temp.id);
    expect([d.status, d.title, d.lines.map((l) => l.status)]).toEqual(["IN_PROGRESS", "상신한 품의", ["PENDING_APPROVAL", "WAITING"]]);
  });

  test("only the drafter edits, only a TEMP/RETRIEVED/REJECTED/RETURNED document; another company's is missing", async () => {
    const temp = await api.ok<DraftResult>(201, "POST", "document/draft/temp", A.drafter, body({ title: "남의 임시 문서" }));
    const running = (await submit(A.drafter)).body as DraftResult;
    const runningDoc = await view(running.id);
    await nothingWritten(A.co.companyId, async () => {
      // A colleague may not edit the drafter's temporary save (they cannot read it) nor a document they can read.
      await api.fails(403, "approval.not_allowed", "POST", "document/draft", A.planMember, body({ draftType: "EDIT", docId: temp.id, version: temp.version }));
      await api.fails(403, "approval.not_allowed", "POST", "document/draft/temp", A.planLead, {
        ...body({ draftType: "EDIT", docId: running.id, version: runningDoc.version }), draftOrganId: A.organs.plan,
      });
      // In progress: not editable (also with the current version).
      await api.fails(409, "approval.not_editable", "POST", "document/draft", A.drafter, body({ draftType: "EDIT", docId: running.id, version: runningDoc.version }));
      await api.fails(409, "approval.not_editable", "POST", "document/draft/temp", A.drafter, body({ draftType: "EDIT", docId: running.id }));
      // An edit names its document.
      await api.fails(400, "common.validation", "POST", "document/draft", A.drafter, body({ draftType: "EDIT" }));
      await api.fails(404, "approval.not_found", "POST", "document/draft", A.drafter, body({ draftType: "EDIT", docId: 999_999_999 }));
    });
    // Another company's user with their own form and department: A's document is missing for them.
    await api.fails(404, "approval.not_found", "POST", "document/draft", B.drafter, {
      draftType: "EDIT", docId: temp.id, formId: bProposal.id, formVersion: bProposal.version, title: "침입", draftOrganId: B.organs.plan,
      content, lines: [userLine("APPROVAL", 1, B.planLead.id)],
    });
    expect((await view(temp.id)).title).toBe("남의 임시 문서");

    // Retrieved: editable again and resubmitted under the same id.
    const back = await api.ok<DraftResult>(200, "PUT", `document/${running.id}/retrieve`, A.drafter, { version: runningDoc.version });
    const resent = await api.ok<DraftResult>(201, "POST", "document/draft", A.drafter, body({ draftType: "EDIT", docId: running.id, version: back.version, lines: [userLine("APPROVAL", 1, A.director.id)] }));
    expect(resent).toMatchObject({ id: running.id, status: "IN_PROGRESS" });
    expect((await view(running.id)).lines.map((l) => [l.approver.userId, l.status])).toEqual([[A.director.id, "PENDING_APPROVAL"]]);
  });
});

describe("REUSE", () => {
  test("a new document from a readable original: the body's content, or the original's when the body brings none", async () => {
    const origin = await completed({ content: { content: "원본 내용", effect: "원본 효과", amount: 5000 } });
    // 오동료 reads it (DEPARTMENT, same department) and reuses it with content of their own.
    const own = await api.ok<DraftResult>(201, "POST", "document/draft", A.planMember, body({
      draftType: "REUSE", originDocId: origin, title: "재사용 품의", content: { content: "새 내용", amount: 7000 },
    }));
    expect(own.id).not.toBe(origin);
    const d = await view(own.id, A.planMember);
    expect([d.draftType, d.status, d.drafter.id, d.content.content, d.content.effect, d.content.amount])
      .toEqual(["REUSE", "IN_PROGRESS", A.planMember.id, "새 내용", null, 7000]);
    expect(d.originDocPreview).toMatchObject({ id: origin, title: "완료된 품의", status: "COMPLETED" });
    expect(d.originDocPreview!.docNum).toMatch(/^기획팀-/);
    expect(d.originLineId).toBeNull();

    const copied = await api.ok<DraftResult>(201, "POST", "document/draft/temp", A.planMember, body({ draftType: "REUSE", originDocId: origin, content: {} }));
    expect((await view(copied.id, A.planMember)).content).toMatchObject({ content: "원본 내용", effect: "원본 효과", amount: 5000 });
    // The original is untouched.
    expect((await view(origin)).status).toBe("COMPLETED");
  });

  test("an original the caller may not read, another's not yet completed, a missing one or another company's: 404 approval.origin_not_found", async () => {
    const origin = await completed();
    const inProgress = ((await submit(A.drafter)).body as DraftResult).id;
    const bDoc = await api.ok<DraftResult>(201, "POST", "document/draft", B.drafter, {
      formId: bProposal.id, formVersion: bProposal.version, title: "B 문서", draftOrganId: B.organs.plan, content, lines: [userLine("APPROVAL", 1, B.planLead.id)],
    });
    const finance = (extra: Record<string, unknown>) =>
      body({ draftOrganId: A.organs.finance, lines: [userLine("APPROVAL", 1, A.financeLead.id)], draftType: "REUSE", ...extra });
    await nothingWritten(A.co.companyId, async () => {
      await api.fails(403, "approval.not_allowed", "GET", `document/${origin}`, A.financeMember);
      await api.fails(404, "approval.origin_not_found", "POST", "document/draft", A.financeMember, finance({ originDocId: origin }));
      await api.fails(404, "approval.origin_not_found", "POST", "document/draft", A.planMember, body({ draftType: "REUSE", originDocId: inProgress }));
      // 이팀장 reads the document in progress (his turn) but may reuse it only once it is completed.
      expect((await view(inProgress, A.planLead)).status).toBe("IN_PROGRESS");
      await api.fails(404, "approval.origin_not_found", "POST", "document/draft", A.planLead, body({ draftType: "REUSE", originDocId: inProgress }));
      await api.fails(404, "approval.origin_not_found", "POST", "document/draft", A.drafter, body({ draftType: "REUSE", originDocId: 999_999_999 }));
      await api.fails(404, "approval.origin_not_found", "POST", "document/draft", A.drafter, body({ draftType: "REUSE", originDocId: bDoc.id }));
      await api.fails(400, "common.validation", "POST", "document/draft", A.drafter, body({ draftType: "REUSE" }));
    });
  });
});

describe("INNER_DRAFT", () => {
  test("the receiving department drafts its own document from the received line; other lines and departments 404", async () => {
    const r = await submit(A.drafter, { title: "협조 요청", lines: [userLine("APPROVAL", 1, A.planLead.id), organLine("RECEIVE_ORGAN", 1, A.organs.general)] });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    const origin = (r.body as DraftResult).id;
    await act("approve", A.planLead, origin);
    let d = await view(origin, A.generalLead);
    const approvalLine = d.lines.find((l) => l.type === "APPROVAL")!;
    const receiveLine = d.lines.find((l) => l.type === "RECEIVE_ORGAN")!;
    expect(receiveLine.status).toBe("PENDING_APPROVAL");
    const inner = (organ: number, approver: number, extra: Record<string, unknown>) =>
      body({ draftType: "INNER_DRAFT", originDocId: origin, draftOrganId: organ, lines: [userLine("APPROVAL", 1, approver)], title: "내부 결재", ...extra });

    await nothingWritten(A.co.companyId, async () => {
      // Not yet received.
      await api.fails(404, "approval.receive_line_not_found", "POST", "document/draft", A.generalMember, inner(A.organs.general, A.generalLead.id, { originLineId: receiveLine.id }));
    });
    await act("receive", A.generalLead, origin, receiveLine.id);
    d = await view(origin, A.generalLead);
    expect(d.lines.find((l) => l.id === receiveLine.id)!.status).toBe("RECEIVED");

    await nothingWritten(A.co.companyId, async () => {
      // The approval line is no receive line; a department that did not receive it; a missing or foreign original.
      await api.fails(404, "approval.receive_line_not_found", "POST", "document/draft", A.generalMember, inner(A.organs.general, A.generalLead.id, { originLineId: approvalLine.id }));
      await api.fails(404, "approval.receive_line_not_found", "POST", "document/draft", A.generalMember, inner(A.organs.general, A.generalLead.id, { originLineId: 999_999_999 }));
      await api.fails(404, "approval.receive_line_not_found", "POST", "document/draft", A.financeMember, inner(A.organs.finance, A.financeLead.id, { originLineId: receiveLine.id }));
      await api.fails(404, "approval.origin_not_found", "POST", "document/draft", A.generalMember, inner(A.organs.general, A.generalLead.id, { originDocId: 999_999_999, originLineId: receiveLine.id }));
      await api.fails(400, "common.validation", "POST", "document/draft", A.generalMember, inner(A.organs.general, A.generalLead.id, {}));
    });
    await api.fails(404, "approval.origin_not_found", "POST", "document/draft", B.generalMember, {
      draftType: "INNER_DRAFT", originDocId: origin, originLineId: receiveLine.id, formId: bProposal.id, formVersion: bProposal.version,
      title: "침입", draftOrganId: B.organs.general, content, lines: [userLine("APPROVAL", 1, B.generalLead.id)],
    });

    // A member of the receiving department drafts it.
    const ok = await api.ok<DraftResult>(201, "POST", "document/draft", A.generalMember, inner(A.organs.general, A.generalLead.id, { originLineId: receiveLine.id }));
    expect(ok).toMatchObject({ status: "IN_PROGRESS", next: "dd" });
    const own = await view(ok.id, A.generalMember);
    expect([own.draftType, own.drafter.id, own.draftOrgan.id, own.originLineId, own.originDocPreview?.id])
      .toEqual(["INNER_DRAFT", A.generalMember.id, A.organs.general, receiveLine.id, origin]);
    expect(own.lines.map((l) => [l.approver.userId, l.status])).toEqual([[A.generalLead.id, "PENDING_APPROVAL"]]);
  });
});

describe("refusals leave nothing behind", () => {
  test("content: 400 approval.draft_failed with params.fields (required, a number given text, a table row's bad date, too many rows)", async () => {
    await nothingWritten(A.co.companyId, async () => {
      const missing = await api.fails(400, "approval.draft_failed", "POST", "document/draft", A.drafter, body({ content: { amount: 10 } }));
      expect(missing.params.fields).toEqual([{ key: "content", label: "품의 내용", code: "approval.field_required" }]);
      expect(missing.errors).toEqual([expect.objectContaining({ field: "content", code: "approval.field_required" })]);
      // An empty (or blank) title: 400 common.validation (the catalogue's message) naming the field and its code.
      for (const [path, title] of [["document/draft", ""], ["document/draft/temp", "   "]]) {
        const untitled = await api.fails(400, "common.validation", "POST", path, A.drafter, body({ title }));
        expect(untitled.message).toBe(messageOf("common.validation"));
        expect(untitled.errors.map((x: { field: string; code: string }) => [x.field, x.code])).toEqual([["title", "common.validation"]]);
      }

      const leaveBody = { formId: leave.id, formVersion: leave.version, title: "휴가 신청", draftOrganId: A.organs.plan, lines: [userLine("APPROVAL", 1, A.planLead.id)] };
      const number = await api.fails(400, "approval.draft_failed", "POST", "document/draft", A.drafter, {
        ...leaveBody, content: { leave_type: "연차", start_date: "2026-03-02", end_date: "2026-03-03", days: "이틀" },
      });
      expect(number.params.fields).toEqual([{ key: "days", label: "일수", code: "approval.field_invalid" }]);

      const expenseBody = { formId: expense.id, formVersion: expense.version, title: "출장 경비", draftOrganId: A.organs.plan, lines: [userLine("APPROVAL", 1, A.planLead.id)] };
      const row = (date: string) => ({ date, detail: "택시", vendor: "카카오T", amount: 32_000 });
      const table = await api.fails(400, "approval.draft_failed", "POST", "document/draft", A.drafter, {
        ...expenseBody, content: { spent_on: "2026-03-10", items: [row("2026-03-09"), row("2026-02-30")], total: 64_000, payment: "법인카드" },
      });
      expect(table.params.fields).toEqual([{ key: "items", label: "지출 내역", code: "approval.field_invalid" }]);
      // Too many rows says the limit (TABLE_ROWS_MAX), on submit and on a temporary save.
      const rows = Array.from({ length: 2_000 }, () => row("2026-03-09"));
      const long = await api.fails(400, "approval.draft_failed", "POST", "document/draft", A.drafter, {
        ...expenseBody, content: { spent_on: "2026-03-10", items: rows, total: 64_000_000, payment: "법인카드" },
      });
      expect(long.params.fields).toEqual([{ key: "items", label: "지출 내역", code: "approval.table_too_long", max: TABLE_ROWS_MAX }]);
      expect(long.errors).toEqual([expect.objectContaining({ field: "items", code: "approval.table_too_long" })]);
      const longTemp = await api.fails(400, "approval.temp_failed", "POST", "document/draft/temp", A.drafter, {
        ...expenseBody, content: { items: rows.slice(0, TABLE_ROWS_MAX + 1) },
      });
      expect(longTemp.params.fields).toEqual([{ key: "items", label: "지출 내역", code: "approval.table_too_long", max: TABLE_ROWS_MAX }]);
      // Several problems come in the form's order.
      const several = await api.fails(400, "approval.draft_failed", "POST", "document/draft", A.drafter, { ...expenseBody, content: { total: "x" } });
      expect((several.params.fields as { key: string; code: string }[]).map((f) => [f.key, f.code])).toEqual([
        ["spent_on", "approval.field_required"], ["items", "approval.field_required"], ["total", "approval.field_invalid"], ["payment", "approval.field_required"],
      ]);
    });
    // The same expense with good rows goes through.
    const good = await api.raw("POST", "document/draft", A.drafter, {
      formId: expense.id, formVersion: expense.version, title: "출장 경비", draftOrganId: A.organs.plan, lines: [userLine("APPROVAL", 1, A.planLead.id)],
      content: { spent_on: "2026-03-10", items: [{ date: "2026-03-09", detail: "택시", vendor: "카카오T", amount: 32_000 }], total: 32_000, payment: "법인카드" },
    });
    expect(good.status, JSON.stringify(good.body)).toBe(201);
  });

  test("lines: 400 with the first line's code and params.lines; the drafting department must be the caller's", async () => {
    await nothingWritten(A.co.companyId, async () => {
      const drafter = await api.fails(400, "approval.line_drafter", "POST", "document/draft", A.drafter, body({
        lines: [userLine("APPROVAL", 1, A.planLead.id), userLine("APPROVAL", 2, A.drafter.id)],
      }));
      expect((drafter.params.lines as LineCheck[]).map((c) => c.errors)).toEqual([[], ["approval.line_drafter"]]);

      const none = await api.fails(400, "approval.line_no_approval", "POST", "document/draft", A.drafter, body({ lines: [] }));
      expect([none.params.lines, none.params.errors]).toEqual([[], ["approval.line_no_approval"]]);
      const ccOnly = await api.fails(400, "approval.line_no_approval", "POST", "document/draft", A.drafter, body({ lines: [userLine("CC", 1, A.planMember.id)] }));
      expect((ccOnly.params.lines as LineCheck[]).map((c) => c.errors)).toEqual([[]]);

      // A person of another company on the line: the temporary save checks that too.
      await api.fails(400, "approval.line_user_invalid", "POST", "document/draft/temp", A.drafter, body({ lines: [userLine("APPROVAL", 1, B.planLead.id)] }));

      // 재무팀 is not 김기안's department; B's department neither.
      await api.fails(400, "approval.draft_organ_not_own", "POST", "document/draft", A.drafter, body({ draftOrganId: A.organs.finance }));
      await api.fails(400, "approval.draft_organ_not_own", "POST", "document/draft/temp", A.drafter, body({ draftOrganId: B.organs.plan }));
    });
  });

  test("form, references, files, another company's form and NUL: each refused with its code", async () => {
    const theirs = await upload(A.planMember, "동료 파일.txt");
    const mine = await upload(A.drafter, "내 파일.txt");
    const unreadable = ((await submit(A.financeMember, { draftOrganId: A.organs.finance, lines: [userLine("APPROVAL", 1, A.financeLead.id)] })).body as DraftResult).id;
    const readable = await completed();
    await nothingWritten(A.co.companyId, async () => {
      await api.fails(404, "approval.form_not_found", "POST", "document/draft", A.drafter, body({ formId: 999_999_999 }));
      await api.fails(404, "approval.form_not_found", "POST", "document/draft", A.drafter, body({ formVersion: proposal.version + 50 }));
      await api.fails(404, "approval.form_not_found", "POST", "document/draft/temp", A.drafter, body({ formId: bProposal.id, formVersion: bProposal.version }));
      await api.fails(400, "common.validation", "POST", "document/draft", A.drafter, body({ formId: "품의서" }));

      const ref = await api.fails(400, "common.validation", "POST", "document/draft", A.drafter, body({ refDocIds: [readable, unreadable] }));
      expect(ref.errors).toEqual([expect.objectContaining({ field: "refDocIds" })]);
      await api.fails(400, "common.validation", "POST", "document/draft", A.drafter, body({ refDocIds: [999_999_999] }));

      await api.fails(400, "approval.file_not_found", "POST", "document/draft", A.drafter, body({ fileIds: [mine, theirs] }));
      await api.fails(400, "approval.file_not_found", "POST", "document/draft/temp", A.drafter, body({ fileIds: [999_999_999] }));

      await api.fails(400, "common.validation", "POST", "document/draft", A.drafter, body({ title: "장비\u0000도입" }));
      await api.fails(400, "common.validation", "POST", "document/draft", A.drafter, body({ content: { content: "내용\u0000" } }));
      await api.fails(400, "common.validation", "POST", "document/draft", A.drafter, body({ title: "가".repeat(5000) }));
    });
    // The upload refused above is still the drafter's to claim; a readable reference is kept.
    const ok = await api.ok<DraftResult>(201, "POST", "document/draft", A.drafter, body({ fileIds: [mine], refDocIds: [readable] }));
    const d = await view(ok.id);
    expect([d.files.map((f) => f.id), d.refDocs.map((r) => r.id)]).toEqual([[mine], [readable]]);
    const [row] = await t.db.sql<{ document_id: string | null }[]>`select document_id from approval_files where id = ${theirs}`;
    expect(row.document_id).toBeNull();
  });
});
