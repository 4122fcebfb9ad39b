// WebDAV locks of the drive (RFC 4918 §6, §9.10, §9.11): write locks, exclusive or shared, depth 0 or
// infinity, on paths of an owner's tree (repo.ts; db/schema/drive-dav.ts says why paths): the caller's own
// (/dav/files/) or a colleague's they reach through a share (/dav/shared/), so both see the same locks. A write
// names the paths it changes; each lock covering one of them (or, for a folder deleted or moved, below it) must
// have its token submitted in the If header (423 otherwise), and the If header must hold (412 otherwise).
import { child, el, escapeXml, NS } from "../../../dav/xml.ts";
import { DavError, type DavRequest } from "../../../dav/provider.ts";
import { xmlResponse } from "../../../dav/multistatus.ts";
import { etagOf } from "./etag.ts";
import { ifHolds, type IfList, parseIf, tokensOf } from "./if-header.ts";
import { FILES_HOME, hrefOf, lockPathOf, placeOfUrl, resolve, type Resolved } from "./paths.ts";
import * as repo from "./repo.ts";
import { serialize } from "./xml-out.ts";

export const TOKEN_SCHEME = "opaquelocktoken:";
const DEFAULT_TIMEOUT = 3600;
const MAX_TIMEOUT = 86_400;

const covers = (l: repo.LockRow, path: string) =>
  l.path === path || (l.depth === "infinity" && (l.path === "/" || path.startsWith(l.path + "/")));
const below = (l: repo.LockRow, path: string) => l.path !== path && (path === "/" || l.path.startsWith(path + "/"));

/** The live locks of an owner's tree (none for a path in no tree). */
export async function locksOf(r: DavRequest, tree: Resolved["tree"]): Promise<repo.LockRow[]> {
  if (!tree) return [];
  const { caller } = r;
  return await repo.treeLocks(caller.deps.db, caller.auth.companyId, tree.userId, caller.deps.clock.now());
}

export function ifListsOf(r: DavRequest): IfList[] | null {
  const h = r.headers.get("if");
  if (h === null) return null;
  const lists = parseIf(h);
  if (!lists) throw new DavError(400);
  return lists;
}

/**
 * Checks a write: `targets` are the paths it changes (deep: with everything below, for a folder deleted or
 * moved, or a COPY/MOVE destination replaced). `self` is the request's resource, for the If header's untagged lists.
 */
export async function checkWrite(r: DavRequest, self: Resolved, targets: { res: Resolved; deep: boolean }[]): Promise<void> {
  const byTree = new Map<number, repo.LockRow[]>();
  const locksIn = async (tree: Resolved["tree"]) => {
    if (!tree) return [];
    if (!byTree.has(tree.userId)) byTree.set(tree.userId, await locksOf(r, tree));
    return byTree.get(tree.userId)!;
  };
  const lists = ifListsOf(r);
  const submitted = lists ? tokensOf(lists) : new Set<string>();
  for (const t of targets) {
    if (!t.res.tree) continue;
    const path = lockPathOf(t.res.tree.names);
    const byRoot = new Map<string, repo.LockRow[]>();
    for (const l of await locksIn(t.res.tree)) {
      if (covers(l, path) || (t.deep && below(l, path))) byRoot.set(l.path, [...(byRoot.get(l.path) ?? []), l]);
    }
    for (const group of byRoot.values()) {
      if (!group.some((l) => l.lockedBy === r.caller.auth.userId && submitted.has(TOKEN_SCHEME + l.token))) {
        throw new DavError(423, { ns: NS.DAV, name: "lock-token-submitted" });
      }
    }
  }
  if (lists && !(await ifHolds(lists, (res) => stateOf(r, locksIn, res === null ? self : res)))) throw new DavError(412);
}

