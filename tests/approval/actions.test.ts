// The line actions' rules (shared/approval/lines.ts, documents.ts): wrong actors (403), stale versions and
// lines out of turn (409), 전단계 반려 on the first line, 결재 취소 while the next line has not acted, retrieve
// after an approval, delete rules, open type, opinions (only one's own), the read rule (403 vs 404, another
// company), 대결 by a deputy with 후열, bad input (400).
import { beforeAll, describe, expect, test } from "vitest";
import type { Document, DraftResult, Opinion } from "../../shared/approval/documents.ts";
import type { FormSummary } from "../../shared/approval/forms.ts";
import type { ActionResult, LineInput } from "../../shared/approval/lines.ts";
import { createTestApp } from "../support/test-app.ts";
import { approvalApi, type ApprovalCompany, approvalCompany, organLine, proposalFixture, userLine } from "./support.ts";

const t = await createTestApp();
const api = approvalApi(t);
let A: ApprovalCompany, B: ApprovalCompany;
let form: FormSummary;
let content: Record<string, unknown>;

beforeAll(async () => {
  A = await approvalCompany(t, "appr-actions-a.test");
  B = await approvalCompany(t, "appr-actions-b.test");
  ({ form, content } = await proposalFixture(api, A.drafter));
});

const twoSteps = () => [userLine("APPROVAL", 1, A.planLead.id), userLine("APPROVAL", 2, A.director.id)];
async function submit(lines: LineInput[] = twoSteps(), extra: Record<string, unknown> = {}): Promise<number> {
  const r = await api.ok<DraftResult>(201, "POST", "document/draft", A.drafter, {
    formId: form.id, formVersion: form.version, title: "규칙 확인 문서", draftOrganId: A.organs.plan, content, lines, ...extra,
  });
  return r.id;
}
const view = (id: number, who: { token: string } = A.drafter) => api.ok<Document>(200, "GET", `document/${id}`, who);
const act = (path: string, who: { token: string }, d: Document, extra: Record<string, unknown> = {}) =>
  api.raw("PUT", `appr-line/${path}`, who, { lineId: d.myLineId ?? d.lines[0].id, version: d.version, ...extra });

