// Set-up of the address books' browser tests (contacts*, customers*): a mail company with the customer book
// switched on or off, API callers acting as one member that fail loudly on an unexpected status, and a member
// whose private book holds a group and cards of their language.
import type { E2E } from "./browser.ts";
import { mailCompany, type MailCompany, type Who } from "./mail.ts";
import type { Lang } from "./walk-i18n.ts";

/** A company for the address books' tests; `customer`: the customer book on (useCustomer). */
export async function bookCompany(e: E2E, domain: string, opts: { customer?: boolean } = {}): Promise<MailCompany> {
  const co = await mailCompany(e, domain);
  if (opts.customer) {
    const r = await e.t.call("PUT", "/api/admin/company", { token: co.admin.token, json: { useCustomer: true } });
    if (r.status !== 200) throw new Error(`useCustomer: ${r.status} ${JSON.stringify(r.body)}`);
  }
  return co;
}

/** Calls the API as `who`; a status of 300 or more throws with the answer. */
export function apiAs(e: E2E, who: Pick<Who, "token">) {
  return async <T = unknown>(method: string, path: string, json?: unknown): Promise<T> => {
    const r = await e.t.call(method, path, { token: who.token, json });
    if (r.status >= 300) throw new Error(`${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as T;
  };
}

/** A member's language (the profile's languageType) and display name. */
export async function speak(e: E2E, who: Pick<Who, "token">, lng: Lang, accountName = `Mina ${lng}`) {
  await e.t.call("PUT", "/api/users/general", { token: who.token, form: { accountName, personalEmail: "", languageType: lng.toUpperCase() } });
}

export interface Seed {
  group: string;
  people: [userName: string, email: string, company: string][];
}

/**
 * A member speaking `lng` with a private group and its people (full cards, the first one important);
 * `filler` cards more outside the group (a full page that scrolls).
 */
export async function seededMember(e: E2E, co: MailCompany, loginId: string, lng: Lang, seed: Seed, filler = 0) {
  const who = await co.member(loginId);
  const call = apiAs(e, who);
  await speak(e, who, lng);
  const group = await call<{ id: number }>("POST", "/api/contact/group", { groupName: seed.group, parentId: 0 });
  if (filler) {
    await call("POST", "/api/contact/card/all", {
      cardData: Array.from({ length: filler }, (_, i) => ({ userName: `Z ${lng} ${String(i + 1).padStart(2, "0")}`, emailList: [`z${i}@example.net`] })),
    });
  }
  for (const [userName, email, company] of seed.people) {
    await call("POST", "/api/contact/card", {
      cardData: {
        userName, emailList: [email], telList: ["010-1234-5678"], telTypeList: ["CELL"], company, organ: "Sales", position: "Manager",
        urlList: ["example.com"], memo: "memo", contactGroupIdList: [group.id], importantStatus: userName === seed.people[0][0],
      },
    });
  }
  return { who, group };
}
