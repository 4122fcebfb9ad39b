// REPORTs on an address book: addressbook-query (RFC 6352 §8.6) with its filter and limit,
// addressbook-multiget (§8.7), and sync-collection (RFC 6578) on the book's counter: the cards changed since
// a token's value (their properties), those gone from the book (404: trashed, purged, deleted or moved to
// another group; tombstones outlive the cards by 90 days), and the current token. In the private book the
// group vCards (groups.ts) are answered beside the cards. A token of another book,
// from the future or older than the kept tombstones answers 403 valid-sync-token, and the client starts over.
import type { PropRequest } from "../../../dav/multistatus.ts";
import { multistatus, propRequestOf, propResponse, statusResponse } from "../../../dav/multistatus.ts";
import { DavError, type DavRequest } from "../../../dav/provider.ts";
import { hrefSegment } from "../../../dav/routes.ts";
import { child, children, el, NS, type XmlElement } from "../../../dav/xml.ts";
import { bodiesOf } from "./bodies.ts";
import type { Book } from "./books.ts";
import { matches, matchesEveryCard, prefilterOf } from "./filter.ts";
import { groupChangesSince, type GroupEntry, groupEntries, groupEntriesByIds, groupEntriesByNames } from "./group-repo.ts";
import { groupProps, renderGroup } from "./groups.ts";
import { cardProps, seqOfToken, syncTokenOf } from "./props.ts";
import * as repo from "./repo.ts";

export const bookHref = (r: DavRequest, b: Book) => `${r.home}${hrefSegment(b.name)}/`;
export const cardHref = (r: DavRequest, b: Book, name: string) => `${bookHref(r, b)}${hrefSegment(name)}`;

export async function report(r: DavRequest, b: Book, root: XmlElement | null): Promise<Response> {
  if (!root) throw new DavError(400);
  if (root.ns === NS.CARDDAV && root.name === "addressbook-query") return await query(r, b, root);
  if (root.ns === NS.CARDDAV && root.name === "addressbook-multiget") return await multiget(r, b, root);
  if (root.ns === NS.DAV && root.name === "sync-collection") return await syncCollection(r, b, root);
  throw new DavError(403, { ns: NS.DAV, name: "supported-report" });
}

async function responsesOf(r: DavRequest, b: Book, list: repo.Entry[], req: PropRequest, groups: GroupEntry[] = []): Promise<string[]> {
  const bodies = await bodiesOf(r.caller.deps.db, r.caller.auth.companyId, b, list);
  return [
    ...list.map((e) => propResponse(cardHref(r, b, e.name), cardProps(e, req, (v) => bodies(e, v)), req)),
    ...groups.map((g) => propResponse(cardHref(r, b, g.name), groupProps(g, req), req)),
  ];
}

/** The book's group vCards (the private book's; none in the others). */
const groupsOf = async (r: DavRequest, b: Book) => (b.kind === "private" ? await groupEntries(r.caller.deps.db, r.caller.auth.companyId, b.key) : []);

async function query(r: DavRequest, b: Book, root: XmlElement): Promise<Response> {
  const filter = child(root, NS.CARDDAV, "filter");
  if (!filter) throw new DavError(400, { ns: NS.CARDDAV, name: "valid-filter" });
  const limitText = child(child(root, NS.CARDDAV, "limit"), NS.CARDDAV, "nresults")?.text.trim();
  const limit = limitText && /^\d{1,9}$/.test(limitText) ? Number(limitText) : null;
  const { db } = r.caller.deps;
  let hits: repo.Entry[];
  if (matchesEveryCard(filter)) hits = await repo.entries(db, r.caller.auth.companyId, b.key);
  else {
    const candidates = await repo.entries(db, r.caller.auth.companyId, b.key, prefilterOf(filter));
    const plain = await bodiesOf(db, r.caller.auth.companyId, b, candidates, false);
    hits = candidates.filter((e) => matches(plain(e, "3.0"), filter));
  }
  const groupHits = (await groupsOf(r, b)).filter((g) => matches(renderGroup(g, "3.0"), filter));
  const shown = limit === null ? hits : hits.slice(0, limit);
  const shownGroups = limit === null ? groupHits : groupHits.slice(0, Math.max(0, limit - shown.length));
  const out = await responsesOf(r, b, shown, propRequestOf(root), shownGroups);
  // More matches than the client's limit: the collection answers 507 (RFC 6352 §8.6.1).
  if (shown.length + shownGroups.length < hits.length + groupHits.length) {
    out.push(el(NS.DAV, "response", el(NS.DAV, "href", bookHref(r, b)) + el(NS.DAV, "status", "HTTP/1.1 507 Insufficient Storage") +
      el(NS.DAV, "error", el(NS.DAV, "number-of-matches-within-limits"))));
  }
  return multistatus(out);
}

