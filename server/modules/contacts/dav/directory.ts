// The company directory: a read-only address book ("directory") of the user's active colleagues, as the
// organisation chart shows them (organizations/visibility.ts colleagueScope): everyone for most users; for
// an org-chart-restricted user only the members of their own organisations and themselves, the same people
// the chart's member lists and the address autocomplete show them. Each card ("<user id>.vcf"): the name,
// the company address, ORG (company; the representative organisation, or the first one the viewer may see),
// TITLE (position, else job grade). The user model keeps no phone number and no photo, so the cards carry
// none. PUT, DELETE and PROPPATCH answer 403 need-privileges.
//
// Changes: contact_dav_people (migration 0035) gives each user the book counter's value of their last change
// that shows here (name, address, position, organisation, memberships, an organisation renamed, status,
// role, restriction). A sync lists the changed users the viewer sees and answers 404 for the others
// (deactivated, deleted, moved out of the viewer's organisations). A change of what the viewer may see
// (their own organisations, their restriction) changes the token's scope tag: the old token is refused
// (403 valid-sync-token) and the client reads the book again.
import { multistatus, propRequestOf, propResponse, type PropMap, type PropRequest, statusResponse, wants } from "../../../dav/multistatus.ts";
import { notModified } from "../../../dav/preconditions.ts";
import { DavError, type DavRequest } from "../../../dav/provider.ts";
import { child, children, escapeXml, NS, type XmlElement } from "../../../dav/xml.ts";
import type { Caller } from "../../../lib/context.ts";
import { companyInfo } from "../../company/service.ts";
import { canSeeNode, colleagueScope } from "../../organizations/visibility.ts";
import type { Book } from "./books.ts";
import { type Colleague, colleagues, peopleChangedSince } from "./directory-repo.ts";
import { matches } from "./filter.ts";
import { askedVersion, onlyAsked, seqOfToken, syncTokenOf } from "./props.ts";
import * as repo from "./repo.ts";
import { bookHref, cardHref } from "./report.ts";
import { type VcardVersion, versionOf } from "./vcard.ts";

export const DIRECTORY_NAME = "directory";

/** A short tag of what the caller may see: a token made under another scope is refused. */
function scopeTagOf(own: Set<number> | null): string {
  const text = own ? [...own].sort((a, b) => a - b).join(",") : "all";
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h.toString(36);
}

export async function directoryBook(caller: Caller): Promise<Book> {
  const { scope } = await colleagueScope(caller);
  return {
    key: `d${caller.auth.companyId}`, name: DIRECTORY_NAME, title: "Company directory", description: "", writable: false, groupId: null,
    kind: "directory", scopeTag: scopeTagOf(scope.own),
  };
}

interface View {
  company: string;
  list: Colleague[];
  orgName: (c: Colleague) => string;
}

/** The colleagues the caller sees (`ids` only, when given). */
async function view(caller: Caller, ids?: number[]): Promise<View> {
  const [{ orgs, scope, userIds }, info] = await Promise.all([colleagueScope(caller), companyInfo(caller.deps, caller.auth.companyId)]);
  const visible = userIds === null ? ids ?? null : ids ? ids.filter((id) => userIds.includes(id)) : userIds;
  const list = await colleagues(caller.deps.db, caller.auth.companyId, visible);
  const names = new Map(orgs.map((o) => [o.id, o.name]));
  const orgName = (c: Colleague) => {
    const shown = [c.organId, ...c.memberOf].filter((id): id is number => id !== null && names.has(id) && canSeeNode(scope, id));
    return shown.length ? names.get(shown[0])! : "";
  };
  return { company: info.name, list, orgName };
}

const esc = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/,/g, "\\,").replace(/;/g, "\\;");
const nameOf = (c: Colleague) => `${c.id}.vcf`;
const etagOf = (c: Colleague) => `"p${c.id}-${c.seq}"`;

function render(v: View, c: Colleague, version: VcardVersion): string {
  const title = c.position || c.jobGrade || "";
  const lines = [
    "BEGIN:VCARD", `VERSION:${version}`, "PRODID:-//Groupware//CardDAV directory//EN", `UID:colleague-${c.id}`,
    `N:${esc(c.name)};;;;`, `FN:${esc(c.name)}`,
    version === "3.0" ? `EMAIL;TYPE=INTERNET,WORK:${esc(c.email)}` : `EMAIL;TYPE=work:${esc(c.email)}`,
    `ORG:${esc(v.company)}${v.orgName(c) ? `;${esc(v.orgName(c))}` : ""}`,
    ...(title ? [`TITLE:${esc(title)}`] : []),
    `REV:${c.changedAt.toISOString().replace(/\.\d{3}/, "")}`, "END:VCARD",
  ];
  return lines.join("\r\n") + "\r\n";
}

function props(v: View, c: Colleague, req: PropRequest): PropMap {
  const body = render(v, c, askedVersion(req));
  const out = new Map<string, string | null>([
    ["{DAV:}resourcetype", ""],
    ["{DAV:}getetag", escapeXml(etagOf(c))],
    ["{DAV:}getcontenttype", "text/vcard; charset=utf-8"],
    ["{DAV:}getlastmodified", c.changedAt.toUTCString()],
    ["{DAV:}displayname", null],
  ]);
  if (wants(req, "{DAV:}getcontentlength", true)) out.set("{DAV:}getcontentlength", String(new TextEncoder().encode(body).length));
  if (wants(req, `{${NS.CARDDAV}}address-data`, true)) out.set(`{${NS.CARDDAV}}address-data`, escapeXml(onlyAsked(req, body)));
  return out;
}

