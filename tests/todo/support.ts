// Set-up shared by the to-do API tests: a company with two departments (기획팀, 개발팀), an owner, colleagues, the
// company admin, and a second company for the isolation checks; callers of /api/todo that fail loudly on an
// unexpected status; workspace and board makers; the plan and module switches.
import { expect } from "vitest";
import type { Caller } from "../../server/lib/context.ts";
import type { BoardEntry, TodoBoardNode } from "../../shared/todo/boards.ts";
import type { TodoWorkspace } from "../../shared/todo/workspaces.ts";
import { type Co, company, type Member, namedPerson as person, type Person } from "../share/share-helpers.ts";
import { apiCaller } from "../support/api-caller.ts";
import type { TestApp } from "../support/test-app.ts";

export type { Co, Member, Person };

export interface TodoCompany {
  co: Co;
  admin: Member;
  organs: { /** 기획팀 */ plan: number; /** 개발팀 */ dev: number };
  /** 기획팀 김소유: owns the workspaces of most tests. */
  owner: Person;
  /** 기획팀 이팔로: follows them. */
  follower: Person;
  /** 개발팀 박개발: a colleague who does not follow (until a test says so). */
  other: Person;
}

export async function todoCompany(t: TestApp, domain: string): Promise<TodoCompany> {
  const co = await company(t, domain);
  const plan = await co.org("기획팀");
  const dev = await co.org("개발팀");
  return {
    co,
    admin: co.admin,
    organs: { plan, dev },
    owner: await person(t, co, "kim", "김소유", [plan]),
    follower: await person(t, co, "lee", "이팔로", [plan]),
    other: await person(t, co, "park", "박개발", [dev]),
  };
}

/** Callers of /api/todo (tests/support/api-caller.ts): paths are relative to it ("workspace"). */
export const todoApi = (t: TestApp) => apiCaller(t, "/api/todo");

/** Company A and company B (its own cast) for "another company" checks. */
export async function todoCast(t: TestApp, name: string) {
  const A = await todoCompany(t, `${name}-a.test`);
  const B = await todoCompany(t, `${name}-b.test`);
  return { api: todoApi(t), A, B };
}

/** A workspace owned by `who` (201). */
export async function makeWorkspace(t: TestApp, who: { token: string }, title = "출시 준비"): Promise<TodoWorkspace> {
  return await todoApi(t).ok<TodoWorkspace>(201, "POST", "workspace", who, { title, emoji: "🚀", color: "#579bfc" });
}

/** `who` follows the workspace (201). */
export async function follow(t: TestApp, who: { token: string }, workspaceId: number): Promise<void> {
  await todoApi(t).ok(201, "POST", `workspace/${workspaceId}`, who);
}

/** A board with the default header and one group (201), and its entry. */
export async function makeBoard(t: TestApp, who: { token: string }, workspaceId: number, title = "출시 계획"): Promise<{ node: TodoBoardNode; entry: BoardEntry }> {
  const node = await todoApi(t).ok<TodoBoardNode>(201, "POST", `board/${workspaceId}`, who, { title, boardType: "BOARD" });
  const entry = await todoApi(t).ok<BoardEntry>(200, "GET", `board/${node.id}`, who);
  return { node, entry };
}

/** Switches to-do on or off, or sets the plan (company admin's setting). */
export async function setCompany(t: TestApp, admin: Member, json: { useToDo?: boolean; planType?: string }) {
  const r = await t.call("PUT", "/api/admin/company", { token: admin.token, json });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** A service caller for a person (for to-do functions called directly). */
export function todoCaller(t: TestApp, m: { id: number; username: string }, companyId: number, role = "ROLE_USER"): Caller {
  return {
    deps: t.deps,
    auth: { userId: m.id, companyId, username: m.username, role, isHr: false, sessionId: "test", actorUserId: null },
    ip: "127.0.0.1",
    userAgent: "test",
  };
}