async function stateOf(r: DavRequest, locksIn: (tree: Resolved["tree"]) => Promise<repo.LockRow[]>, res: Resolved | string) {
  let resolved: Resolved | null = typeof res === "string" ? null : res;
  if (typeof res === "string") {
    const place = placeOfUrl(res, r.url);
    if (place) resolved = await resolve(r.caller, place.home, place.names);
  }
  if (!resolved) return { etag: null, tokens: new Set<string>() };
  const tree = resolved.tree;
  const path = tree ? lockPathOf(tree.names) : null;
  return {
    etag: resolved.item ? etagOf(resolved.item) : null,
    tokens: new Set(path === null ? [] : (await locksIn(tree)).filter((l) => covers(l, path)).map((l) => TOKEN_SCHEME + l.token)),
  };
}

function timeoutOf(header: string | null): number {
  for (const part of (header ?? "").split(",")) {
    const m = /^\s*Second-(\d+)\s*$/i.exec(part);
    if (m) return Math.max(1, Math.min(MAX_TIMEOUT, Number(m[1])));
    if (/^\s*Infinite\s*$/i.test(part)) return MAX_TIMEOUT;
  }
  return DEFAULT_TIMEOUT;
}

export function activeLockXml(l: repo.LockRow, now: Date, rootHref: string): string {
  const left = Math.max(0, Math.round((l.expiresAt.getTime() - now.getTime()) / 1000));
  return el(NS.DAV, "activelock",
    el(NS.DAV, "locktype", el(NS.DAV, "write")) +
      el(NS.DAV, "lockscope", el(NS.DAV, l.scope)) +
      el(NS.DAV, "depth", l.depth) +
      (l.ownerXml ? el(NS.DAV, "owner", l.ownerXml) : "") +
      el(NS.DAV, "timeout", `Second-${left}`) +
      el(NS.DAV, "locktoken", el(NS.DAV, "href", TOKEN_SCHEME + l.token)) +
      el(NS.DAV, "lockroot", el(NS.DAV, "href", escapeXml(rootHref))));
}

/** DAV:lockdiscovery of a path: the locks covering it. */
export function lockDiscovery(locks: repo.LockRow[], res: Pick<Resolved, "home" | "names" | "tree">, folder: boolean, now: Date): string {
  if (!res.tree) return "";
  const path = lockPathOf(res.tree.names);
  return locks.filter((l) => covers(l, path)).map((l) => activeLockXml(l, now, hrefOfLock(l, res, folder))).join("");
}

/**
 * The href of a lock's root as the request's home names it: the path itself, or the folder above it the lock
 * is on (in /dav/shared/, a lock above the shared item shows as on the item: the caller sees nothing above).
 */
function hrefOfLock(l: repo.LockRow, res: Pick<Resolved, "home" | "names" | "tree">, folder: boolean): string {
  const tree = res.tree!;
  if (l.path === lockPathOf(tree.names)) return hrefOf(res.home, res.names, folder);
  const depth = l.path === "/" ? 0 : l.path.split("/").length - 1;
  const offset = tree.names.length - res.names.length; // the owner's names above the home's first one
  const shown = Math.max(depth - offset, res.home === FILES_HOME ? 0 : 1);
  return hrefOf(res.home, res.names.slice(0, shown), true);
}

export const SUPPORTED_LOCK = ["exclusive", "shared"].map((s) =>
  el(NS.DAV, "lockentry", el(NS.DAV, "lockscope", el(NS.DAV, s)) + el(NS.DAV, "locktype", el(NS.DAV, "write")))
).join("");

