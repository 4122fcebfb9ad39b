// Shared fixtures of the share and share-link tests: in-memory shareable objects registered through the
// app's registry (as a real module would register its folders or calendars), and users with organisations
// made through the admin API.
import { expect } from "vitest";
import type { ShareableResolver } from "../../server/modules/share/registry.ts";
import { login, signupCompany, type TestApp } from "../support/test-app.ts";

export const PW = "Sh4re!pass";

export interface TestObject {
  companyId: number;
  ownerUserId: number;
  title: string;
}

/** Objects of the test module types: "doc" (read/edit) and "cal" (adds title-only), by id. */
export class TestObjects {
  readonly byId = new Map<string, TestObject>();
  /** The same object id may exist in several companies, as ids of different modules' tables may. */
  readonly #byKey = new Map<string, TestObject>();
  resolver(allowsTitleOnly: boolean): ShareableResolver {
    const find = (companyId: number, id: string) => this.#byKey.get(`${companyId}:${id}`);
    return {
      allowsTitleOnly,
      exists: (c, id) => Promise.resolve(!!find(c, id)),
      ownerUserId: (c, id) => Promise.resolve(find(c, id)?.ownerUserId ?? null),
      title: (c, id) => Promise.resolve(find(c, id)?.title ?? null),
    };
  }
  add(id: string, o: TestObject): string {
    this.byId.set(id, o);
    this.#byKey.set(`${o.companyId}:${id}`, o);
    return id;
  }
  remove(companyId: number, id: string) {
    this.#byKey.delete(`${companyId}:${id}`);
  }
}

export function registerTestObjects(t: TestApp): TestObjects {
  const objects = new TestObjects();
  t.deps.shareables.register("doc", objects.resolver(false)).register("cal", objects.resolver(true));
  return objects;
}

export interface Member {
  id: number;
  token: string;
  username: string;
}

export interface Co {
  companyId: number;
  admin: Member;
  domain: string;
  org(name: string, parentId?: number): Promise<number>;
  user(loginId: string, organIds?: number[], extra?: Record<string, unknown>): Promise<Member>;
}

export async function company(t: TestApp, domain: string): Promise<Co> {
  const co = await signupCompany(t, { domain });
  const me = await t.call("GET", "/api/users/detail", { token: co.token });
  const admin = { id: me.body.id as number, token: co.token, username: co.username };
  return {
    companyId: co.companyId,
    admin,
    domain: co.domain,
    async org(name, parentId) {
      const r = await t.call("POST", "/api/admin/organizations", { token: co.token, json: { name, parentId } });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.id;
    },
    async user(loginId, organIds = [], extra = {}) {
      const r = await t.call("POST", "/api/admin/users", {
        token: co.token,
        json: { loginId, accountName: loginId[0].toUpperCase() + loginId.slice(1), password: PW, organIds, requestPasswordChange: false },
      });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      if (Object.keys(extra).length > 0) {
        const u = await t.call("PUT", `/api/admin/users/${r.body.id}`, { token: co.token, json: extra });
        expect(u.status, JSON.stringify(u.body)).toBe(200);
      }
      const tokens = await login(t, `${loginId}@${domain}`, PW);
      return { id: r.body.id, token: tokens.access_token, username: `${loginId}@${domain}` };
    },
  };
}

/** A colleague with a display name: Member plus the name and mail address the screens and mails show. */
export interface Person extends Member {
  name: string;
  email: string;
}

/** Makes a signed-in colleague of the company named `name` (accountName) in the given organisations. */
export async function namedPerson(t: TestApp, co: Co, loginId: string, name: string, organIds: number[]): Promise<Person> {
  const r = await t.call("POST", "/api/admin/users", {
    token: co.admin.token,
    json: { loginId, accountName: name, password: PW, organIds, requestPasswordChange: false },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  const username = `${loginId}@${co.domain}`;
  const tokens = await login(t, username, PW);
  return { id: r.body.id, token: tokens.access_token, username, name, email: username };
}