describe("approve and reject", () => {
  test("only the approver whose turn it is; stale versions and later lines answer 409", async () => {
    const id = await submit();
    const d = await view(id, A.planLead);
    await api.fails(403, "approval.not_allowed", "PUT", "appr-line/approve", A.planMember, { lineId: d.myLineId, version: d.version });
    await api.fails(409, "approval.version_conflict", "PUT", "appr-line/approve", A.planLead, { lineId: d.myLineId, version: d.version + 5 });
    await api.fails(409, "approval.line_not_pending", "PUT", "appr-line/approve", A.director, { lineId: d.lines[1].id, version: d.version });
    await api.fails(404, "approval.not_found", "PUT", "appr-line/approve", A.planLead, { lineId: 999999999, version: 0 });
    await api.fails(400, "common.validation", "PUT", "appr-line/approve", A.planLead, { lineId: "x", version: 0 });
    const bLine = await view(id, A.planLead);
    await api.fails(404, "approval.not_found", "PUT", "appr-line/approve", B.planLead, { lineId: bLine.myLineId, version: bLine.version });
    expect((await act("approve", A.planLead, d)).body.next).toBe("ap");
    const last = await view(id, A.director);
    const r = await act("approve", A.director, last);
    expect(r.body).toMatchObject({ next: "ac" } satisfies Partial<ActionResult>);
    expect((await view(id)).status).toBe("COMPLETED");
  });

  test("reject: the document REJECTED (box ar); 전단계 반려 sends it back one step (box ab), refused on the first line", async () => {
    const id = await submit();
    let d = await view(id, A.planLead);
    await api.fails(409, "approval.no_previous_line", "PUT", "appr-line/reject", A.planLead, { lineId: d.myLineId, version: d.version, preReject: true });
    await act("approve", A.planLead, d);
    d = await view(id, A.director);
    const back = await act("reject", A.director, d, { preReject: true, comment: "금액 확인 바랍니다" });
    expect(back.body.next).toBe("ab");
    d = await view(id, A.planLead);
    expect(d.lines.map((l) => l.status)).toEqual(["PENDING_APPROVAL", "WAITING"]);
    expect(d.actions).toContain("approve");
    const rejected = await act("reject", A.planLead, d);
    expect(rejected.body.next).toBe("ar");
    d = await view(id);
    expect(d.status).toBe("REJECTED");
    expect(d.actions).toEqual(expect.arrayContaining(["edit", "delete"]));
    const opinions = await api.ok<Opinion[]>(200, "GET", `opinion/list?docId=${id}`, A.drafter);
    expect(opinions.map((o) => [o.comment, o.action])).toEqual([["금액 확인 바랍니다", "preReject"]]);
  });

  test("전결 is for APPROVAL lines; the rest of the group is SKIPPED", async () => {
    const id = await submit([userLine("HELP", 1, A.financeMember.id), userLine("APPROVAL", 2, A.planLead.id), userLine("APPROVAL", 3, A.director.id)]);
    const d = await view(id, A.financeMember);
    await api.fails(400, "approval.line_type_not_allowed", "PUT", "appr-line/approve", A.financeMember, { lineId: d.myLineId, version: d.version, preApproval: true });
    await act("approve", A.financeMember, d);
    const r = await act("approve", A.planLead, await view(id, A.planLead), { preApproval: true });
    expect(r.body.next).toBe("ac");
    const done = await view(id);
    expect([done.status, done.lines.map((l) => l.status)]).toEqual(["COMPLETED", ["APPROVED", "PRE_APPROVED", "SKIPPED"]]);
    expect(done.docNum).toMatch(/^기획팀-\d{4}-\d{4}$/);
  });
});

describe("재기안 (reuse) in Document.actions", () => {
  test("the drafter's saved documents in any state; other readers' only once completed", async () => {
    const has = async (id: number, who: { token: string }) => (await view(id, who)).actions.includes("reuse");
    const temp = await api.ok<DraftResult>(201, "POST", "document/draft/temp", A.drafter, {
      formId: form.id, formVersion: form.version, title: "임시 문서", draftOrganId: A.organs.plan, content, lines: twoSteps(),
    });
    expect(await has(temp.id, A.drafter)).toBe(false);
    const id = await submit();
    expect([await has(id, A.drafter), await has(id, A.planLead)]).toEqual([true, false]); // in progress: 이팀장's turn
    await act("approve", A.planLead, await view(id, A.planLead));
    expect([await has(id, A.planLead), await has(id, A.director)]).toEqual([false, false]);
    await act("approve", A.director, await view(id, A.director));
    // Completed: the approvers and the drafting department's colleague (DEPARTMENT) may reuse it.
    expect([await has(id, A.drafter), await has(id, A.planLead), await has(id, A.director), await has(id, A.planMember)])
      .toEqual([true, true, true, true]);
    const rejected = await submit();
    await act("reject", A.planLead, await view(rejected, A.planLead));
    expect([await has(rejected, A.drafter), await has(rejected, A.planLead)]).toEqual([true, false]);
  });
});

