// The bell wired into approval, leave, resource booking, the calendar and sharing (issue 32): each module's change
// records a notification for the person it concerns, with a link that opens the object, and none for the person
// who acted. Approval's own notice mail goes only to those who still want approval.turn by mail (checked over the
// loopback SMTP sink).
import { beforeAll, describe, expect, test } from "vitest";
import type { Document, DraftResult } from "../../shared/approval/documents.ts";
import type { FormSummary } from "../../shared/approval/forms.ts";
import type { Notification, NotificationPage } from "../../shared/notifications/api.ts";
import type { Usage } from "../../shared/leave/leave.ts";
import type { Booking } from "../../shared/resource/resources.ts";
import { createTestApp } from "../support/test-app.ts";
import { approvalApi, type ApprovalCompany, approvalCompany, proposalFixture, userLine } from "../approval/support.ts";
import { type LeaveCompany, leaveApi, leaveCompany, seoul } from "../leave/support.ts";
import { calendarApi, timed } from "../calendar/helpers.ts";
import { resourceApi, slot } from "../resource/helpers.ts";

const t = await createTestApp();
let A: ApprovalCompany;

beforeAll(async () => {
  t.clock.set(seoul("2026-01-05"));
  A = await approvalCompany(t, "bell-mods.test");
});

async function bell(who: { token: string }): Promise<Notification[]> {
  const r = await t.call("GET", "/api/notifications", { token: who.token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return (r.body as NotificationPage).content;
}
const ofKind = async (who: { token: string }, kind: string) => (await bell(who)).filter((n) => n.kind === kind);

describe("approval", () => {
  const api = approvalApi(t);
  let form: FormSummary;
  let content: Record<string, unknown>;
  const submit = async (title: string) =>
    (await api.ok<DraftResult>(201, "POST", "document/draft", A.drafter, {
      formId: form.id, formVersion: form.version, title, draftOrganId: A.organs.plan, content, lines: [userLine("APPROVAL", 1, A.planLead.id)],
    })).id;

  test("the approver's turn and the drafter's completion reach the bell with the document's box", async () => {
    ({ form, content } = await proposalFixture(api, A.drafter));
    const id = await submit("노트북 구매 품의");
    const [turn] = await ofKind(A.planLead, "approval.turn");
    expect(turn).toMatchObject({ title: "노트북 구매 품의", link: `/approval/doc/list/ab/${id}`, actor: { id: A.drafter.id, name: "김기안" }, read: false });
    expect(await ofKind(A.drafter, "approval.turn")).toEqual([]);
    // The module's own mail still went (approval.turn mail is on by default), linking to the same place.
    expect(t.smtp.messages.filter((m) => m.to.includes(A.planLead.username)).map((m) => m.text).join()).toContain(`/#${turn.link}`);

    const doc = await api.ok<Document>(200, "GET", `document/${id}`, A.planLead);
    await api.ok(200, "PUT", "appr-line/approve", A.planLead, { lineId: doc.myLineId, version: doc.version });
    const [done] = await ofKind(A.drafter, "approval.completed");
    expect(done).toMatchObject({ title: "노트북 구매 품의", link: `/approval/doc/list/dc/${id}`, actor: { id: A.planLead.id } });
    expect(await ofKind(A.planLead, "approval.completed")).toEqual([]);
    await api.ok(200, "GET", `document/${id}`, A.drafter);
  });

  test("a rejected document's notices go when its drafter deletes it", async () => {
    const id = await submit("반려될 품의");
    const doc = await api.ok<Document>(200, "GET", `document/${id}`, A.planLead);
    await api.ok(200, "PUT", "appr-line/reject", A.planLead, { lineId: doc.myLineId, version: doc.version });
    const about = async (who: { token: string }) => (await bell(who)).filter((n) => n.kind.startsWith("approval.") && n.link.endsWith(`/${id}`));
    expect((await about(A.drafter)).map((n) => n.kind)).toEqual(["approval.rejected"]);
    expect((await about(A.planLead)).map((n) => n.kind)).toEqual(["approval.turn"]);
    await api.ok(200, "DELETE", `document/${id}`, A.drafter);
    expect(await about(A.drafter)).toEqual([]);
    expect(await about(A.planLead)).toEqual([]);
  });

  test("an approver who turned approval.turn mail off gets the bell but not the mail", async () => {
    await t.call("PUT", "/api/notifications/settings", { token: A.planLead.token, json: { mail: { "approval.turn": false } } });
    const before = t.smtp.messages.length;
    const id = await submit("출장비 정산");
    expect((await ofKind(A.planLead, "approval.turn")).map((n) => n.link)).toContain(`/approval/doc/list/ab/${id}`);
    // notifyChange awaits its mails before the submit answers: nothing went to 이팀장.
    expect(t.smtp.messages.slice(before).filter((m) => m.to.includes(A.planLead.username))).toEqual([]);
  });
});

describe("leave", () => {
  let L: LeaveCompany;
  const api = leaveApi(t);

  test("an application reaches its approver; the decision reaches the employee", async () => {
    L = await leaveCompany(t, "bell-leave.test");
    const annual = await api.annualOf(L.hr);
    await api.grant(L.hr, L.employee.id, annual.id, 15, "2026-01-01", "2026-12-31");
    const u = await api.ok<Usage>(201, "POST", "leaves/usages", L.employee, { templateId: annual.id, startDate: "2026-01-12", endDate: "2026-01-12", unit: "FULL_DAY" });
    const [applied] = await ofKind(L.lead, "leave.applied");
    expect(applied).toMatchObject({ link: "/leave/pending", actor: { id: L.employee.id, name: "김사원" } });
    expect(applied.title).toContain(annual.name);
    expect(await bell(L.employee)).toEqual([]);

    await api.ok(200, "PATCH", `leaves/usages/${u.id}/decision`, L.lead, { status: "APPROVED" });
    const [approved] = await ofKind(L.employee, "leave.approved");
    expect(approved).toMatchObject({ link: `/leave/members/${L.employee.id}`, actor: { id: L.lead.id } });
    expect(await ofKind(L.lead, "leave.approved")).toEqual([]);
  });
});

describe("resource booking", () => {
  const api = resourceApi(t);

  test("a request reaches the approver; the decision reaches the booker", async () => {
    const car = await api.resource(A.admin, { type: "CAR", name: "업무용 차량", needsApproval: true, approverId: A.generalLead.id });
    const b = (await api.book(A.planMember, { resourceId: car.id, ...slot(t, 2, "09:00", "12:00"), title: "거래처 방문" })).bookings[0];
    const [asked] = await ofKind(A.generalLead, "resource.requested");
    expect(asked).toMatchObject({ title: "거래처 방문 (업무용 차량)", link: "/resource/approvals", actor: { id: A.planMember.id } });
    expect((await api.ok<Booking[]>(200, "GET", "/book/pending", A.generalLead)).map((x) => x.id)).toEqual([b.id]);
    expect(await ofKind(A.planMember, "resource.requested")).toEqual([]);

    await api.ok(200, "PUT", `/book/${b.id}/approve`, A.generalLead);
    const [confirmed] = await ofKind(A.planMember, "resource.confirmed");
    expect(confirmed).toMatchObject({ title: "거래처 방문 (업무용 차량)", link: "/resource/mine", actor: { id: A.generalLead.id } });
    expect(await ofKind(A.generalLead, "resource.confirmed")).toEqual([]);
  });
});

describe("calendar", () => {
  const api = calendarApi(t);

  test("colleagues newly invited get calendar.invited; the organiser gets calendar.replied", async () => {
    const cal = (await api.defaultCalendar(A.financeLead)).id;
    const e = await api.createEvent(A.financeLead, timed(cal, "예산 회의", "2026-11-12T10:00", "2026-11-12T11:00", {
      attendees: [{ email: A.financeMember.username }, { email: "guest@outside.example" }],
    }));
    const [invited] = await ofKind(A.financeMember, "calendar.invited");
    expect(invited).toMatchObject({ title: "예산 회의", link: "/cal/day/2026-11-12", actor: { id: A.financeLead.id, name: "박재무" } });
    expect(await ofKind(A.financeLead, "calendar.invited")).toEqual([]);

    // Adding a second colleague invites only them.
    await api.patchEvent(A.financeLead, e.id, { attendees: [{ email: A.financeMember.username }, { email: A.director.username }] });
    expect(await ofKind(A.director, "calendar.invited")).toHaveLength(1);
    expect(await ofKind(A.financeMember, "calendar.invited")).toHaveLength(1);

    const r = await api.raw("PUT", "/api/calendar/event/partStat", A.financeMember, { id: e.id, partStat: "ACCEPTED" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [replied] = await ofKind(A.financeLead, "calendar.replied");
    expect(replied).toMatchObject({ title: "예산 회의", link: "/cal/day/2026-11-12", actor: { id: A.financeMember.id, name: "최회계" } });
    expect(await ofKind(A.financeMember, "calendar.replied")).toEqual([]);

    // The event deleted: its invitations and answers leave the bell with it.
    expect((await api.raw("DELETE", `/api/calendar/event/${e.id}`, A.financeLead)).status).toBe(204);
    expect(await ofKind(A.financeMember, "calendar.invited")).toEqual([]);
    expect(await ofKind(A.director, "calendar.invited")).toEqual([]);
    expect(await ofKind(A.financeLead, "calendar.replied")).toEqual([]);
  });
});

describe("share", () => {
  const api = calendarApi(t);

  test("a share with a user and an organisation reaches the user and the organisation's members", async () => {
    const c = await api.add(A.ceo, { title: "경영 일정", color: "#3366FF" });
    const r = await t.call("POST", `/api/share/CALENDAR/${c.id}`, {
      token: A.ceo.token,
      json: { members: [{ memberType: "USER", memberId: A.generalMember.id, permission: 2 }, { memberType: "ORGANIZATION", memberId: A.organs.exec, permission: 2 }] },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(201);
    for (const who of [A.generalMember, A.director]) {
      const [shared] = await ofKind(who, "share.shared");
      expect(shared).toMatchObject({ title: "경영 일정", link: "/cal", actor: { id: A.ceo.id, name: "한대표" } });
    }
    expect(await ofKind(A.ceo, "share.shared")).toEqual([]); // a member of 경영진 too, but the one who shared
    expect(await ofKind(A.planMember, "share.shared")).toEqual([]);

    // Adding a member later tells only them.
    const put = await t.call("PUT", `/api/share/CALENDAR/${c.id}`, {
      token: A.ceo.token,
      json: { shareId: r.body.shareId, addList: [{ memberType: "USER", memberId: A.planMember.id, permission: 2 }], updateList: [], deleteList: [] },
    });
    expect([put.status, put.body], JSON.stringify(put.body)).toEqual([200, 0]);
    expect(await ofKind(A.planMember, "share.shared")).toHaveLength(1);
    expect(await ofKind(A.generalMember, "share.shared")).toHaveLength(1);
  });
});
