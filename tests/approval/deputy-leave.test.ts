// 대결 triggered by the leave module (server/modules/approval/config/deputy.ts): an approver on APPROVED leave
// now (start <= now < end, the company uses leave) counts as absent, so the deputy named in config/deputy acts
// for them even outside the deputy row's own period: box ab and dashboard/count show the turn, the deputy
// approves (PROXY_APPROVED, actedBy the deputy) and the approver post-views it later (후열). Leave still
// PENDING, leave in the future and a company that does not use leave give the deputy nothing; the row's own
// period works as before. Leave is applied for and approved through the leave API.
import { beforeAll, describe, expect, test } from "vitest";
import type { DashboardCounts } from "../../shared/approval/config.ts";
import type { Document, DocumentSummary, DraftResult } from "../../shared/approval/documents.ts";
import type { FormSummary } from "../../shared/approval/forms.ts";
import type { Usage } from "../../shared/leave/leave.ts";
import type { Page } from "../../shared/paging.ts";
import { activeDeputyOf, absentApproversFor } from "../../server/modules/approval/config/deputy.ts";
import { createTestApp } from "../support/test-app.ts";
import { leaveApi, seoul, setCompanyFlag } from "../leave/support.ts";
import { approvalApi, type ApprovalCompany, approvalCompany, type Person, proposalFixture, userLine } from "./support.ts";

const t = await createTestApp();
const api = approvalApi(t);
const leave = leaveApi(t);
const TODAY = "2026-03-04"; // a Wednesday
const DAY = 86_400_000;
let A: ApprovalCompany, B: ApprovalCompany;
const forms = new Map<ApprovalCompany, { form: FormSummary; content: Record<string, unknown> }>();

async function formOf(co: ApprovalCompany) {
  forms.set(co, await proposalFixture(api, co.drafter, TODAY));
}

beforeAll(async () => {
  t.clock.set(seoul(TODAY, "10:00"));
  A = await approvalCompany(t, "deputy-leave-a.test");
  B = await approvalCompany(t, "deputy-leave-b.test");
  for (const co of [A, B]) {
    await formOf(co);
    const annual = await leave.annualOf(co.admin);
    for (const p of [co.planMember, co.financeMember, co.generalMember]) {
      await leave.grant(co.admin, p.id, annual.id, 10, "2026-01-01", "2026-12-31");
    }
  }
});

/** A document of the company's drafter whose only line is `approver`'s APPROVAL line. */
async function submit(co: ApprovalCompany, approver: Person, title: string): Promise<number> {
  const { form, content } = forms.get(co)!;
  const r = await api.ok<DraftResult>(201, "POST", "document/draft", co.drafter, {
    formId: form.id, formVersion: form.version, title, draftOrganId: co.organs.plan, content, lines: [userLine("APPROVAL", 1, approver.id)],
  });
  return r.id;
}

/** The approver names the deputy for a period (epoch ms). */
const nameDeputy = (approver: Person, deputy: Person, fromMillis: number, toMillis: number) =>
  api.ok(200, "PUT", "config/deputy", approver, { deputyId: deputy.id, fromMillis, toMillis, reason: "부재" });

/** A FULL_DAY leave of `who` on `date` applied for through the leave API (PENDING for their team lead). */
async function applyLeave(co: ApprovalCompany, who: Person, date: string): Promise<Usage> {
  const annual = await leave.annualOf(co.admin);
  const u = await leave.ok<Usage>(201, "POST", "leaves/usages", who, { templateId: annual.id, startDate: date, endDate: date, unit: "FULL_DAY", reason: "휴가" });
  expect(u.status).toBe("PENDING");
  return u;
}
const approveLeave = (u: Usage, lead: Person) =>
  leave.ok<Usage>(200, "PATCH", `leaves/usages/${u.id}/decision`, lead, { status: "APPROVED" });

const view = (id: number, who: { token: string }) => api.ok<Document>(200, "GET", `document/${id}`, who);
const abIds = async (who: { token: string }) =>
  (await api.ok<Page<DocumentSummary>>(200, "GET", "box/ab", who)).content.map((d) => d.id);
const counts = (who: { token: string }) => api.ok<DashboardCounts>(200, "GET", "dashboard/count", who);

/** The deputy may not act: the document is not theirs to read, nor its line to approve. */
async function cannotAct(co: ApprovalCompany, id: number, deputy: Person) {
  expect(await abIds(deputy)).not.toContain(id);
  await api.fails(403, "approval.not_allowed", "GET", `document/${id}`, deputy);
  const d = await view(id, co.drafter);
  await api.fails(403, "approval.not_allowed", "PUT", "appr-line/approve", deputy, { lineId: d.lines[0].id, version: d.version });
}

/** The deputy sees the turn in box ab, approves it (PROXY_APPROVED); the approver opens it later: 후열. */
async function actsAndApproverPostViews(co: ApprovalCompany, id: number, approver: Person, deputy: Person) {
  expect(await abIds(deputy)).toEqual([id]);
  const d = await view(id, deputy);
  expect(d.actions).toContain("approve");
  expect(d.myLineId).toBe(d.lines[0].id);
  const r = await api.raw("PUT", "appr-line/approve", deputy, { lineId: d.myLineId, version: d.version });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  let seen = await view(id, co.drafter);
  expect(seen.status).toBe("COMPLETED");
  expect(seen.lines[0]).toMatchObject({ status: "PROXY_APPROVED", actedBy: { userId: deputy.id }, postViewedAt: null });
  expect(await abIds(deputy)).toEqual([]);
  seen = await view(id, approver); // the approver, back from leave, opens it: 후열
  expect(seen.lines[0].postViewedAt).toBe(t.clock.now().getTime());
}

