// 휴가신청서 through electronic approval: with useApproval on and viaApproval, the usage is PENDING with an
// approval document of the starter form "leave" whose line is the employee's approvers; the usage's own
// decision answers 409 leave.via_approval; the document's completion approves the usage (CONFIRMED in the
// calendar), its rejection or retrieval rejects it (its days given back).
import { beforeAll, describe, expect, it } from "vitest";
import type { Document } from "../../shared/approval/documents.ts";
import type { Usage } from "../../shared/leave/leave.ts";
import { createTestApp, type TestApp } from "../support/test-app.ts";
import { leaveCast, seoul, setCompanyFlag } from "./support.ts";

let t: TestApp;
let cast: Awaited<ReturnType<typeof leaveCast>>;
let annualId: number;

beforeAll(async () => {
  t = await createTestApp();
  t.clock.set(seoul("2026-03-02"));
  cast = await leaveCast(t, "leave-appr");
  const { api, A } = cast;
  await setCompanyFlag(t, A.admin, "useApproval", true);
  annualId = (await api.annualOf(A.hr)).id;
  await api.grant(A.hr, A.employee.id, annualId, 3, "2026-01-01", "2026-12-31");
});

const doc = (id: number, who: { token: string }) => cast.api.ok<Document>(200, "GET", `approval/document/${id}`, who);
const leaveEvents = async (userId: number) =>
  (await t.db.sql`select leave_status from calendar_events where owner_user_id = ${userId} and is_leave order by id`).map((r) => r.leave_status);

describe("휴가신청서 through approval", () => {
  it("the document's completion approves the usage", async () => {
    const { api, A } = cast;
    const u = await api.ok<Usage>(201, "POST", "leaves/usages", A.employee, {
      templateId: annualId, startDate: "2026-03-12", endDate: "2026-03-13", unit: "FULL_DAY", reason: "가족 여행", viaApproval: true,
    });
    expect(u.status).toBe("PENDING");
    expect(u.approvalDocumentId).toBeGreaterThan(0);
    const d = await doc(u.approvalDocumentId!, A.employee);
    expect(d.status).toBe("IN_PROGRESS");
    expect(d.lines.map((l) => l.key)).toEqual([`USER_${A.lead.id}`]);
    expect(d.content).toMatchObject({ start_date: "2026-03-12", end_date: "2026-03-13", days: 2 });

    await api.fails(409, "leave.via_approval", "PATCH", `leaves/usages/${u.id}/decision`, A.lead, { status: "APPROVED" });
    await api.fails(409, "leave.via_approval", "DELETE", `leaves/usages/${u.id}`, A.employee);
    expect((await api.ok<Usage[]>(200, "GET", "leaves/usages/pending", A.lead)).map((x) => x.id)).not.toContain(u.id);

    const mine = await doc(u.approvalDocumentId!, A.lead);
    const r = await api.raw("PUT", "approval/appr-line/approve", A.lead, { lineId: mine.myLineId, version: mine.version });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const after = await api.ok<Usage>(200, "GET", `leaves/usages/${u.id}`, A.employee);
    expect(after).toMatchObject({ status: "APPROVED", statusChanger: { id: A.lead.id } });
    expect(await leaveEvents(A.employee.id)).toEqual(["CONFIRMED"]);
  });

  it("rejection and retrieval reject the usage and give its days back", async () => {
    const { api, A } = cast;
    const apply = (date: string) => api.ok<Usage>(201, "POST", "leaves/usages", A.employee, {
      templateId: annualId, startDate: date, endDate: date, unit: "FULL_DAY", viaApproval: true,
    });
    const a = await apply("2026-03-16");
    // 3 granted, 2 taken, 1 held by a: nothing left.
    await api.fails(400, "leave.exceeds_balance", "POST", "leaves/usages", A.employee, { templateId: annualId, startDate: "2026-03-17", endDate: "2026-03-17", unit: "FULL_DAY" });
    const da = await doc(a.approvalDocumentId!, A.lead);
    const rej = await api.raw("PUT", "approval/appr-line/reject", A.lead, { lineId: da.myLineId, version: da.version, comment: "바쁜 주간" });
    expect(rej.status, JSON.stringify(rej.body)).toBe(200);
    expect((await api.ok<Usage>(200, "GET", `leaves/usages/${a.id}`, A.employee)).status).toBe("REJECTED");

    const b = await apply("2026-03-17");
    const db = await doc(b.approvalDocumentId!, A.employee);
    const ret = await api.raw("PUT", `approval/document/${b.approvalDocumentId}/retrieve`, A.employee, { version: db.version });
    expect(ret.status, JSON.stringify(ret.body)).toBe(200);
    expect((await api.ok<Usage>(200, "GET", `leaves/usages/${b.id}`, A.employee)).status).toBe("REJECTED");
    // Both days given back: one more day can be applied for directly.
    await api.ok(201, "POST", "leaves/usages", A.employee, { templateId: annualId, startDate: "2026-03-18", endDate: "2026-03-18", unit: "FULL_DAY" });
  });

  it("viaApproval needs the company to use approval", async () => {
    const { api, B } = cast;
    await setCompanyFlag(t, B.admin, "useApproval", false);
    const annual = await api.annualOf(B.hr);
    await api.grant(B.hr, B.employee.id, annual.id, 5, "2026-01-01", "2026-12-31");
    await api.fails(400, "common.validation", "POST", "leaves/usages", B.employee, {
      templateId: annual.id, startDate: "2026-03-12", endDate: "2026-03-12", unit: "FULL_DAY", viaApproval: true,
    });
    expect(await api.ok<Usage[]>(200, "GET", "leaves/usages", B.employee)).toHaveLength(0);
  });
});
