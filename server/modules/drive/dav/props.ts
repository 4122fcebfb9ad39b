// PROPFIND and PROPPATCH of the drive's WebDAV. Live properties (RFC 4918 §15, RFC 4331 quota on folders)
// come from the item; any property outside the DAV: namespace may be set by PROPPATCH and is kept as a dead
// property (repo.ts), given back in PROPFIND; DAV: properties cannot be set (403
// cannot-modify-protected-property). A PROPPATCH is all or nothing (the others then answer 424).
import { multistatus, propRequestOf, propResponse, propstat, proppatchOf, type PropMap, statusResponse } from "../../../dav/multistatus.ts";
import { DavError, type DavRequest } from "../../../dav/provider.ts";
import { el, escapeXml, NS } from "../../../dav/xml.ts";
import type { Caller } from "../../../lib/context.ts";
import { quota } from "../../users/service.ts";
import { childRows, type ItemRow } from "../items/lookup.ts";
import { etagOf, httpDate } from "./etag.ts";
import { checkWrite, lockDiscovery, locksOf, SUPPORTED_LOCK } from "./locks.ts";
import { FILES_HOME, hrefOf, isFolder, isSharedList, type Resolved, SHARED_HOME, sharedTops } from "./paths.ts";
import * as repo from "./repo.ts";
import { innerOf } from "./xml-out.ts";

const D = (name: string) => `{DAV:}${name}`;

type Place = Pick<Resolved, "home" | "names" | "tree">;

function liveProps(r: ItemRow, place: Place, locks: repo.LockRow[], now: Date, q: { total: number; used: number } | null): PropMap {
  const folder = isFolder(r);
  const props: PropMap = new Map<string, string | null>([
    [D("resourcetype"), folder ? el(NS.DAV, "collection") : ""],
    // An item at /dav/shared/'s top level shows the name it is listed under there ("보고서 (홍길동)").
    [D("displayname"), escapeXml(r.kind === "ROOT" ? "Drive" : place.home === SHARED_HOME && place.names.length === 1 ? place.names[0] : r.name)],
    [D("getetag"), escapeXml(etagOf(r))],
    [D("getlastmodified"), httpDate(r.updatedAt)],
    [D("creationdate"), r.createdAt.toISOString()],
    [D("supportedlock"), SUPPORTED_LOCK],
    [D("lockdiscovery"), lockDiscovery(locks, place, folder, now)],
  ]);
  if (!folder) {
    props.set(D("getcontentlength"), String(r.size));
    props.set(D("getcontenttype"), escapeXml(r.mimeType ?? "application/octet-stream"));
  } else if (q) {
    props.set(D("quota-used-bytes"), String(q.used));
    props.set(D("quota-available-bytes"), q.total > 0 ? String(Math.max(0, q.total - q.used)) : null);
  }
  return props;
}

async function quotaOf(caller: Caller) {
  const q = await quota(caller);
  return { total: q.totalQuota, used: q.usedSize };
}

export async function propfind(r: DavRequest, res: Resolved): Promise<Response> {
  const depth = r.depth("infinity");
  if (depth === "infinity") throw new DavError(403, { ns: NS.DAV, name: "propfind-finite-depth" });
  if (isSharedList(res)) return await propfindSharedList(r, depth);
  if (!res.item) throw new DavError(404);
  const req = propRequestOf(await r.xml());
  const entries: { row: ItemRow; place: Place }[] = [{ row: res.item, place: res }];
  if (depth === "1" && isFolder(res.item)) {
    for (const c of await childRows(r.caller, res.item.id)) {
      if (c.kind !== "file" && c.kind !== "folder") continue;
      entries.push({ row: c, place: { home: res.home, names: [...res.names, c.name], tree: res.tree && { ...res.tree, names: [...res.tree.names, c.name] } } });
    }
  }
  const { db, clock } = r.caller.deps;
  const now = clock.now();
  const [locks, dead, q] = await Promise.all([
    locksOf(r, res.tree),
    repo.propsOf(db, r.caller.auth.companyId, entries.map((e) => e.row.id)),
    // The quota is the caller's own: shown on their own folders only.
    res.home === FILES_HOME && entries.some((e) => isFolder(e.row)) ? quotaOf(r.caller) : null,
  ]);
  return multistatus(entries.map(({ row, place }) => {
    const props = liveProps(row, place, locks, now, q);
    for (const [name, value] of dead.get(row.id) ?? []) props.set(name, value);
    return propResponse(hrefOf(place.home, place.names, isFolder(row)), props, req);
  }));
}

/** /dav/shared/ itself: a collection of no item, and (depth 1) the items shared with the caller. */
async function propfindSharedList(r: DavRequest, depth: "0" | "1"): Promise<Response> {
  const req = propRequestOf(await r.xml());
  const self: PropMap = new Map([
    [D("resourcetype"), el(NS.DAV, "collection")],
    [D("displayname"), "Shared"],
    [D("supportedlock"), ""],
    [D("lockdiscovery"), ""],
  ]);
  const out = [propResponse(SHARED_HOME, self, req)];
  if (depth === "1") {
    const now = r.caller.deps.clock.now();
    const tops = await sharedTops(r.caller);
    const dead = await repo.propsOf(r.caller.deps.db, r.caller.auth.companyId, tops.map((t) => t.row.id));
    for (const t of tops) {
      // Locks show when the item itself is asked for (its owner's tree is looked up then).
      const props = liveProps(t.row, { home: SHARED_HOME, names: [t.name], tree: null }, [], now, null);
      for (const [name, value] of dead.get(t.row.id) ?? []) props.set(name, value);
      out.push(propResponse(hrefOf(SHARED_HOME, [t.name], isFolder(t.row)), props, req));
    }
  }
  return multistatus(out);
}

export async function proppatch(r: DavRequest, res: Resolved): Promise<Response> {
  if (!res.item) throw new DavError(404);
  await checkWrite(r, res, [{ res, deep: false }]);
  const body = await r.xml();
  if (!body || body.ns !== NS.DAV || body.name !== "propertyupdate") throw new DavError(400);
  const ops = proppatchOf(body);
  const refused = ops.filter((o) => o.name.ns === NS.DAV);
  const href = hrefOf(res.home, res.names, isFolder(res.item));
  const tag = (o: (typeof ops)[number]) => el(o.name.ns, o.name.name);
  if (refused.length) {
    const rest = ops.filter((o) => o.name.ns !== NS.DAV);
    return multistatus([el(NS.DAV, "response",
      el(NS.DAV, "href", escapeXml(href)) +
        propstat(refused.map(tag).join(""), 403) +
        (rest.length ? propstat(rest.map(tag).join(""), 424) : ""))]);
  }
  const { db } = r.caller.deps;
  const companyId = r.caller.auth.companyId;
  const itemId = res.item.id;
  await db.transaction(async (tx) => {
    for (const o of ops) {
      if (o.op === "set") await repo.setProp(tx, companyId, itemId, o.name.clark, innerOf(o.value));
      else await repo.removeProp(tx, companyId, itemId, o.name.clark);
    }
  });
  if (!ops.length) return multistatus([statusResponse(href, 200)]);
  return multistatus([el(NS.DAV, "response", el(NS.DAV, "href", escapeXml(href)) + propstat(ops.map(tag).join(""), 200))]);
}