describe("대결 while the approver is on approved leave", () => {
  test("leave PENDING: nothing; leave APPROVED today: the deputy acts outside their own period, the approver post-views", async () => {
    const now = t.clock.now().getTime();
    // The deputy row's own period is long over (last month's trip): it only says who stands in.
    await nameDeputy(A.planMember, A.financeMember, now - 30 * DAY, now - 20 * DAY);
    const id = await submit(A, A.planMember, "휴가 중 대결");
    const u = await applyLeave(A, A.planMember, TODAY);
    expect(u.start <= now && now < u.end).toBe(true);

    await cannotAct(A, id, A.financeMember);
    expect(await activeDeputyOf(t.deps.db, A.co.companyId, A.planMember.id, t.clock.now())).toBeNull();

    await approveLeave(u, A.planLead);
    expect(await activeDeputyOf(t.deps.db, A.co.companyId, A.planMember.id, t.clock.now()))
      .toMatchObject({ deputyId: A.financeMember.id, byLeave: true });
    expect(await absentApproversFor(t.deps.db, A.co.companyId, A.financeMember.id, t.clock.now())).toEqual([A.planMember.id]);
    // The leave ends at the next midnight: from then the row's period alone decides again.
    expect(await absentApproversFor(t.deps.db, A.co.companyId, A.financeMember.id, new Date(u.end))).toEqual([]);
    expect(await absentApproversFor(t.deps.db, A.co.companyId, A.financeMember.id, new Date(u.start - 1))).toEqual([]);
    expect((await counts(A.financeMember)).beforeApproveCount).toBe(1);
    // Someone else is not the deputy: leave names nobody new.
    expect(await abIds(A.generalMember)).not.toContain(id);

    await actsAndApproverPostViews(A, id, A.planMember, A.financeMember);
    expect((await counts(A.financeMember)).beforeApproveCount).toBe(0);
  });

  test("leave in the future (approved) does not make the approver absent today", async () => {
    const now = t.clock.now().getTime();
    await nameDeputy(A.generalMember, A.director, now - 30 * DAY, now - 20 * DAY);
    const id = await submit(A, A.generalMember, "다음 주 휴가");
    const u = await approveLeave(await applyLeave(A, A.generalMember, "2026-03-10"), A.generalLead);
    expect(u.status).toBe("APPROVED");
    await cannotAct(A, id, A.director);
    expect(await absentApproversFor(t.deps.db, A.co.companyId, A.director.id, t.clock.now())).toEqual([]);
    // On that day it would count (the same rule, asked for another instant).
    expect(await absentApproversFor(t.deps.db, A.co.companyId, A.director.id, new Date(u.start))).toEqual([A.generalMember.id]);
    // The approver acts themselves meanwhile.
    const d = await view(id, A.generalMember);
    expect(d.actions).toContain("approve");
  });

  test("an approver on approved leave without a deputy row: nobody stands in", async () => {
    const id = await submit(A, A.financeMember, "대리인 없음");
    await approveLeave(await applyLeave(A, A.financeMember, TODAY), A.financeLead);
    expect(await activeDeputyOf(t.deps.db, A.co.companyId, A.financeMember.id, t.clock.now())).toBeNull();
    await cannotAct(A, id, A.planMember);
  });
});

describe("a company that does not use leave; the deputy's own period", () => {
  test("useLeave off: approved leave today gives the deputy nothing; on again: it does", async () => {
    const now = t.clock.now().getTime();
    await nameDeputy(B.planMember, B.financeMember, now - 30 * DAY, now - 20 * DAY);
    await approveLeave(await applyLeave(B, B.planMember, TODAY), B.planLead);
    const id = await submit(B, B.planMember, "휴가 미사용 회사");
    await setCompanyFlag(t, B.admin, "useLeave", false);
    await cannotAct(B, id, B.financeMember);
    expect(await activeDeputyOf(t.deps.db, B.co.companyId, B.planMember.id, t.clock.now())).toBeNull();
    expect((await counts(B.financeMember)).beforeApproveCount).toBe(0);
    await setCompanyFlag(t, B.admin, "useLeave", true);
    expect(await abIds(B.financeMember)).toEqual([id]);
    await setCompanyFlag(t, B.admin, "useLeave", false);
  });

  test("the deputy row's own period still works (no leave, the company without leave)", async () => {
    const now = t.clock.now().getTime();
    await nameDeputy(B.generalMember, B.director, now - 60_000, now + DAY);
    const id = await submit(B, B.generalMember, "출장 중 대결");
    expect(await activeDeputyOf(t.deps.db, B.co.companyId, B.generalMember.id, t.clock.now()))
      .toMatchObject({ deputyId: B.director.id, byLeave: false });
    await actsAndApproverPostViews(B, id, B.generalMember, B.director);
    // Another company's deputy rows and leave never reach A's people.
    expect(await absentApproversFor(t.deps.db, A.co.companyId, B.director.id, t.clock.now())).toEqual([]);
  });
});