describe("cancel, retrieve, delete", () => {
  test("결재 취소 by the one who approved while the next line has not acted", async () => {
    const id = await submit([userLine("APPROVAL", 1, A.planLead.id), userLine("APPROVAL", 2, A.director.id), userLine("APPROVAL", 3, A.ceo.id)]);
    let d = await view(id, A.planLead);
    await act("approve", A.planLead, d);
    d = await view(id, A.planLead);
    expect(d.actions).toContain("cancel");
    await api.fails(409, "approval.not_cancellable", "PUT", "appr-line/cancel", A.director, { lineId: d.lines[1].id, version: d.version });
    await api.fails(403, "approval.not_allowed", "PUT", "appr-line/cancel", A.planMember, { lineId: d.lines[0].id, version: d.version });
    expect((await api.raw("PUT", "appr-line/cancel", A.planLead, { lineId: d.lines[0].id, version: d.version })).status).toBe(200);
    d = await view(id, A.planLead);
    expect(d.lines.map((l) => l.status)).toEqual(["PENDING_APPROVAL", "WAITING", "WAITING"]);
    await act("approve", A.planLead, d);
    await act("approve", A.director, await view(id, A.director));
    d = await view(id, A.planLead);
    await api.fails(409, "approval.not_cancellable", "PUT", "appr-line/cancel", A.planLead, { lineId: d.lines[0].id, version: d.version });
  });

  test("retrieve before anyone acted (box de), not after an approval; delete only the drafter's unfinished documents", async () => {
    const id = await submit();
    let d = await view(id);
    await api.fails(403, "approval.not_allowed", "PUT", `document/${id}/retrieve`, A.planLead, { version: d.version });
    await api.fails(409, "approval.not_deletable", "DELETE", `document/${id}`, A.drafter);
    const r = await api.ok<DraftResult>(200, "PUT", `document/${id}/retrieve`, A.drafter, { version: d.version });
    expect(r).toMatchObject({ status: "RETRIEVED", next: "de" });
    await api.fails(403, "approval.not_allowed", "DELETE", `document/${id}`, A.planLead);
    await api.ok(200, "DELETE", `document/${id}`, A.drafter);
    await api.fails(404, "approval.not_found", "GET", `document/${id}`, A.drafter);

    const id2 = await submit();
    d = await view(id2, A.planLead);
    await act("approve", A.planLead, d);
    d = await view(id2);
    await api.fails(409, "approval.not_retrievable", "PUT", `document/${id2}/retrieve`, A.drafter, { version: d.version });
  });
});

