// Set-up shared by the flow API tests: a company with two departments (영업팀, 개발팀), a project master,
// colleagues, the company admin, and a second company for the isolation checks; callers of /api/flow that fail
// loudly on an unexpected status; project makers (with members joined) and the module switch.
import { expect } from "vitest";
import type { Caller } from "../../server/lib/context.ts";
import type { FlowProject } from "../../shared/flow/projects.ts";
import type { FlowTask } from "../../shared/flow/tasks.ts";
import { type Co, company, type Member, namedPerson as person, type Person } from "../share/share-helpers.ts";
import { apiCaller } from "../support/api-caller.ts";
import type { TestApp } from "../support/test-app.ts";

export type { Co, Member, Person };

export interface FlowCompany {
  co: Co;
  admin: Member;
  organs: { /** 영업팀 */ sales: number; /** 개발팀 */ dev: number };
  /** 영업팀 김마스: MASTER of the projects of most tests. */
  master: Person;
  /** 영업팀 이멤버: joins them. */
  member: Person;
  /** 개발팀 박동료: a colleague who has not joined (until a test says so). */
  other: Person;
}

export async function flowCompany(t: TestApp, domain: string): Promise<FlowCompany> {
  const co = await company(t, domain);
  const sales = await co.org("영업팀");
  const dev = await co.org("개발팀");
  return {
    co,
    admin: co.admin,
    organs: { sales, dev },
    master: await person(t, co, "kim", "김마스", [sales]),
    member: await person(t, co, "lee", "이멤버", [sales]),
    other: await person(t, co, "park", "박동료", [dev]),
  };
}

/** Callers of /api/flow (tests/support/api-caller.ts): paths are relative to it ("projects/my"). */
export const flowApi = (t: TestApp) => apiCaller(t, "/api/flow");

export async function flowCast(t: TestApp, name: string) {
  const A = await flowCompany(t, `${name}-a.test`);
  const B = await flowCompany(t, `${name}-b.test`);
  return { api: flowApi(t), A, B };
}

/** A public project whose MASTER is `master` (201); `members` join it (apply: a public project joins at once). */
export async function makeProject(
  t: TestApp,
  master: { token: string },
  opts: { title?: string; privateStatus?: 0 | 1; members?: { token: string }[] } = {},
): Promise<FlowProject> {
  const api = flowApi(t);
  const p = await api.ok<FlowProject>(201, "POST", "projects", master, { title: opts.title ?? "신제품 출시", privateStatus: opts.privateStatus ?? 0 });
  for (const m of opts.members ?? []) await api.ok(200, "POST", `projects/${p.id}/members/apply`, m);
  return p;
}

/** A task in the project's default group (201). */
export async function makeTask(t: TestApp, who: { token: string }, projectId: number, body: Record<string, unknown> & { title: string }): Promise<FlowTask> {
  return await flowApi(t).ok<FlowTask>(201, "POST", `projects/${projectId}/tasks`, who, body);
}

export async function setFlow(t: TestApp, admin: Member, on: boolean) {
  const r = await t.call("PUT", "/api/admin/company", { token: admin.token, json: { useFlow: on } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

export function flowCaller(t: TestApp, m: { id: number; username: string }, companyId: number, role = "ROLE_USER"): Caller {
  return {
    deps: t.deps,
    auth: { userId: m.id, companyId, username: m.username, role, isHr: false, sessionId: "test", actorUserId: null },
    ip: "127.0.0.1",
    userAgent: "test",
  };
}