/** The resource name an href of this book points at; null for an href elsewhere. */
function nameInBook(r: DavRequest, b: Book, href: string): string | null {
  let path: string;
  try {
    path = decodeURIComponent(new URL(href.trim(), "http://x").pathname).normalize("NFC");
  } catch {
    return null;
  }
  const parent = decodeURIComponent(bookHref(r, b));
  const name = path.startsWith(parent) ? path.slice(parent.length) : "";
  return name && !name.includes("/") ? name : null;
}

async function multiget(r: DavRequest, b: Book, root: XmlElement): Promise<Response> {
  const hrefs = children(root, NS.DAV, "href").map((h) => h.text.trim());
  const names = hrefs.map((h) => nameInBook(r, b, h));
  const wanted = names.filter((n): n is string => n !== null);
  const found = await repo.entriesByNames(r.caller.deps.db, r.caller.auth.companyId, b.key, wanted);
  const byName = new Map(found.map((e) => [e.name, e]));
  const groups = b.kind === "private" ? await groupEntriesByNames(r.caller.deps.db, r.caller.auth.companyId, b.key, wanted) : [];
  const groupByName = new Map(groups.map((g) => [g.name, g]));
  const req = propRequestOf(root);
  const bodies = await bodiesOf(r.caller.deps.db, r.caller.auth.companyId, b, found);
  return multistatus(hrefs.map((h, i) => {
    const e = names[i] === null ? undefined : byName.get(names[i]!);
    const g = names[i] === null ? undefined : groupByName.get(names[i]!);
    if (e) return propResponse(cardHref(r, b, e.name), cardProps(e, req, (v) => bodies(e, v)), req);
    return g ? propResponse(cardHref(r, b, g.name), groupProps(g, req), req) : statusResponse(h, 404);
  }));
}

async function syncCollection(r: DavRequest, b: Book, root: XmlElement): Promise<Response> {
  const tokenText = child(root, NS.DAV, "sync-token")?.text.trim() ?? "";
  const level = child(root, NS.DAV, "sync-level")?.text.trim() ?? "1";
  if (level !== "1" && level !== "infinite" && level !== "infinity") throw new DavError(400);
  const { db } = r.caller.deps;
  const companyId = r.caller.auth.companyId;
  // The counter first: a change committed while the answer is built is listed again next time, never lost.
  const { seq: current, prunedSeq } = await repo.bookState(db, companyId, b.key);
  const token = syncTokenOf(b, current);
  const req = propRequestOf(root);
  if (!tokenText) return multistatus(await responsesOf(r, b, await repo.entries(db, companyId, b.key), req, await groupsOf(r, b)), token);
  const seq = seqOfToken(tokenText, b);
  // From another book, from the future, or older than the tombstones kept (prune.ts): the client starts over.
  if (seq === null || seq > current || seq < prunedSeq) throw new DavError(403, { ns: NS.DAV, name: "valid-sync-token" });
  const changes = seq === current ? [] : await repo.changesSince(db, companyId, b.key, seq);
  const live = await repo.entriesByIds(db, companyId, b.key, changes.filter((c) => !c.deleted).map((c) => c.cardId));
  const groupChanges = b.kind === "private" && seq !== current ? await groupChangesSince(db, companyId, b.key, seq) : [];
  const liveGroups = await groupEntriesByIds(db, companyId, b.key, groupChanges.filter((c) => !c.deleted).map((c) => c.groupId));
  const out = await responsesOf(r, b, live, req, liveGroups);
  const liveNames = new Set([...live.map((e) => e.name), ...liveGroups.map((g) => g.name)]);
  const gone = new Set<string>();
  for (const c of changes) {
    if (liveNames.has(c.name) || gone.has(c.name) || live.some((e) => e.card.id === c.cardId)) continue;
    gone.add(c.name);
    out.push(statusResponse(cardHref(r, b, c.name), 404));
  }
  for (const c of groupChanges) {
    if (liveNames.has(c.name) || gone.has(c.name) || liveGroups.some((g) => g.id === c.groupId)) continue;
    gone.add(c.name);
    out.push(statusResponse(cardHref(r, b, c.name), 404));
  }
  return multistatus(out, token);
}