describe("reading, open type, opinions, 대결", () => {
  test("403 for a colleague who is on no line, 404 for another company; the open type widens a completed document", async () => {
    const id = await submit([userLine("APPROVAL", 1, A.planLead.id)]);
    await api.fails(403, "approval.not_allowed", "GET", `document/${id}`, A.planMember);
    await api.fails(403, "approval.not_allowed", "GET", `document/${id}`, A.financeMember);
    await api.fails(404, "approval.not_found", "GET", `document/${id}`, B.drafter);
    await api.fails(404, "approval.not_found", "GET", "document/abc", A.drafter);
    await act("approve", A.planLead, await view(id, A.planLead));
    expect((await view(id, A.planMember)).status).toBe("COMPLETED"); // DEPARTMENT: the drafting department reads it
    await api.fails(403, "approval.not_allowed", "GET", `document/${id}`, A.financeMember);
    let d = await view(id);
    await api.fails(403, "approval.not_allowed", "PUT", `document/${id}/openType`, A.planMember, { openType: "PUBLIC", version: d.version });
    await api.fails(400, "common.validation", "PUT", `document/${id}/openType`, A.drafter, { openType: "EVERYONE", version: d.version });
    await api.ok(200, "PUT", `document/${id}/openType`, A.drafter, { openType: "PUBLIC", version: d.version });
    expect((await view(id, A.financeMember)).openType).toBe("PUBLIC");
    d = await view(id);
    await api.ok(200, "PUT", `document/${id}/openType`, A.drafter, { openType: "PRIVATE", version: d.version });
    await api.fails(403, "approval.not_allowed", "GET", `document/${id}`, A.planMember);
    await api.fails(404, "approval.not_found", "GET", `document/${id}/simple`, B.admin);
  });

  test("opinions: readers add them, each edits and deletes only their own", async () => {
    const id = await submit();
    const mine = await api.ok<Opinion>(200, "PUT", "opinion", A.drafter, { docId: id, comment: "첨부 참고 바랍니다" });
    const theirs = await api.ok<Opinion>(200, "PUT", "opinion", A.planLead, { docId: id, comment: "검토 중" });
    await api.fails(403, "approval.not_allowed", "PUT", "opinion", A.planMember, { docId: id, comment: "몰래" });
    await api.fails(403, "approval.not_allowed", "PUT", "opinion", A.planLead, { docId: id, opinionId: mine.id, comment: "바꿈" });
    await api.fails(403, "approval.not_allowed", "DELETE", `opinion/${mine.id}`, A.planLead);
    await api.fails(404, "approval.not_found", "DELETE", `opinion/${mine.id}`, B.drafter);
    await api.fails(400, "common.validation", "PUT", "opinion", A.drafter, { docId: id, comment: "  " });
    const edited = await api.ok<Opinion>(200, "PUT", "opinion", A.drafter, { docId: id, opinionId: mine.id, comment: "첨부 2 참고" });
    expect([edited.comment, edited.mine]).toEqual(["첨부 2 참고", true]);
    await api.ok(200, "DELETE", `opinion/${theirs.id}`, A.planLead);
    expect((await api.ok<Opinion[]>(200, "GET", `opinion/list?docId=${id}`, A.drafter)).map((o) => o.comment)).toEqual(["첨부 2 참고"]);
  });

  test("대결: the deputy approves for the absent approver (PROXY_APPROVED); the approver sees it afterwards (후열)", async () => {
    const now = t.clock.now().getTime();
    await api.ok(200, "PUT", "config/deputy", A.planLead, { deputyId: A.planMember.id, fromMillis: now - 60_000, toMillis: now + 86_400_000, reason: "출장" });
    const id = await submit();
    const d = await view(id, A.planMember);
    expect(d.actions).toContain("approve");
    expect(d.myLineId).toBe(d.lines[0].id);
    expect((await act("approve", A.planMember, d)).body.next).toBe("ap");
    let seen = await view(id);
    expect(seen.lines[0]).toMatchObject({ status: "PROXY_APPROVED", actedBy: { userId: A.planMember.id }, postViewedAt: null });
    seen = await view(id, A.planLead); // the approver opens it: 후열
    expect(seen.lines[0].postViewedAt).toBe(t.clock.now().getTime());
    expect((await view(id)).lines[0].postViewedAt).toBe(seen.lines[0].postViewedAt);
    await api.ok(200, "DELETE", "config/deputy", A.planLead);
    const id2 = await submit();
    await api.fails(403, "approval.not_allowed", "GET", `document/${id2}`, A.planMember);
  });
});

