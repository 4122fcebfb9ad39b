// Set-up shared by the wiki API tests: a company with two departments (영업팀 with a sub-team, 개발팀), an
// author, colleagues, a company admin, and a second company for the isolation checks; callers of /api/wiki that
// fail loudly on an unexpected status; document makers.
import { expect } from "vitest";
import type { Caller } from "../../server/lib/context.ts";
import type { CreateDocBody, WikiDocument } from "../../shared/wiki/documents.ts";
import type { Property, PropertyBody } from "../../shared/wiki/properties.ts";
import { type Co, company, type Member, namedPerson as person, type Person } from "../share/share-helpers.ts";
import { apiCaller } from "../support/api-caller.ts";
import type { TestApp } from "../support/test-app.ts";

export type { Co, Member, Person };


export interface WikiCompany {
  co: Co;
  /** The company admin (ROLE_ADMIN: OWNER of every document). */
  admin: Member;
  organs: { /** 영업팀 */ sales: number; /** 영업1파트, under 영업팀 */ salesOne: number; /** 개발팀 */ dev: number };
  /** 영업팀 팀장 김작성: writes most of the documents in the tests. */
  author: Person;
  /** 영업팀 사원 이영업. */
  sales: Person;
  /** 영업1파트 사원 박파트 (a sub-organisation of 영업팀). */
  salesPart: Person;
  /** 개발팀 사원 최개발 (not in 영업팀). */
  dev: Person;
}


export async function wikiCompany(t: TestApp, domain: string): Promise<WikiCompany> {
  const co = await company(t, domain);
  const sales = await co.org("영업팀");
  const salesOne = await co.org("영업1파트", sales);
  const dev = await co.org("개발팀");
  return {
    co,
    admin: co.admin,
    organs: { sales, salesOne, dev },
    author: await person(t, co, "kim", "김작성", [sales]),
    sales: await person(t, co, "lee", "이영업", [sales]),
    salesPart: await person(t, co, "park", "박파트", [salesOne]),
    dev: await person(t, co, "choi", "최개발", [dev]),
  };
}

/** Callers of /api/wiki (tests/support/api-caller.ts): paths are relative to it ("docs/summaries"). */
export const wikiApi = (t: TestApp) => apiCaller(t, "/api/wiki");

/** Company A and company B (its own cast) for "another company" checks. */
export async function wikiCast(t: TestApp, name: string) {
  const A = await wikiCompany(t, `${name}-a.test`);
  const B = await wikiCompany(t, `${name}-b.test`);
  return { api: wikiApi(t), A, B };
}

/** Creates a document as `who` (201). */
export async function makeDoc(t: TestApp, who: { token: string }, body: Partial<CreateDocBody> & { title: string }): Promise<WikiDocument> {
  return await wikiApi(t).ok<WikiDocument>(201, "POST", "docs", who, { text: `<p>${body.title} 본문</p>`, ...body });
}

/** Adds a property to a database as `who` (201). */
export async function makeProperty(t: TestApp, who: { token: string }, databaseId: number, body: PropertyBody): Promise<Property> {
  return await wikiApi(t).ok<Property>(201, "POST", `docs/${databaseId}/properties`, who, body);
}

/** Switches the wiki on or off for a company (company admin's setting). */
export async function setWiki(t: TestApp, admin: Member, on: boolean) {
  const r = await t.call("PUT", "/api/admin/company", { token: admin.token, json: { useWiki: on } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
}

/** A service caller for a person (for wiki functions called directly). */
export function wikiCaller(t: TestApp, m: { id: number; username: string }, companyId: number, role = "ROLE_USER"): Caller {
  return {
    deps: t.deps,
    auth: { userId: m.id, companyId, username: m.username, role, isHr: false, sessionId: "test", actorUserId: null },
    ip: "127.0.0.1",
    userAgent: "test",
  };
}
