// Who may do what in the customer book (001 §6): book admins (the company's ROLE_ADMIN users and the named
// customer_admins) read and write every group; a public group is open to every member (READ_WRITE); a private
// group to its members with their privilege. A group the caller cannot read is, to them, not there (404);
// one they read but may not change answers 403 customer.no_permission on a change. Deleted groups are seen by
// those who could write them (to restore them).
import type { DbOrTx } from "../../../../db/client.ts";
import type { CustomerPrivilege } from "../../../../shared/contacts/customers.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import * as repo from "./repo.ts";

export interface Book {
  groups: repo.GroupRow[];
  admin: boolean;
  memberships: Map<number, string>;
}

export async function loadBook(caller: Caller, db: DbOrTx = caller.deps.db): Promise<Book> {
  const { companyId, userId, role } = caller.auth;
  const [groups, memberships, named] = await Promise.all([
    repo.allGroups(db, companyId),
    repo.membershipsOf(db, companyId, userId),
    role === "ROLE_ADMIN" ? Promise.resolve(true) : repo.isNamedAdmin(db, companyId, userId),
  ]);
  return { groups, admin: role === "ROLE_ADMIN" || named, memberships };
}

export function privilegeOf(book: Book, g: repo.GroupRow): CustomerPrivilege | null {
  if (book.admin || g.isPublic) return "READ_WRITE";
  const p = book.memberships.get(g.id);
  return p === "READ" || p === "READ_WRITE" ? p : null;
}

/** A live group the caller reads; 404 otherwise. */
export function readable(book: Book, id: number): repo.GroupRow {
  const g = book.groups.find((x) => x.id === id);
  if (!g || g.deletedAt || !privilegeOf(book, g)) throw notFound();
  return g;
}

/** A live group the caller may change; 404 when they cannot read it, 403 when they only read it. */
export function writable(book: Book, id: number): repo.GroupRow {
  const g = readable(book, id);
  if (privilegeOf(book, g) !== "READ_WRITE") throw new AppError(403, "customer.no_permission");
  return g;
}

/** The group and every group below it. */
export function subtree(book: Book, id: number): repo.GroupRow[] {
  const out: repo.GroupRow[] = [];
  const walk = (pid: number) => {
    for (const g of book.groups.filter((x) => x.parentId === pid)) {
      out.push(g);
      walk(g.id);
    }
  };
  const root = book.groups.find((g) => g.id === id);
  if (root) {
    out.push(root);
    walk(id);
  }
  return out;
}

/** The live groups the caller reads. */
export function readableIds(book: Book): number[] {
  return book.groups.filter((g) => !g.deletedAt && privilegeOf(book, g)).map((g) => g.id);
}
