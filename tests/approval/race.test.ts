// Racing actors on one document leave one consistent state (lines/lock.ts: the row lock and the version):
// the drafter's retrieve, approver 1's approve and approver 1's reject fired at once, 20 times on fresh
// documents — exactly one wins each time, the others answer 409, and the lines match the winner; a double
// approve of one line; two keepers of a cooperating department approving its line at the same moment.
import { beforeAll, expect, test } from "vitest";
import type { Document, DraftResult } from "../../shared/approval/documents.ts";
import type { FormSummary } from "../../shared/approval/forms.ts";
import { createTestApp } from "../support/test-app.ts";
import { approvalApi, type ApprovalCompany, approvalCompany, organLine, proposalFixture, userLine } from "./support.ts";
import type { LineInput } from "../../shared/approval/lines.ts";

const t = await createTestApp();
const api = approvalApi(t);
let A: ApprovalCompany;
let form: FormSummary;
let content: Record<string, unknown>;

beforeAll(async () => {
  A = await approvalCompany(t, "appr-race.test");
  ({ form, content } = await proposalFixture(api, A.drafter));
});

async function submit(lines: LineInput[]): Promise<number> {
  const r = await api.ok<DraftResult>(201, "POST", "document/draft", A.drafter, {
    formId: form.id, formVersion: form.version, title: "경합 문서", draftOrganId: A.organs.plan, content, lines,
  });
  return r.id;
}
const view = (id: number, who = A.drafter) => api.ok<Document>(200, "GET", `document/${id}`, who);

test("retrieve, approve and reject at once: exactly one wins, 20 times, each state consistent", async () => {
  const wins: Record<string, number> = { retrieve: 0, approve: 0, reject: 0 };
  for (let i = 0; i < 20; i++) {
    const id = await submit([userLine("APPROVAL", 1, A.planLead.id), userLine("APPROVAL", 2, A.director.id)]);
    const d = await view(id, A.planLead);
    const body = { lineId: d.myLineId, version: d.version };
    const [retrieve, approve, reject] = await Promise.all([
      api.raw("PUT", `document/${id}/retrieve`, A.drafter, { version: d.version }),
      api.raw("PUT", "appr-line/approve", A.planLead, body),
      api.raw("PUT", "appr-line/reject", A.planLead, body),
    ]);
    const answers = { retrieve, approve, reject };
    const winners = Object.entries(answers).filter(([, r]) => r.status === 200).map(([k]) => k);
    expect(winners, JSON.stringify(Object.values(answers).map((r) => r.body))).toHaveLength(1);
    for (const [k, r] of Object.entries(answers)) {
      if (k !== winners[0]) {
        expect(r.status).toBe(409);
        expect(["approval.version_conflict", "approval.line_not_pending", "approval.not_retrievable"]).toContain(r.body.code);
      }
    }
    wins[winners[0]]++;
    const after = await view(id);
    expect(after.version).toBe(d.version + 1);
    const states = after.lines.map((l) => l.status);
    if (winners[0] === "retrieve") expect([after.status, states]).toEqual(["RETRIEVED", ["WAITING", "WAITING"]]);
    if (winners[0] === "approve") expect([after.status, states]).toEqual(["IN_PROGRESS", ["APPROVED", "PENDING_APPROVAL"]]);
    if (winners[0] === "reject") expect([after.status, states]).toEqual(["REJECTED", ["REJECTED", "WAITING"]]);
  }
  console.log("race winners", wins);
});

test("a double approve of one line: one 200, one 409", async () => {
  const id = await submit([userLine("APPROVAL", 1, A.planLead.id), userLine("APPROVAL", 2, A.director.id)]);
  const d = await view(id, A.planLead);
  const body = { lineId: d.myLineId, version: d.version };
  const rs = await Promise.all([api.raw("PUT", "appr-line/approve", A.planLead, body), api.raw("PUT", "appr-line/approve", A.planLead, body)]);
  expect(rs.map((r) => r.status).sort()).toEqual([200, 409]);
  expect((await view(id)).lines.map((l) => l.status)).toEqual(["APPROVED", "PENDING_APPROVAL"]);
});

test("two keepers of a cooperating department approve its line at the same moment: one wins", async () => {
  for (const who of [A.financeLead, A.financeMember]) {
    await api.ok(200, "PUT", `admin/managers/${who.id}`, A.admin, { organIds: [A.organs.finance] });
  }
  const id = await submit([organLine("HELP_ORGAN", 1, A.organs.finance), userLine("APPROVAL", 2, A.director.id)]);
  const d = await view(id, A.financeMember);
  expect(d.myLineId).toBe(d.lines[0].id);
  const body = { lineId: d.myLineId, version: d.version };
  const rs = await Promise.all([api.raw("PUT", "appr-line/approve", A.financeLead, body), api.raw("PUT", "appr-line/approve", A.financeMember, body)]);
  expect(rs.map((r) => r.status).sort()).toEqual([200, 409]);
  const after = await view(id);
  expect(after.lines.map((l) => l.status)).toEqual(["APPROVED", "PENDING_APPROVAL"]);
  expect(after.version).toBe(d.version + 1);
});