describe("receiving and lines", () => {
  test("return (반송) by the receiver: the document RETURNED, the drafter may edit and resubmit it", async () => {
    const id = await submit([userLine("APPROVAL", 1, A.planLead.id), userLine("RECEIVE", 1, A.generalMember.id)]);
    await api.fails(403, "approval.not_allowed", "GET", `document/${id}`, A.generalMember); // not yet its turn
    await act("approve", A.planLead, await view(id, A.planLead));
    const d = await view(id, A.generalMember);
    await api.fails(403, "approval.not_allowed", "PUT", "appr-line/receive", A.generalLead, { lineId: d.myLineId, version: d.version });
    expect((await act("return", A.generalMember, d)).body.next).toBe("home");
    const back = await view(id);
    expect(back.status).toBe("RETURNED");
    const again = await api.ok<DraftResult>(201, "POST", "document/draft", A.drafter, {
      draftType: "EDIT", docId: id, version: back.version, formId: form.id, formVersion: form.version, title: "다시 올림",
      draftOrganId: A.organs.plan, content, lines: twoSteps(),
    });
    expect(again).toMatchObject({ id, status: "IN_PROGRESS", next: "dd" });
    const fresh = await view(id);
    expect([fresh.title, fresh.docNum, fresh.lines.map((l) => l.status)]).toEqual(["다시 올림", null, ["PENDING_APPROVAL", "WAITING"]]);
  });

  test("where receiving leads: a personal 접수 to 접수 완료 (rc); 접수 and 반송 of a department's line back to its box (or)", async () => {
    const own = await submit([userLine("APPROVAL", 1, A.planLead.id), userLine("RECEIVE", 1, A.generalMember.id)]);
    await act("approve", A.planLead, await view(own, A.planLead));
    expect((await act("receive", A.generalMember, await view(own, A.generalMember))).body).toMatchObject({ next: "rc" });
    const toOrgan = () => [userLine("APPROVAL", 1, A.planLead.id), organLine("RECEIVE_ORGAN", 1, A.organs.general)];
    const received = await submit(toOrgan());
    const returned = await submit(toOrgan());
    for (const id of [received, returned]) await act("approve", A.planLead, await view(id, A.planLead));
    const r = await act("receive", A.generalLead, await view(received, A.generalLead));
    expect([r.status, r.body.next]).toEqual([200, "or"]);
    const b = await act("return", A.generalLead, await view(returned, A.generalLead), { comment: "소관이 아닙니다" });
    expect([b.status, b.body.next]).toEqual([200, "or"]);
    expect([(await view(received)).lines.at(-1)?.status, (await view(returned)).status]).toEqual(["RECEIVED", "RETURNED"]);
  });

  test("upper lines by the current approver; share lines with the 'adding a line' checks", async () => {
    const id = await submit();
    let d = await view(id, A.planLead);
    await api.fails(403, "approval.not_allowed", "PUT", "appr-line/upper", A.director, { docId: id, version: d.version, lines: [] });
    await api.fails(400, "approval.line_last_not_approval", "PUT", "appr-line/upper", A.planLead, {
      docId: id, version: d.version, lines: [userLine("HELP", 5, A.financeMember.id)],
    });
    const lines = await api.ok<{ type: string; approver: { userId: number } }[]>(200, "PUT", "appr-line/upper", A.planLead, {
      docId: id, version: d.version, lines: [userLine("HELP", 5, A.financeMember.id), userLine("APPROVAL", 6, A.ceo.id)],
    });
    expect(lines.map((l) => [l.type, l.approver.userId])).toEqual([["APPROVAL", A.planLead.id], ["HELP", A.financeMember.id], ["APPROVAL", A.ceo.id]]);
    await api.fails(403, "approval.not_allowed", "GET", `document/${id}`, A.director);
    await api.fails(400, "approval.line_add_drafter", "POST", "appr-line/share", A.drafter, { docId: id, lines: [userLine("SHARE", 1, A.drafter.id)] });
    await api.fails(400, "approval.line_type_not_allowed", "POST", "appr-line/share", A.drafter, { docId: id, lines: [userLine("APPROVAL", 1, A.planMember.id)] });
    await api.fails(403, "approval.not_allowed", "POST", "appr-line/share", A.planMember, { docId: id, lines: [userLine("SHARE", 1, A.generalMember.id)] });
    await api.ok(201, "POST", "appr-line/share", A.drafter, { docId: id, lines: [userLine("SHARE", 1, A.planMember.id)] });
    await api.fails(400, "approval.line_add_duplicate", "POST", "appr-line/share", A.drafter, { docId: id, lines: [userLine("SHARE", 1, A.planMember.id)] });
    await api.fails(403, "approval.not_allowed", "GET", `document/${id}`, A.planMember); // shared reading from completion
    for (const who of [A.planLead, A.financeMember, A.ceo]) {
      d = await view(id, who);
      await act("approve", who, d);
    }
    d = await view(id, A.planMember);
    expect(d.lines.find((l) => l.group === "SHARE")?.status).toBe("READ");
    expect((await api.ok<unknown[]>(200, "GET", `appr-line/list?docId=${id}`, A.planMember)).length).toBe(4);
    await api.fails(404, "approval.not_found", "GET", `appr-line/list?docId=${id}`, B.drafter);
  });
});
