// Set-up shared by the leave and HR API tests (settings, ledger, usage rules, races, calendar, approval,
// dashboards, reports, accrual): a company with leave switched on and an organisation tree
//
//   경영지원본부 (manager 최본부)
//     ├─ 인사팀 (no manager of its own: its members are approved by 최본부, up the tree; 한인사 is HR)
//     └─ 개발팀 (manager 박팀장; members 김사원, 이사원)
//   외주팀 (a separate top organisation with no manager anywhere up the tree: leave.no_approver)
//
// with hire dates in leave_hr_users, a second company with its own cast for the isolation checks, and small
// callers of /api (paths like "leaves/policies" or "hr/leaves/users") that fail loudly on an unexpected status.
import { expect } from "vitest";
import type { Caller } from "../../server/lib/context.ts";
import type { Template } from "../../shared/leave/leave.ts";
import { type Co, company, type Member, PW } from "../share/share-helpers.ts";
import { apiCaller } from "../support/api-caller.ts";
import { login, type TestApp } from "../support/test-app.ts";

export type { Co, Member };

export interface Person extends Member {
  name: string;
  /** The main organisation. */
  organId: number;
  hireDate: string | null;
}

export interface LeaveCompany {
  co: Co;
  companyId: number;
  /** The company's administrator (an HR administrator by role). */
  admin: Member;
  organs: {
    /** 경영지원본부 */ hq: number;
    /** 인사팀 (under 경영지원본부; no manager) */ hr: number;
    /** 개발팀 (under 경영지원본부) */ dev: number;
    /** 외주팀 (top level; no manager anywhere up) */ outside: number;
  };
  /** 인사팀 한인사: users.is_hr, not an administrator. */
  hr: Person;
  /** 경영지원본부 본부장 최본부 (manager of 경영지원본부). */
  head: Person;
  /** 개발팀 팀장 박팀장 (manager of 개발팀). */
  lead: Person;
  /** 개발팀 사원 김사원: the usual applicant. */
  employee: Person;
  /** 개발팀 사원 이사원: a colleague. */
  colleague: Person;
  /** 인사팀 사원 정인사: approved by 최본부 (인사팀 has no manager). */
  hrMember: Person;
  /** 외주팀 사원 오외주: nobody to approve. */
  orphan: Person;
}

interface PersonSpec {
  loginId: string;
  name: string;
  position: string;
  organIds: number[];
  managerOrganIds?: number[];
  isHr?: boolean;
  hireDate: string | null;
}

