// WebDAV paths of the drive, under two homes, each segment a name (NFC, any case: names are unique per folder
// ignoring case):
// - /dav/files/ is the caller's own ROOT.
// - /dav/shared/ lists the items colleagues share with the caller (the browser's "shared with me"), each under
//   its name — two of the same name get their owner's name added, "보고서 (홍길동)", before a file's extension —
//   and below each, its sub-tree, with the caller's permission there (the drive's services check it).
// A path resolves to its item, or, for a name not there, to the folder it would go into (PUT, MKCOL, LOCK, COPY
// and MOVE destinations); a missing folder on the way resolves to nothing (409 for those that create). Each
// path also knows where it is in its owner's tree (locks are on the owner's paths, so the owner and the members
// a folder is shared with see each other's locks).
import { DRIVE_PERMISSION } from "../../../../shared/drive/constants.ts";
import { extensionOf } from "../../../../shared/drive/kinds.ts";
import { DavError } from "../../../dav/provider.ts";
import type { Caller } from "../../../lib/context.ts";
import { type Access, requireAccess } from "../access.ts";
import { type ItemRow, rowsAlong } from "../items/lookup.ts";
import { ownSpecials } from "../items/service.ts";
import { sortNameOf } from "../names.ts";
import * as repo from "../repo.ts";
import { sharedItems } from "../share/service.ts";

export const FILES_HOME = "/dav/files/";
export const SHARED_HOME = "/dav/shared/";
export type Home = typeof FILES_HOME | typeof SHARED_HOME;

export interface Resolved {
  home: Home;
  /** The names of the path under its home ([] is the home itself). */
  names: string[];
  /** The item at the path; null when there is none (and for /dav/shared/ itself, which is no item). */
  item: ItemRow | null;
  /** The folder (or ROOT) the last name is in; null for a home itself, the top level of /dav/shared/, or when a
   *  folder on the way is missing. */
  parent: ItemRow | null;
  /** The owner of the tree the path is in and its names from that owner's ROOT (locks); null where the path is
   *  in no tree (/dav/shared/ itself and names at its top level that are not shared). */
  tree: { userId: number; names: string[] } | null;
}

export const isFolder = (r: ItemRow) => r.kind === "folder" || r.kind === "ROOT";

/** /dav/shared/ itself: the list of the items shared with the caller. */
export const isSharedList = (r: Resolved) => r.home === SHARED_HOME && r.names.length === 0;

/** Refuses to make something where only a colleague's share could be (/dav/shared/'s top level): 403. */
export function refuseAtSharedTop(res: Resolved): void {
  if (res.home === SHARED_HOME && res.names.length <= 1 && !res.item) throw new DavError(403);
}

export async function resolve(caller: Caller, home: Home, names: string[]): Promise<Resolved> {
  if (home === SHARED_HOME) return await resolveShared(caller, names);
  const { root } = await ownSpecials(caller);
  const tree = { userId: caller.auth.userId, names };
  if (!names.length) return { home, names, item: root, parent: null, tree };
  return { home, names, ...await below(caller, await requireAccess(caller, root.id, DRIVE_PERMISSION.read), names), tree };
}

/** The item at `names` below a folder the caller may read, or the folder its last name would go into. */
async function below(caller: Caller, top: Access, names: string[]): Promise<{ item: ItemRow | null; parent: ItemRow | null }> {
  const along = await rowsAlong(caller, top, names);
  if (along.length === names.length) return { item: along.at(-1)!, parent: along.at(-2) ?? top.row };
  const last = along.at(-1) ?? top.row;
  // Only the last name missing: it would go into the folder before it (a file there ends the path: nothing).
  if (along.length === names.length - 1 && isFolder(last)) return { item: null, parent: last };
  return { item: null, parent: null };
}

async function resolveShared(caller: Caller, names: string[]): Promise<Resolved> {
  const home = SHARED_HOME;
  if (!names.length) return { home, names, item: null, parent: null, tree: null };
  const top = (await sharedTops(caller)).find((t) => sortNameOf(t.name) === sortNameOf(names[0].normalize("NFC")));
  if (!top) return { home, names, item: null, parent: null, tree: null };
  // The shared item's access (its chain up to the owner's ROOT) names it in the owner's tree and is the read
  // check of what is below it.
  const a = await requireAccess(caller, top.row.id, DRIVE_PERMISSION.read);
  const tree = { userId: a.row.ownerUserId, names: [...a.chain.slice(0, -1).reverse().map((r) => r.name), ...names.slice(1)] };
  if (names.length === 1) return { home, names, item: a.row, parent: null, tree };
  if (!isFolder(a.row)) return { home, names, item: null, parent: null, tree };
  return { home, names, ...await below(caller, a, names.slice(1)), tree };
}

/** The items shared with the caller (live files and folders), each with the name /dav/shared/ lists it under. */
export async function sharedTops(caller: Caller): Promise<{ name: string; row: ItemRow }[]> {
  const rows = (await sharedItems(caller))
    .filter((r) => r.kind === "file" || r.kind === "folder")
    .sort((a, b) => (a.sortName < b.sortName ? -1 : a.sortName > b.sortName ? 1 : a.id - b.id));
  const count = new Map<string, number>();
  for (const r of rows) count.set(r.sortName, (count.get(r.sortName) ?? 0) + 1);
  const owners = await repo.ownersOf(caller.deps.db, caller.auth.companyId, [...new Set(rows.map((r) => r.ownerUserId))]);
  const used = new Set<string>();
  return rows.map((row) => {
    let name = row.name;
    if (count.get(row.sortName)! > 1) name = withSuffix(row, owners.get(row.ownerUserId)?.name ?? String(row.ownerUserId));
    if (used.has(sortNameOf(name))) name = withSuffix(row, `${owners.get(row.ownerUserId)?.name ?? ""} ${row.id}`.trim());
    used.add(sortNameOf(name));
    return { name, row };
  });
}

/** "name (suffix)", before a file's extension: "보고서 (홍길동).docx". */
function withSuffix(row: ItemRow, suffix: string): string {
  const ext = row.kind === "file" ? extensionOf(row.name) : "";
  const stem = ext ? row.name.slice(0, -(ext.length + 1)) : row.name;
  return `${stem} (${suffix})${ext ? `.${ext}` : ""}`;
}

/** The href of a path; folders end with "/". */
export function hrefOf(home: Home, names: string[], folder: boolean): string {
  if (!names.length) return home;
  return home + names.map((n) => encodeURIComponent(n)).join("/") + (folder ? "/" : "");
}

/** The lock key of a path of an owner's tree: "/" or "/a/b", lower-cased. */
export const lockPathOf = (names: string[]) => "/" + names.map((n) => n.toLowerCase()).join("/");

/**
 * The home and names of a Destination header (or an If header's resource tag) on this server, or null when it
 * is elsewhere (another host, outside both homes, not decodable).
 */
export function placeOfUrl(raw: string, base: URL): { home: Home; names: string[] } | null {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.host !== base.host) return null;
  const home = [FILES_HOME, SHARED_HOME].find((h) => url.pathname === h.slice(0, -1) || url.pathname.startsWith(h)) as Home | undefined;
  if (!home) return null;
  const rest = url.pathname.slice(home.length - 1);
  try {
    return { home, names: rest.split("/").filter((s) => s !== "").map((s) => decodeURIComponent(s).normalize("NFC")) };
  } catch {
    return null;
  }
}
