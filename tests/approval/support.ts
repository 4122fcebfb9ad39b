// Set-up shared by the approval API tests (forms, config, line validation, documents, boxes): a company with
// the departments a Korean office has (기획팀, 재무팀, 총무팀 and 경영진) with members and team leads
// (organisation managers), a second company for the isolation checks, and small callers of /api/approval
// that fail loudly on an unexpected status.
import { expect } from "vitest";
import type { Caller } from "../../server/lib/context.ts";
import type { Form, FormSummary } from "../../shared/approval/forms.ts";
import type { LineInput } from "../../shared/approval/lines.ts";
import { type Co, company, type Member, PW } from "../share/share-helpers.ts";
import { apiCaller } from "../support/api-caller.ts";
import { login, type TestApp } from "../support/test-app.ts";

export type { Co, Member };

export interface Person extends Member {
  name: string;
  /** The main department. */
  organId: number;
}

export interface ApprovalCompany {
  co: Co;
  admin: Member;
  organs: {
    /** 기획팀 */ plan: number;
    /** 재무팀 */ finance: number;
    /** 총무팀 */ general: number;
    /** 경영진 */ exec: number;
  };
  /** 기획팀 사원 김기안: the usual drafter. */
  drafter: Person;
  /** 기획팀 팀장 이팀장 (organisation manager of 기획팀). */
  planLead: Person;
  /** 기획팀 사원 오동료 (a colleague of the drafter). */
  planMember: Person;
  /** 재무팀 팀장 박재무 (manager of 재무팀). */
  financeLead: Person;
  /** 재무팀 사원 최회계. */
  financeMember: Person;
  /** 총무팀 팀장 정총무 (manager of 총무팀). */
  generalLead: Person;
  /** 총무팀 사원 강접수. */
  generalMember: Person;
  /** 경영진 본부장 윤본부. */
  director: Person;
  /** 경영진 대표이사 한대표. */
  ceo: Person;
}

async function person(
  t: TestApp,
  co: Co,
  loginId: string,
  name: string,
  position: string,
  organIds: number[],
  managerOrganIds: number[] = [],
): Promise<Person> {
  const r = await t.call("POST", "/api/admin/users", {
    token: co.admin.token,
    json: { loginId, accountName: name, password: PW, position, organIds, managerOrganIds, requestPasswordChange: false },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const username = `${loginId}@${co.domain}`;
  const tokens = await login(t, username, PW);
  return { id: r.body.id, token: tokens.access_token, username, name, organId: organIds[0] ?? managerOrganIds[0] };
}

/** A company with its departments and people (about a dozen API calls; make it once per file). */
export async function approvalCompany(t: TestApp, domain: string): Promise<ApprovalCompany> {
  const co = await company(t, domain);
  const plan = await co.org("기획팀");
  const finance = await co.org("재무팀");
  const general = await co.org("총무팀");
  const exec = await co.org("경영진");
  return {
    co,
    admin: co.admin,
    organs: { plan, finance, general, exec },
    drafter: await person(t, co, "kim", "김기안", "사원", [plan]),
    planLead: await person(t, co, "lee", "이팀장", "팀장", [], [plan]),
    planMember: await person(t, co, "oh", "오동료", "사원", [plan]),
    financeLead: await person(t, co, "park", "박재무", "팀장", [], [finance]),
    financeMember: await person(t, co, "choi", "최회계", "사원", [finance]),
    generalLead: await person(t, co, "jung", "정총무", "팀장", [], [general]),
    generalMember: await person(t, co, "kang", "강접수", "사원", [general]),
    director: await person(t, co, "yoon", "윤본부", "본부장", [exec]),
    ceo: await person(t, co, "han", "한대표", "대표이사", [exec]),
  };
}

/** Company A with its cast and company B (its own cast) for "another company" checks. */
export async function approvalCast(t: TestApp, name: string) {
  const A = await approvalCompany(t, `${name}-a.test`);
  const B = await approvalCompany(t, `${name}-b.test`);
  return { api: approvalApi(t), A, B };
}

/** Switches the approval module of a company on or off (company admin's setting). */
export async function setApproval(t: TestApp, admin: Member, on: boolean) {
  const r = await t.call("PUT", "/api/admin/company", { token: admin.token, json: { useApproval: on } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** Callers of /api/approval (tests/support/api-caller.ts): paths are relative to it. */
export const approvalApi = (t: TestApp) => apiCaller(t, "/api/approval");

/** The company's starter 품의서 and content that fills its required fields (date fields: `date`). */
export async function proposalFixture(api: ReturnType<typeof approvalApi>, who: { token: string }, date = "2026-03-10") {
  const form = (await api.ok<FormSummary[]>(200, "GET", "form/list/all", who)).find((f) => f.starterKey === "proposal")!;
  const fields = (await api.ok<Form>(200, "GET", `form/${form.id}`, who)).template.fields;
  const content: Record<string, unknown> = Object.fromEntries(fields.filter((f) => f.required)
    .map((f) => [f.key, f.type === "date" ? date : f.type === "number" || f.type === "money" ? 1 : "내용"]));
  return { form, content };
}

/** Line inputs for tests: user lines (organId null = main department) and department lines. */
export const userLine = (type: LineInput["type"], sortOrder: number, userId: number, organId: number | null = null): LineInput =>
  ({ type, sortOrder, userId, organId });
export const organLine = (type: LineInput["type"], sortOrder: number, organId: number): LineInput =>
  ({ type, sortOrder, userId: null, organId });

/** A service caller for a person (for the functions other approval parts call directly). */
export function approvalCaller(t: TestApp, m: { id: number; username: string }, companyId: number, role = "ROLE_USER"): Caller {
  return {
    deps: t.deps,
    auth: { userId: m.id, companyId, username: m.username, role, isHr: false, sessionId: "test", actorUserId: null },
    ip: "127.0.0.1",
    userAgent: "test",
  };
}
