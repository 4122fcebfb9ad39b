// The "done when" through the API: a drafter of 기획팀 submits a 지출결의서 (starter set) through a
// three-step line with a cooperating department and a receiving department (APPROVAL 이팀장, HELP_ORGAN 재무팀,
// APPROVAL 윤본부, APPROVAL 한대표, RECEIVE_ORGAN 총무팀); the second approver does 전결 (한대표's line SKIPPED,
// the document completes and gets its number); 총무팀's keeper receives it. Each turn reaches the right person
// by mail over real SMTP on loopback (with a link to the document in their box) and by realtime.
import { beforeAll, expect, test } from "vitest";
import { APPROVAL_CHANGED, APPROVAL_NOTICE, approvalTopic } from "../../shared/approval/constants.ts";
import type { Document, DraftResult } from "../../shared/approval/documents.ts";
import type { FormSummary } from "../../shared/approval/forms.ts";
import type { ActionResult } from "../../shared/approval/lines.ts";
import type { Conn } from "../../server/realtime/hub.ts";
import { yearOf } from "../../server/modules/approval/documents/numbering.ts";
import { createTestApp } from "../support/test-app.ts";
import { approvalCompany, approvalApi, type ApprovalCompany, organLine, userLine } from "./support.ts";

const t = await createTestApp();
const api = approvalApi(t);
let A: ApprovalCompany;
const events: { user: string; event: string; data: Record<string, unknown> }[] = [];

function listen(usernames: string[]) {
  for (const username of usernames) {
    const conn: Conn = {
      username,
      send: (text) => {
        const f = JSON.parse(text);
        if (f.type === "MESSAGE") events.push({ user: username, event: f.event, data: f.data });
      },
      close: () => {},
      stillValid: () => Promise.resolve(true),
    };
    t.deps.realtime.hub.add(conn);
    t.deps.realtime.hub.subscribe(conn, approvalTopic(username));
  }
}

beforeAll(async () => {
  A = await approvalCompany(t, "appr-done.test");
  listen([A.drafter, A.planLead, A.financeLead, A.director, A.ceo, A.generalLead].map((p) => p.username));
});

const expenseContent = {
  spent_on: "2026-03-09",
  items: [{ date: "2026-03-09", detail: "거래처 미팅 식대", vendor: "한식당", amount: 84000 }],
  total: 84000,
  payment: "법인카드",
};