/** LOCK: a new lock (201 when it made an empty file at an unmapped name) or a refresh (no body, If with the token). */
export async function lock(r: DavRequest, res: Resolved, makeEmpty: () => Promise<void>): Promise<Response> {
  const { caller } = r;
  const { db, clock } = caller.deps;
  const now = clock.now();
  const timeout = timeoutOf(r.headers.get("timeout"));
  if (!res.tree) throw new DavError(res.names.length > 1 ? 409 : 403); // nothing can be made at /dav/shared/'s top level
  const tree = res.tree;
  const path = lockPathOf(tree.names);
  const locks = await locksOf(r, tree);
  const body = await r.xml();
  const folder = !!res.item && (res.item.kind === "folder" || res.item.kind === "ROOT");
  const answer = (l: repo.LockRow, status: number) =>
    xmlResponse(status, el(NS.DAV, "prop", el(NS.DAV, "lockdiscovery", activeLockXml(l, now, hrefOf(res.home, res.names, folder)))), {
      "lock-token": `<${TOKEN_SCHEME}${l.token}>`,
    });
  if (!body) {
    const lists = ifListsOf(r);
    const submitted = lists ? tokensOf(lists) : new Set<string>();
    const mine = locks.filter((l) => covers(l, path) && submitted.has(TOKEN_SCHEME + l.token) && l.lockedBy === caller.auth.userId);
    if (!mine.length) throw new DavError(412, { ns: NS.DAV, name: "lock-token-matches-request-uri" });
    const expiresAt = new Date(now.getTime() + timeout * 1000);
    for (const l of mine) await repo.refreshLock(db, caller.auth.companyId, l.token, timeout, expiresAt);
    return answer({ ...mine[0], timeoutSeconds: timeout, expiresAt }, 200);
  }
  if (body.ns !== NS.DAV || body.name !== "lockinfo") throw new DavError(400);
  const scope = child(child(body, NS.DAV, "lockscope"), NS.DAV, "shared") ? "shared" : "exclusive";
  if (!child(child(body, NS.DAV, "locktype"), NS.DAV, "write")) throw new DavError(400);
  const depthHeader = r.headers.get("depth")?.trim().toLowerCase() ?? "infinity";
  if (depthHeader !== "0" && depthHeader !== "infinity") throw new DavError(400);
  const depth = folder ? depthHeader : "0";
  const conflicting = locks.filter((l) => covers(l, path) || (depth === "infinity" && below(l, path)));
  if (conflicting.some((l) => l.scope === "exclusive") || (scope === "exclusive" && conflicting.length)) {
    throw new DavError(423, { ns: NS.DAV, name: "no-conflicting-lock" });
  }
  let status = 200;
  if (!res.item) {
    if (!res.parent) throw new DavError(409);
    await makeEmpty();
    status = 201;
  }
  const owner = child(body, NS.DAV, "owner");
  const row: repo.LockRow = {
    token: crypto.randomUUID(), companyId: caller.auth.companyId, treeUserId: tree.userId, path, depth, scope,
    ownerXml: owner ? owner.children.map(serialize).join("") + escapeXml(owner.text.trim()) : "",
    lockedBy: caller.auth.userId, timeoutSeconds: timeout, expiresAt: new Date(now.getTime() + timeout * 1000),
  };
  await repo.insertLock(db, row);
  return answer(row, status);
}

/** UNLOCK: the Lock-Token header's lock, which must cover the path (409 otherwise). */
export async function unlock(r: DavRequest, res: Resolved): Promise<Response> {
  const m = /^\s*<opaquelocktoken:([^>]+)>\s*$/i.exec(r.headers.get("lock-token") ?? "");
  if (!m) throw new DavError(400);
  const locks = await locksOf(r, res.tree);
  const l = res.tree && locks.find((x) => x.token === m[1].trim() && covers(x, lockPathOf(res.tree!.names)));
  if (!l || l.lockedBy !== r.caller.auth.userId) throw new DavError(409, { ns: NS.DAV, name: "lock-token-matches-request-uri" });
  await repo.deleteLocks(r.caller.deps.db, r.caller.auth.companyId, [l.token]);
  return new Response(null, { status: 204 });
}

/** The locks on a path and below it (a DELETE or MOVE source goes, its locks with it). */
export async function dropLocks(r: DavRequest, res: Resolved): Promise<void> {
  if (!res.tree) return;
  const path = lockPathOf(res.tree.names);
  const gone = (await locksOf(r, res.tree)).filter((l) => l.path === path || below(l, path));
  await repo.deleteLocks(r.caller.deps.db, r.caller.auth.companyId, gone.map((l) => l.token));
}
