// The address books of a user as CardDAV collections (RFC 6352 §5.2), each one of the books of
// db/schema/contacts-dav.ts:
// - "contacts": the private book (with useContact). Its groups travel as CATEGORIES on the cards rather than
//   as a collection per group: a card may be in several groups, and a collection per group would show it
//   once per group on a phone (iOS lists every address book of an account in one list; DAVx5 makes a contact
//   per collection), while a card in no group would be in none. DAVx5 ("groups are per-contact
//   categories"), Thunderbird and khard read and write CATEGORIES. Apple's Contacts keeps groups as group
//   vCards (X-ADDRESSBOOKSERVER-KIND:group) instead, and these are served too: each group also as a group
//   vCard in the book, which a client may write (groups.ts says how the two stay one, and what DAVx5 users
//   choose).
// - "customer-<id>": each customer group the user reads (with useCustomer), read-only for READ members.
//   Customer cards are in exactly one group, so a collection per group shows each card once.
// - "directory": the company directory, read-only (directory.ts), with useContact; its counter is the book
//   "d<company id>" of contact_dav_books (db/schema/contacts-dav-groups.ts).
import type { Caller } from "../../../lib/context.ts";
import { companyInfo } from "../../company/service.ts";
import { loadBook, privilegeOf } from "../customers/access.ts";
import { DIRECTORY_NAME, directoryBook } from "./directory.ts";

export const PRIVATE_NAME = "contacts";
const CUSTOMER_PREFIX = "customer-";

export interface Book {
  /** The key of contact_dav_books: "u<user id>" or "g<customer group id>". */
  key: string;
  /** Its path segment. */
  name: string;
  title: string;
  description: string;
  writable: boolean;
  /** The customer group, or null for the private book and the directory. */
  groupId: number | null;
  kind: "private" | "customer" | "directory";
  /** The directory's tag of what the user may see, part of its sync-token. */
  scopeTag?: string;
}

export async function flags(caller: Caller): Promise<{ contact: boolean; customer: boolean }> {
  const info = await companyInfo(caller.deps, caller.auth.companyId);
  return { contact: info.useContact, customer: info.useCustomer };
}

function privateBook(caller: Caller): Book {
  return { key: `u${caller.auth.userId}`, name: PRIVATE_NAME, title: "Contacts", description: "", writable: true, groupId: null, kind: "private" };
}

async function customerBooks(caller: Caller): Promise<Book[]> {
  const book = await loadBook(caller);
  const out: Book[] = [];
  for (const g of book.groups) {
    const p = g.deletedAt ? null : privilegeOf(book, g);
    if (!p) continue;
    out.push({
      key: `g${g.id}`, name: `${CUSTOMER_PREFIX}${g.id}`, title: g.name, description: g.domain ?? "", writable: p === "READ_WRITE", groupId: g.id, kind: "customer",
    });
  }
  return out;
}

/** The books of the user's address book home, the private one first. */
export async function homeBooks(caller: Caller): Promise<Book[]> {
  const f = await flags(caller);
  return [
    ...(f.contact ? [privateBook(caller), await directoryBook(caller)] : []),
    ...(f.customer ? await customerBooks(caller) : []),
  ];
}

/** The book of this path segment the user may read; null when there is none (or it is not theirs to see). */
export async function bookByName(caller: Caller, name: string): Promise<Book | null> {
  if (name === PRIVATE_NAME) return (await flags(caller)).contact ? privateBook(caller) : null;
  if (name === DIRECTORY_NAME) return (await flags(caller)).contact ? await directoryBook(caller) : null;
  const m = new RegExp(`^${CUSTOMER_PREFIX}(\\d{1,15})$`).exec(name);
  if (!m || !(await flags(caller)).customer) return null;
  return (await customerBooks(caller)).find((b) => b.groupId === Number(m[1])) ?? null;
}