test("지출결의서: submit, approve, cooperate, 전결, number, receive — with mails and realtime", async () => {
  const forms = await api.ok<FormSummary[]>(200, "GET", "form/list/all", A.drafter);
  const expense = forms.find((f) => f.starterKey === "expense")!;
  expect(expense.name).toBe("지출결의서");

  const submitted = await api.ok<DraftResult>(201, "POST", "document/draft", A.drafter, {
    draftType: "DRAFT",
    formId: expense.id,
    formVersion: expense.version,
    title: "3월 거래처 미팅 식대",
    draftOrganId: A.organs.plan,
    content: expenseContent,
    lines: [
      userLine("APPROVAL", 1, A.planLead.id),
      organLine("HELP_ORGAN", 2, A.organs.finance),
      userLine("APPROVAL", 3, A.director.id),
      userLine("APPROVAL", 4, A.ceo.id),
      organLine("RECEIVE_ORGAN", 1, A.organs.general),
    ],
  });
  expect(submitted).toMatchObject({ status: "IN_PROGRESS", next: "dd" });
  const id = submitted.id;

  // 1. 이팀장's turn: a mail that opens the document in "before approve".
  const m1 = await t.smtp.next(A.planLead.username);
  expect(m1.subject).toContain("결재할 문서가 도착했습니다");
  expect(m1.subject).toContain("3월 거래처 미팅 식대");
  expect(m1.text).toContain(`/#/approval/doc/list/ab/${id}`);
  let doc = await api.ok<Document>(200, "GET", `document/${id}`, A.planLead);
  expect(doc.actions).toEqual(expect.arrayContaining(["approve", "reject", "preApprove"]));
  const r1 = await api.ok<ActionResult>(200, "PUT", "appr-line/approve", A.planLead, { lineId: doc.myLineId, version: doc.version, comment: "확인했습니다" });
  expect(r1.next).toBe("ap");

  // 2. 재무팀 (cooperation): its team lead keeps its documents and approves the HELP_ORGAN line → box oh.
  const m2 = await t.smtp.next(A.financeLead.username);
  expect(m2.text).toContain(`/#/approval/doc/list/oh/${id}`);
  doc = await api.ok<Document>(200, "GET", `document/${id}`, A.financeLead);
  const r2 = await api.ok<ActionResult>(200, "PUT", "appr-line/approve", A.financeLead, { lineId: doc.myLineId, version: doc.version });
  expect(r2.next).toBe("oh");

  // 3. 윤본부 does 전결: 한대표 is passed over, the document completes with its number.
  await t.smtp.next(A.director.username);
  doc = await api.ok<Document>(200, "GET", `document/${id}`, A.director);
  const r3 = await api.ok<ActionResult>(200, "PUT", "appr-line/approve", A.director, { lineId: doc.myLineId, version: doc.version, preApproval: true });
  expect(r3.next).toBe("ac");
  doc = await api.ok<Document>(200, "GET", `document/${id}`, A.drafter);
  expect(doc.status).toBe("COMPLETED");
  expect(doc.docNum).toBe(`기획팀-${yearOf(t.clock.now())}-0001`);
  expect(doc.completedAt).not.toBeNull();
  expect(doc.lines.map((l) => [l.type, l.status])).toEqual([
    ["APPROVAL", "APPROVED"],
    ["HELP_ORGAN", "APPROVED"],
    ["APPROVAL", "PRE_APPROVED"],
    ["APPROVAL", "SKIPPED"],
    ["RECEIVE_ORGAN", "PENDING_APPROVAL"],
  ]);
  expect(doc.lines[1].actedBy?.userId).toBe(A.financeLead.id);
  const done = await t.smtp.next(A.drafter.username);
  expect(done.subject).toContain("결재가 완료되었습니다");
  expect(done.text).toContain(`/#/approval/doc/list/dc/${id}`);
  expect(done.text).toContain(doc.docNum!);

  // 4. 총무팀's keeper receives it.
  const m4 = await t.smtp.next(A.generalLead.username);
  expect(m4.subject).toContain("수신 문서가 도착했습니다");
  expect(m4.text).toContain(`/#/approval/doc/list/or/${id}`);
  doc = await api.ok<Document>(200, "GET", `document/${id}`, A.generalLead);
  expect(doc.actions).toEqual(expect.arrayContaining(["receive", "return"]));
  const r4 = await api.ok<ActionResult>(200, "PUT", "appr-line/receive", A.generalLead, { lineId: doc.myLineId, version: doc.version });
  expect(r4.next).toBe("or"); // back to 총무팀's 부서 수신, where its other receipts wait
  doc = await api.ok<Document>(200, "GET", `document/${id}`, A.drafter);
  expect(doc.lines.at(-1)).toMatchObject({ type: "RECEIVE_ORGAN", status: "RECEIVED", actedBy: { userId: A.generalLead.id } });

  // Nobody on the skipped line was asked to approve; the comment is an opinion.
  expect(t.smtp.messages.filter((m) => m.to.includes(A.ceo.username))).toEqual([]);
  const opinions = await api.ok<{ comment: string; action: string }[]>(200, "GET", `opinion/list?docId=${id}`, A.drafter);
  expect(opinions).toEqual([expect.objectContaining({ comment: "확인했습니다", action: "approve" })]);

  // Realtime: the drafter saw every change and the completion notice; each approver their turn.
  const mine = (user: string, event: string) => events.filter((e) => e.user === user && e.event === event && e.data.documentId === id);
  expect(mine(A.drafter.username, APPROVAL_CHANGED).length).toBeGreaterThanOrEqual(5);
  expect(mine(A.drafter.username, APPROVAL_NOTICE).map((e) => e.data.kind)).toEqual(["COMPLETED"]);
  expect(mine(A.planLead.username, APPROVAL_NOTICE)[0].data).toMatchObject({ kind: "TURN", box: "ab" });
  expect(mine(A.financeLead.username, APPROVAL_NOTICE)[0].data).toMatchObject({ kind: "HELP_TURN", box: "oh" });
  expect(mine(A.generalLead.username, APPROVAL_NOTICE)[0].data).toMatchObject({ kind: "RECEIVE", box: "or" });
  expect(mine(A.ceo.username, APPROVAL_NOTICE)).toEqual([]);
});