async function person(t: TestApp, co: Co, p: PersonSpec): Promise<Person> {
  const r = await t.call("POST", "/api/admin/users", {
    token: co.admin.token,
    json: {
      loginId: p.loginId,
      accountName: p.name,
      password: PW,
      position: p.position,
      organIds: p.organIds,
      managerOrganIds: p.managerOrganIds ?? [],
      isHr: p.isHr ?? false,
      requestPasswordChange: false,
    },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const id = r.body.id as number;
  if (p.hireDate) await setHireDate(t, co.companyId, id, p.hireDate);
  const username = `${p.loginId}@${co.domain}`;
  const tokens = await login(t, username, PW);
  return { id, token: tokens.access_token, username, name: p.name, organId: p.organIds[0] ?? p.managerOrganIds![0], hireDate: p.hireDate };
}

/** Writes a hire date straight into leave_hr_users (the HR call PATCH hr/leaves/users/{id} does the same). */
export async function setHireDate(t: TestApp, companyId: number, userId: number, hireDate: string | null) {
  await t.db.sql`
    insert into leave_hr_users (user_id, company_id, hire_date) values (${userId}, ${companyId}, ${hireDate})
    on conflict (user_id) do update set hire_date = excluded.hire_date, updated_at = now()`;
}

/** A company with its organisations and people (about a dozen API calls; make it once per file). */
export async function leaveCompany(t: TestApp, domain: string): Promise<LeaveCompany> {
  const co = await company(t, domain);
  const hq = await co.org("경영지원본부");
  const hrOrg = await co.org("인사팀", hq);
  const dev = await co.org("개발팀", hq);
  const outside = await co.org("외주팀");
  await setHireDate(t, co.companyId, co.admin.id, "2015-01-02");
  return {
    co,
    companyId: co.companyId,
    admin: co.admin,
    organs: { hq, hr: hrOrg, dev, outside },
    hr: await person(t, co, { loginId: "han", name: "한인사", position: "과장", organIds: [hrOrg], isHr: true, hireDate: "2018-03-02" }),
    head: await person(t, co, { loginId: "choi", name: "최본부", position: "본부장", organIds: [], managerOrganIds: [hq], hireDate: "2012-07-01" }),
    lead: await person(t, co, { loginId: "park", name: "박팀장", position: "팀장", organIds: [], managerOrganIds: [dev], hireDate: "2016-05-16" }),
    employee: await person(t, co, { loginId: "kim", name: "김사원", position: "사원", organIds: [dev], hireDate: "2023-01-02" }),
    colleague: await person(t, co, { loginId: "lee", name: "이사원", position: "사원", organIds: [dev], hireDate: "2024-09-02" }),
    hrMember: await person(t, co, { loginId: "jung", name: "정인사", position: "대리", organIds: [hrOrg], hireDate: "2021-04-01" }),
    orphan: await person(t, co, { loginId: "oh", name: "오외주", position: "사원", organIds: [outside], hireDate: "2022-11-01" }),
  };
}

/** Company A with its cast and company B (its own cast) for "another company" checks. */
export async function leaveCast(t: TestApp, name: string) {
  const A = await leaveCompany(t, `${name}-a.test`);
  const B = await leaveCompany(t, `${name}-b.test`);
  return { api: leaveApi(t), A, B };
}

/** Switches a company flag (useLeave, useApproval, ...) through the company admin's setting. */
export async function setCompanyFlag(t: TestApp, admin: Member, flag: "useLeave" | "useApproval" | "useCalendar", on: boolean) {
  const r = await t.call("PUT", "/api/admin/company", { token: admin.token, json: { [flag]: on } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** Callers of /api: `ok` expects the status, `raw` returns the answer. Paths are relative to /api ("leaves/..."). */
export function leaveApi(t: TestApp) {
  const { url, raw, ok, fails } = apiCaller(t, "/api");
  /** The company's active leave types (made on first use). */
  const templates = (who: { token: string }) => ok<Template[]>(200, "GET", "leaves/templates", who);
  const annualOf = async (who: { token: string }) => (await templates(who)).find((x) => x.type === "ANNUAL")!;
  const templateNamed = async (who: { token: string }, name: string) => {
    const found = (await templates(who)).find((x) => x.name === name);
    expect(found, `template ${name}`).toBeTruthy();
    return found!;
  };
  /** HR grants days (APPROVED at once). */
  const grant = (hr: { token: string }, userId: number, templateId: number, granted: number, validFrom: string, validTo: string) =>
    ok(201, "POST", "hr/leaves/allocations", hr, { userId, templateId, granted, validFrom, validTo, reason: "test grant" });
  return { url, raw, ok, fails, templates, annualOf, templateNamed, grant };
}

/** A service caller for a person (for functions other leave parts call directly). */
export function leaveCaller(t: TestApp, m: { id: number; username: string }, companyId: number, opts: { role?: string; isHr?: boolean } = {}): Caller {
  return {
    deps: t.deps,
    auth: {
      userId: m.id,
      companyId,
      username: m.username,
      role: opts.role ?? "ROLE_USER",
      isHr: opts.isHr ?? false,
      sessionId: "test",
      actorUserId: null,
    },
    ip: "127.0.0.1",
    userAgent: "test",
  };
}

/** The instant of a Seoul wall-clock time (for t.clock.set). */
export const seoul = (date: string, time = "09:00") => new Date(`${date}T${time}:00+09:00`);
