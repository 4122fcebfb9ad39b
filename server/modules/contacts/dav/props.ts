// The properties CardDAV clients read (RFC 6352 §6.2, §7.1; RFC 6578 sync-token; calendarserver.org's
// getctag): of the address book home, of each address book and of each card.
import type { PropMap, PropRequest } from "../../../dav/multistatus.ts";
import { wants } from "../../../dav/multistatus.ts";
import { child, children, el, escapeXml, NS } from "../../../dav/xml.ts";
import type { Book } from "./books.ts";
import type { Entry } from "./repo.ts";
import { MAX_CARD_BYTES, nameOfLine, type VcardVersion, versionOf } from "./vcard.ts";

const SYNC_TOKEN_PREFIX = "http://groupware.invalid/ns/carddav/";

/** A book's sync token at a value of its counter: a URI (RFC 6578 §3.2). */
export const syncTokenOf = (book: Book, seq: number) => `${SYNC_TOKEN_PREFIX}${book.key}-${seq}${book.scopeTag ? `-${book.scopeTag}` : ""}`;

/** The counter value a token of this book names; null when it is not one of its tokens. */
export function seqOfToken(token: string, book: Book): number | null {
  if (!token.startsWith(SYNC_TOKEN_PREFIX)) return null;
  const m = /^([ugd]\d{1,15})-(\d{1,15})(?:-([0-9a-z]{1,16}))?$/.exec(token.slice(SYNC_TOKEN_PREFIX.length));
  return m && m[1] === book.key && (m[3] ?? "") === (book.scopeTag ?? "") ? Number(m[2]) : null;
}

export const etagOf = (e: Entry) => `"${e.card.id}-${e.seq}"`;

const href = (h: string) => el(NS.DAV, "href", escapeXml(h));
const privilege = (ns: string, name: string) => el(NS.DAV, "privilege", el(ns, name));

function privileges(writable: boolean): string {
  const read = [privilege(NS.DAV, "read"), privilege(NS.DAV, "read-current-user-privilege-set")];
  const write = writable
    ? [privilege(NS.DAV, "write"), privilege(NS.DAV, "write-content"), privilege(NS.DAV, "bind"), privilege(NS.DAV, "unbind")]
    : [];
  return [...read, ...write].join("");
}

const REPORTS = [[NS.CARDDAV, "addressbook-query"], [NS.CARDDAV, "addressbook-multiget"], [NS.DAV, "sync-collection"]] as const;
const reportSet = () => REPORTS.map(([ns, n]) => el(NS.DAV, "supported-report", el(NS.DAV, "report", el(ns, n)))).join("");

const dataType = (version: VcardVersion) => el(NS.CARDDAV, "address-data-type").replace("/>", ` content-type="text/vcard" version="${version}"/>`);

/** The address book home (/dav/addressbooks/<user>/). */
export function homeProps(principal: string, home: string): PropMap {
  return new Map<string, string | null>([
    ["{DAV:}resourcetype", el(NS.DAV, "collection")],
    ["{DAV:}displayname", "Address books"],
    ["{DAV:}current-user-principal", href(principal)],
    ["{DAV:}owner", href(principal)],
    ["{DAV:}current-user-privilege-set", privileges(false)],
    [`{${NS.CARDDAV}}addressbook-home-set`, href(home)],
    ["{DAV:}sync-token", null],
    [`{${NS.CS}}getctag`, null],
  ]);
}

/** An address book; `seq` its counter. */
export function bookProps(book: Book, seq: number, principal: string): PropMap {
  const token = syncTokenOf(book, seq);
  return new Map<string, string | null>([
    ["{DAV:}resourcetype", el(NS.DAV, "collection") + el(NS.CARDDAV, "addressbook")],
    ["{DAV:}displayname", escapeXml(book.title)],
    [`{${NS.CARDDAV}}addressbook-description`, book.description ? escapeXml(book.description) : null],
    [`{${NS.CARDDAV}}supported-address-data`, dataType("3.0") + dataType("4.0")],
    [`{${NS.CARDDAV}}max-resource-size`, String(MAX_CARD_BYTES)],
    [`{${NS.CS}}getctag`, escapeXml(token)],
    ["{DAV:}sync-token", escapeXml(token)],
    ["{DAV:}supported-report-set", reportSet()],
    ["{DAV:}current-user-privilege-set", privileges(book.writable)],
    ["{DAV:}current-user-principal", href(principal)],
    ["{DAV:}owner", book.kind === "private" ? href(principal) : null],
    ["{DAV:}getcontenttype", null],
  ]);
}

/** The version asked for in <CR:address-data version="..."/> (3.0 when none). */
export function askedVersion(req: PropRequest): VcardVersion {
  const e = req.kind === "prop" ? req.elements.get(`{${NS.CARDDAV}}address-data`) : undefined;
  return versionOf(e?.attrs.get("version"));
}

/** The vCard with only the properties <CR:address-data><CR:prop name="..."/></CR:address-data> names (RFC 6352
 * §10.4), BEGIN, END, VERSION and UID always; the whole card when it names none. */
export function onlyAsked(req: PropRequest, vcard: string): string {
  const e = req.kind === "prop" ? req.elements.get(`{${NS.CARDDAV}}address-data`) : undefined;
  const names = children(e, NS.CARDDAV, "prop").map((p) => (p.attrs.get("name") ?? "").toUpperCase());
  if (!names.length || child(e, NS.CARDDAV, "allprop")) return vcard;
  const keep = new Set([...names, "BEGIN", "END", "VERSION", "UID"]);
  return vcard.split(/\r\n(?![ \t])/).filter((l) => l && keep.has(nameOfLine(l)[1])).join("\r\n") + "\r\n";
}

/** A card; address-data (the costly one) only when asked for. */
export function cardProps(e: Entry, req: PropRequest, body: (v: VcardVersion) => string): PropMap {
  const props = new Map<string, string | null>([
    ["{DAV:}resourcetype", ""],
    ["{DAV:}getetag", escapeXml(etagOf(e))],
    ["{DAV:}getcontenttype", "text/vcard; charset=utf-8"],
    ["{DAV:}getlastmodified", e.card.updatedAt.toUTCString()],
    ["{DAV:}displayname", null],
  ]);
  const version = askedVersion(req);
  if (wants(req, "{DAV:}getcontentlength", true)) props.set("{DAV:}getcontentlength", String(new TextEncoder().encode(body(version)).length));
  if (wants(req, `{${NS.CARDDAV}}address-data`, true)) props.set(`{${NS.CARDDAV}}address-data`, escapeXml(onlyAsked(req, body(version))));
  return props;
}