const idOfName = (name: string) => {
  const m = /^(\d{1,15})\.vcf$/.exec(name);
  return m ? Number(m[1]) : null;
};

/** The cards of a PROPFIND of depth 1 on the directory. */
export async function directoryListing(r: DavRequest, b: Book, req: PropRequest): Promise<string[]> {
  const v = await view(r.caller);
  return v.list.map((c) => propResponse(cardHref(r, b, nameOf(c)), props(v, c, req), req));
}

/** REPORTs on the directory: addressbook-query, addressbook-multiget, sync-collection. */
export async function directoryReport(r: DavRequest, b: Book, root: XmlElement | null): Promise<Response> {
  if (!root) throw new DavError(400);
  const req = propRequestOf(root);
  if (root.ns === NS.CARDDAV && root.name === "addressbook-query") {
    const filter = child(root, NS.CARDDAV, "filter");
    if (!filter) throw new DavError(400, { ns: NS.CARDDAV, name: "valid-filter" });
    const v = await view(r.caller);
    return multistatus(v.list.filter((c) => matches(render(v, c, "3.0"), filter)).map((c) => propResponse(cardHref(r, b, nameOf(c)), props(v, c, req), req)));
  }
  if (root.ns === NS.CARDDAV && root.name === "addressbook-multiget") {
    const hrefs = children(root, NS.DAV, "href").map((h) => h.text.trim());
    const prefix = decodeURIComponent(bookHref(r, b));
    const ids = hrefs.map((h) => {
      const path = (() => {
        try {
          return decodeURIComponent(new URL(h, "http://x").pathname);
        } catch {
          return "";
        }
      })();
      return path.startsWith(prefix) ? idOfName(path.slice(prefix.length)) : null;
    });
    const v = await view(r.caller, ids.filter((x): x is number => x !== null));
    const byId = new Map(v.list.map((c) => [c.id, c]));
    return multistatus(hrefs.map((h, i) => {
      const c = ids[i] === null ? undefined : byId.get(ids[i]!);
      return c ? propResponse(cardHref(r, b, nameOf(c)), props(v, c, req), req) : statusResponse(h, 404);
    }));
  }
  if (root.ns === NS.DAV && root.name === "sync-collection") return await sync(r, b, root, req);
  throw new DavError(403, { ns: NS.DAV, name: "supported-report" });
}

async function sync(r: DavRequest, b: Book, root: XmlElement, req: PropRequest): Promise<Response> {
  const tokenText = child(root, NS.DAV, "sync-token")?.text.trim() ?? "";
  const level = child(root, NS.DAV, "sync-level")?.text.trim() ?? "1";
  if (level !== "1" && level !== "infinite" && level !== "infinity") throw new DavError(400);
  const { db } = r.caller.deps;
  const companyId = r.caller.auth.companyId;
  // The counter first: a change committed while the answer is built is listed again next time, never lost.
  const { seq: current, prunedSeq } = await repo.bookState(db, companyId, b.key);
  const token = syncTokenOf(b, current);
  if (!tokenText) {
    const v = await view(r.caller);
    return multistatus(v.list.map((c) => propResponse(cardHref(r, b, nameOf(c)), props(v, c, req), req)), token);
  }
  const seq = seqOfToken(tokenText, b);
  if (seq === null || seq > current || seq < prunedSeq) throw new DavError(403, { ns: NS.DAV, name: "valid-sync-token" });
  const changed = seq === current ? [] : await peopleChangedSince(db, companyId, b.key, seq);
  const v = await view(r.caller, changed);
  const live = new Set(v.list.map((c) => c.id));
  return multistatus([
    ...v.list.map((c) => propResponse(cardHref(r, b, nameOf(c)), props(v, c, req), req)),
    ...changed.filter((id) => !live.has(id)).map((id) => statusResponse(cardHref(r, b, `${id}.vcf`), 404)),
  ], token);
}

/** A colleague's card: GET, PROPFIND; writes answer 403 need-privileges. */
export async function directoryResource(r: DavRequest, b: Book, name: string): Promise<Response> {
  if (r.method === "PUT" || r.method === "DELETE" || r.method === "PROPPATCH") throw new DavError(403, { ns: NS.DAV, name: "need-privileges" });
  if (r.method !== "GET" && r.method !== "PROPFIND") {
    if (r.method === "REPORT") throw new DavError(403, { ns: NS.DAV, name: "supported-report" });
    throw new DavError(405);
  }
  const id = idOfName(name);
  const v = await view(r.caller, id === null ? [] : [id]);
  const c = v.list[0];
  if (!c) throw new DavError(404);
  if (r.method === "PROPFIND") {
    const req = propRequestOf(await r.xml());
    return multistatus([propResponse(cardHref(r, b, nameOf(c)), props(v, c, req), req)]);
  }
  const etag = etagOf(c);
  if (notModified(r.headers, etag)) return new Response(null, { status: 304, headers: { etag } });
  const version = versionOf(r.headers.get("accept"));
  return new Response(render(v, c, version), {
    status: 200,
    headers: { "content-type": `text/vcard; charset=utf-8; version=${version}`, etag, "last-modified": c.changedAt.toUTCString() },
  });
}
