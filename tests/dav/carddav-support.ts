// Set-up of the CardDAV tests: vCards as phones send them, the request bodies of the CardDAV REPORTs, and
// callers of the customer book API (the private book's are tests/contacts/helpers.ts).
import type { TestApp } from "../support/test-app.ts";
import { company } from "../contacts/helpers.ts";
import { setClientPassword } from "./support.ts";
import { expect } from "vitest";

export const VCARD = { "content-type": "text/vcard; charset=utf-8" };

/** A vCard 3.0 with a name, an address and a phone, and `extra` lines before END. */
export function vcard(uid: string, fn: string, email: string, extra: string[] = []): string {
  const [given, ...rest] = fn.split(" ");
  return [
    "BEGIN:VCARD", "VERSION:3.0", "PRODID:-//CardDAV test//EN", `UID:${uid}`, `FN:${fn}`, `N:${rest.join(" ")};${given};;;`,
    `EMAIL;TYPE=INTERNET:${email}`, "TEL;TYPE=CELL:010-1234-5678", ...extra, "END:VCARD", "",
  ].join("\r\n");
}

const NSS = `xmlns:d="DAV:" xmlns:cr="urn:ietf:params:xml:ns:carddav" xmlns:cs="http://calendarserver.org/ns/"`;

export const propfind = (props: string) => `<?xml version="1.0" encoding="utf-8"?><d:propfind ${NSS}><d:prop>${props}</d:prop></d:propfind>`;

export const query = (filter: string, extra = "") =>
  `<?xml version="1.0" encoding="utf-8"?><cr:addressbook-query ${NSS}><d:prop><d:getetag/><cr:address-data/></d:prop>${filter}${extra}</cr:addressbook-query>`;

export const multiget = (hrefs: string[], version?: string) =>
  `<?xml version="1.0" encoding="utf-8"?><cr:addressbook-multiget ${NSS}><d:prop><d:getetag/><cr:address-data${
    version ? ` content-type="text/vcard" version="${version}"` : ""
  }/></d:prop>${hrefs.map((h) => `<d:href>${h}</d:href>`).join("")}</cr:addressbook-multiget>`;

export const syncCollection = (token: string) =>
  `<?xml version="1.0" encoding="utf-8"?><d:sync-collection ${NSS}><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;

export interface Who {
  token: string;
}

/** The customer book through its API. */
export function customersApi(t: TestApp) {
  const ok = async <T>(status: number, method: string, path: string, who: Who, json?: unknown): Promise<T> => {
    const r = await t.call(method, path, { token: who.token, json });
    expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBe(status);
    return r.body as T;
  };
  return {
    addGroup: (who: Who, json: Record<string, unknown>) => ok<{ id: number }>(201, "POST", "/api/customer/group", who, json),
    addCard: (who: Who, groupId: number, cardData: Record<string, unknown>) => ok<{ id: number }>(201, "POST", "/api/customer/card", who, { groupId, cardData }),
    list: async (who: Who, groupId: number) =>
      (await ok<{ content: { id: number; userName: string }[] }>(200, "GET", `/api/customer/card?groupId=${groupId}&pageSize=100`, who)).content,
  };
}

/**
 * The cast of the CardDAV tests, made when the file loads: a company with the member kim, who has a client
 * (mail-program) password, and kim's private address book's path.
 */
export async function cardDavCast(t: TestApp, domain: string) {
  const A = await company(t, domain);
  const kim = await A.user("kim");
  await setClientPassword(t, A.companyId, kim.id);
  return { A, kim, book: `/dav/addressbooks/${kim.username}/contacts/`, me: () => ({ username: kim.username }) };
}
