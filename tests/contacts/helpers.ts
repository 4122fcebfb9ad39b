// Set-up shared by the contacts tests: companies with users (the share tests' helpers), and small callers of
// the contacts API that fail loudly on an unexpected status.
import { expect } from "vitest";
import type { ContactCard } from "../../shared/contacts/cards.ts";
import type { ContactGroup } from "../../shared/contacts/groups.ts";
import type { TestApp } from "../support/test-app.ts";

import { company } from "../share/share-helpers.ts";

export { type Co, company, type Member } from "../share/share-helpers.ts";

export interface Who {
  token: string;
}

export function contactsApi(t: TestApp) {
  const ok = async <T>(status: number, method: string, path: string, who: Who, json?: unknown): Promise<T> => {
    const r = await t.call(method, path, { token: who.token, json });
    expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(status);
    return r.body as T;
  };
  return {
    ok,
    addGroup: (who: Who, groupName: string, parentId = 0) =>
      ok<ContactGroup>(201, "POST", "/api/contact/group", who, { groupName, parentId }),
    addCard: (who: Who, cardData: Record<string, unknown>) => ok<ContactCard>(201, "POST", "/api/contact/card", who, { cardData }),
    detail: (who: Who, id: number) => ok<ContactCard>(200, "GET", `/api/contact/detail/${id}`, who),
    async list(who: Who, params: Record<string, string | number | boolean> = {}) {
      const p = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
      return await ok<{ content: ContactCard[]; totalElements: number; totalPages: number; sort: string; dir: string; pageSize: number }>(
        200, "GET", `/api/contact/card?${p}`, who,
      );
    },
    async names(who: Who, params: Record<string, string | number | boolean> = {}) {
      return (await this.list(who, { pageSize: 200, ...params })).content.map((c) => c.userName);
    },
    raw: (method: string, path: string, who: Who, json?: unknown) => t.call(method, path, { token: who.token, json }),
  };
}

/** A card body with a name and an address. */
export function person(userName: string, email: string, extra: Record<string, unknown> = {}) {
  return { userName, emailList: [email], ...extra };
}

/** Two companies (A with a writer and a reader, B for the foreign ids) and the API callers: the customer tests' set-up. */
export async function customerBook(t: TestApp, name: string) {
  const A = await company(t, `${name}-a.test`);
  const B = await company(t, `${name}-b.test`);
  return { A, B, api: contactsApi(t), writer: await A.user("writer"), reader: await A.user("reader") };
}
