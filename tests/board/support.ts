// Set-up shared by the board API tests: a company with two departments (영업팀 with a sub-team, 개발팀), a
// board manager, colleagues, a company admin, and a second company for the isolation checks; callers of
// /api/board that fail loudly on an unexpected status; a board maker.
import { expect } from "vitest";
import type { Caller } from "../../server/lib/context.ts";
import type { BoardBody, BoardDetail } from "../../shared/board/boards.ts";
import type { Post, PostBody } from "../../shared/board/posts.ts";
import { type Co, company, type Member, namedPerson as person, type Person } from "../share/share-helpers.ts";
import { apiCaller } from "../support/api-caller.ts";
import type { TestApp } from "../support/test-app.ts";

export type { Co, Member, Person };


export interface BoardCompany {
  co: Co;
  /** The company admin (ROLE_ADMIN: MANAGE on every board). */
  admin: Member;
  organs: { /** 영업팀 */ sales: number; /** 영업1파트, under 영업팀 */ salesOne: number; /** 개발팀 */ dev: number };
  /** 영업팀 팀장 김매니저: makes the department boards in the tests. */
  manager: Person;
  /** 영업팀 사원 이영업. */
  sales: Person;
  /** 영업1파트 사원 박파트 (a sub-organisation of 영업팀). */
  salesPart: Person;
  /** 개발팀 사원 최개발 (not in 영업팀). */
  dev: Person;
}


/** A company on the STANDARD plan (no 5-board limit) with its departments and people. */
export async function boardCompany(t: TestApp, domain: string, plan: "FREE" | "STANDARD" = "STANDARD"): Promise<BoardCompany> {
  const co = await company(t, domain);
  const set = await t.call("PUT", "/api/admin/company", { token: co.admin.token, json: { planType: plan } });
  expect(set.status, JSON.stringify(set.body)).toBe(200);
  const sales = await co.org("영업팀");
  const salesOne = await co.org("영업1파트", sales);
  const dev = await co.org("개발팀");
  return {
    co,
    admin: co.admin,
    organs: { sales, salesOne, dev },
    manager: await person(t, co, "kim", "김매니저", [sales]),
    sales: await person(t, co, "lee", "이영업", [sales]),
    salesPart: await person(t, co, "park", "박파트", [salesOne]),
    dev: await person(t, co, "choi", "최개발", [dev]),
  };
}

/** Callers of /api/board (tests/support/api-caller.ts): paths are relative to it ("post/list?id=1"). */
export const boardApi = (t: TestApp) => apiCaller(t, "/api/board");

/** Company A and company B (its own cast) for "another company" checks. */
export async function boardCast(t: TestApp, name: string) {
  const A = await boardCompany(t, `${name}-a.test`);
  const B = await boardCompany(t, `${name}-b.test`);
  return { api: boardApi(t), A, B };
}

/** Makes a board as `who` (201) with the body's defaults: a PUBLIC board everyone may write on. */
export async function makeBoard(t: TestApp, who: { token: string }, body: Partial<BoardBody> & { name: string }): Promise<BoardDetail> {
  return await boardApi(t).ok<BoardDetail>(201, "POST", "", who, { description: `${body.name} 게시판`, ...body });
}

/** Writes a post as `who` (201). */
export async function makePost(t: TestApp, who: { token: string }, body: Partial<PostBody> & { boardId: number; title: string }): Promise<Post> {
  return await boardApi(t).ok<Post>(201, "POST", "post", who, { content: `<p>${body.title} 본문</p>`, ...body });
}

/** Switches boards on or off for a company (company admin's setting). */
export async function setBoards(t: TestApp, admin: Member, on: boolean) {
  const r = await t.call("PUT", "/api/admin/company", { token: admin.token, json: { useBoard: on } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** A service caller for a person (for board functions called directly, e.g. by the mail-in tests). */
export function boardCaller(t: TestApp, m: { id: number; username: string }, companyId: number, role = "ROLE_USER"): Caller {
  return {
    deps: t.deps,
    auth: { userId: m.id, companyId, username: m.username, role, isHr: false, sessionId: "test", actorUserId: null },
    ip: "127.0.0.1",
    userAgent: "test",
  };
}

export interface AdminBoardOptions {
  visibility?: "PUBLIC" | "PRIVATE";
  publicPrivilege?: "READ" | "WRITE";
  /** Member organisations (with their sub-organisations, WRITE). */
  organs?: number[];
  managers?: number[];
}

/** A board made by the company admin (MANAGE everywhere) with its managers and member organisations: its id. */
export async function adminBoard(t: TestApp, co: BoardCompany, name: string, o: AdminBoardOptions = {}): Promise<number> {
  const b = await makeBoard(t, co.admin, {
    name, visibility: o.visibility ?? "PUBLIC", publicPrivilege: o.publicPrivilege ?? "WRITE",
    members: { users: [], organs: (o.organs ?? []).map((organId) => ({ organId, includeChildren: true, privilege: "WRITE" as const })) },
    managerIds: o.managers ?? [],
  });
  return b.id;
}
