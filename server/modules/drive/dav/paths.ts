// WebDAV paths of the drive: /dav/files/ is the caller's own ROOT, each segment a name (NFC, any case: names
// are unique per folder ignoring case). A path resolves to its item, or, for a name not there, to the folder
// it would go into (PUT, MKCOL, LOCK, COPY and MOVE destinations); a missing folder on the way resolves to
// nothing (409 for those that create).
import type { Caller } from "../../../lib/context.ts";
import { type ItemRow, rowsAlong } from "../items/lookup.ts";
import { ownSpecials } from "../items/service.ts";

export const FILES_HOME = "/dav/files/";

export interface Resolved {
  /** The names of the path ([] is the root). */
  names: string[];
  /** The caller's ROOT row. */
  root: ItemRow;
  /** The item at the path; null when there is none. */
  item: ItemRow | null;
  /** The folder (or ROOT) the last name is in; null for the root itself or when a folder on the way is missing. */
  parent: ItemRow | null;
}

export const isFolder = (r: ItemRow) => r.kind === "folder" || r.kind === "ROOT";

export async function resolve(caller: Caller, names: string[]): Promise<Resolved> {
  const { root } = await ownSpecials(caller);
  if (!names.length) return { names, root, item: root, parent: null };
  const along = await rowsAlong(caller, root.id, names);
  if (along.length === names.length) return { names, root, item: along.at(-1)!, parent: along.at(-2) ?? root };
  const last = along.at(-1) ?? root;
  // Only the last name missing: it would go into the folder before it (a file there ends the path: nothing).
  if (along.length === names.length - 1 && isFolder(last)) return { names, root, item: null, parent: last };
  return { names, root, item: null, parent: null };
}

/** The href of a path; folders end with "/". */
export function hrefOf(names: string[], folder: boolean): string {
  if (!names.length) return FILES_HOME;
  return FILES_HOME + names.map((n) => encodeURIComponent(n)).join("/") + (folder ? "/" : "");
}

/** The lock key of a path: "/" or "/a/b", lower-cased. */
export const lockPathOf = (names: string[]) => "/" + names.map((n) => n.toLowerCase()).join("/");

/**
 * The names of a Destination header (or an If header's resource tag) on this server, or null when it is
 * elsewhere (another host, outside /dav/files/, not decodable).
 */
export function namesOfUrl(raw: string, base: URL): string[] | null {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.host !== base.host || !url.pathname.startsWith(FILES_HOME.slice(0, -1))) return null;
  const rest = url.pathname.slice(FILES_HOME.length - 1);
  try {
    return rest.split("/").filter((s) => s !== "").map((s) => decodeURIComponent(s).normalize("NFC"));
  } catch {
    return null;
  }
}
