// The private groups as group vCards, beside the cards of the private book ("contacts"): one resource per
// group ("group-<id>.vcf", or the name the client gave it), vCard 3.0 as Apple's Contacts writes it
// (X-ADDRESSBOOKSERVER-KIND:group, X-ADDRESSBOOKSERVER-MEMBER:urn:uuid:<card UID>) or vCard 4.0 (KIND:group,
// MEMBER, RFC 6350 §6.1.4, §6.6.5). A client may PUT one (make a group, rename it, change its members) and
// DELETE one; all through the contacts services (groups/service.ts, cards/service.ts changeGroupMembers).
//
// Two representations, one truth. The groups live once, as contact_groups and the card-to-group relations
// the browser edits; a card's CATEGORIES and a group's member list are both rendered from those rows on each
// read, never stored apart. A write through either changes the same rows, and the triggers
// (migrations 0028 and 0035) give a new counter value to both sides: a card joining a group over CATEGORIES
// changes that group's ETag, a member added to a group vCard changes the card's ETag (its CATEGORIES), a
// rename changes the group and every member card. So a client holding a stale copy of either sees it in
// its next sync, and one writing a stale copy with If-Match gets 412 and reads it again. A card PUT without
// CATEGORIES (Apple, DAVx5 in group-vCard mode) keeps its groups (objects.ts): only a client that speaks
// CATEGORIES changes groups through them.
//
// DAVx5: either "Contact group method" keeps the groups in agreement with the browser and the iPhone.
// Choose "Groups are separate vCards" (DAVx5's default, what iOS and macOS use): DAVx5 then reads and writes
// the group vCards and ignores CATEGORIES. With "Groups are per-contact categories" the groups work through
// CATEGORIES too, but DAVx5 saves each group vCard it receives as a plain contact named after the group
// (its CategoriesStrategy drops KIND and MEMBER), so an empty contact per group appears. Clients that know
// neither (khard) likewise list a group vCard as a card named after the group.
//
// Groups are a tree in the browser, flat here: every own group is a group vCard; one made by a client is
// made at the top level. A group with sub-groups cannot be deleted (403, as the browser's 409).
import { LIMITS } from "../../../../shared/contacts/constants.ts";
import { type PropMap, type PropRequest, wants } from "../../../dav/multistatus.ts";
import { checkPreconditions } from "../../../dav/preconditions.ts";
import { DavError } from "../../../dav/provider.ts";
import { escapeXml, NS } from "../../../dav/xml.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { changeGroupMembers } from "../cards/service.ts";
import { addGroup, removeGroup, renameGroup } from "../groups/service.ts";
import type { Book } from "./books.ts";
import * as repo from "./group-repo.ts";
import { askedVersion, onlyAsked } from "./props.ts";
import { contentLines, nameOfLine, type VcardVersion } from "./vcard.ts";
import { escComponent as esc, foldLine as fold } from "../inout/vcard-text.ts";

export type { GroupEntry } from "./group-repo.ts";

export const groupEtagOf = (g: repo.GroupEntry) => `"g${g.id}-${g.seq}"`;

const memberUri = (uid: string) => (/^urn:/i.test(uid) ? uid : `urn:uuid:${uid}`);

/** A group's vCard in the version asked for. */
export function renderGroup(g: repo.GroupEntry, version: VcardVersion): string {
  const v3 = version === "3.0";
  const lines = [
    "BEGIN:VCARD", `VERSION:${version}`, "PRODID:-//Groupware//CardDAV groups//EN", `UID:${esc(g.uid)}`,
    `N:${esc(g.title)};;;;`, `FN:${esc(g.title)}`, v3 ? "X-ADDRESSBOOKSERVER-KIND:group" : "KIND:group",
    ...g.members.map((uid) => `${v3 ? "X-ADDRESSBOOKSERVER-MEMBER" : "MEMBER"}:${memberUri(uid)}`),
    `REV:${g.changedAt.toISOString().replace(/\.\d{3}/, "")}`, "END:VCARD",
  ];
  return lines.map(fold).join("\r\n") + "\r\n";
}

/** A group's DAV properties; address-data only when asked for. */
export function groupProps(g: repo.GroupEntry, req: PropRequest): PropMap {
  const body = renderGroup(g, askedVersion(req));
  const props = new Map<string, string | null>([
    ["{DAV:}resourcetype", ""],
    ["{DAV:}getetag", escapeXml(groupEtagOf(g))],
    ["{DAV:}getcontenttype", "text/vcard; charset=utf-8"],
    ["{DAV:}getlastmodified", g.changedAt.toUTCString()],
    ["{DAV:}displayname", null],
  ]);
  if (wants(req, "{DAV:}getcontentlength", true)) props.set("{DAV:}getcontentlength", String(new TextEncoder().encode(body).length));
  if (wants(req, `{${NS.CARDDAV}}address-data`, true)) props.set(`{${NS.CARDDAV}}address-data`, escapeXml(onlyAsked(req, body)));
  return props;
}

interface ClientGroup {
  uid: string | null;
  title: string;
  /** Member UIDs as the client wrote them (urn:uuid: taken off). */
  members: string[];
}

const valueOf = (line: string) => {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ":" && !quoted) return line.slice(i + 1);
  }
  return "";
};
const unescape = (v: string) => v.replace(/\\([\\,;nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));

/** Whether a PUT body is a group vCard (KIND:group or Apple's X-ADDRESSBOOKSERVER-KIND:group). */
export function isGroupVcard(text: string): boolean {
  return contentLines(text.replace(/^\uFEFF/, "")).some((l) => {
    const name = nameOfLine(l)[1];
    return (name === "KIND" || name === "X-ADDRESSBOOKSERVER-KIND") && valueOf(l).trim().toLowerCase() === "group";
  });
}

const invalid = () => new DavError(403, { ns: NS.CARDDAV, name: "valid-address-data" });

function readClientGroup(text: string): ClientGroup {
  const lines = contentLines(text.replace(/^\uFEFF/, "").normalize("NFC"));
  if (lines.filter((l) => /^BEGIN:VCARD\s*$/i.test(l)).length !== 1 || !/^END:VCARD\s*$/i.test(lines.at(-1) ?? "")) throw invalid();
  const of = (name: string) => lines.filter((l) => nameOfLine(l)[1] === name).map((l) => unescape(valueOf(l)).trim());
  const title = (of("FN")[0] || of("N")[0]?.split(";")[0] || "").trim();
  if (!title || title.length > LIMITS.groupName) throw invalid();
  const members = [...of("MEMBER"), ...of("X-ADDRESSBOOKSERVER-MEMBER")].map((m) => m.replace(/^urn:uuid:/i, "")).filter(Boolean);
  return { uid: of("UID")[0] || null, title, members: [...new Set(members)] };
}

/** A service's refusal as a DAV answer. */
async function viaService<T>(f: () => Promise<T>): Promise<T> {
  try {
    return await f();
  } catch (e) {
    if (!(e instanceof AppError) || e.status >= 500) throw e;
    if (e.status === 404) throw new DavError(404);
    if (e.status === 403) throw new DavError(403, { ns: NS.DAV, name: "need-privileges" });
    throw invalid();
  }
}

/** The member list becomes the client's: the own cards it names by UID (others are left out). */
async function setMembers(caller: Caller, g: { id: number; members: string[] }, wanted: string[]) {
  const { db } = caller.deps;
  const { companyId, userId } = caller.auth;
  const uidsOf = (list: string[]) => [...new Set(list.flatMap((u) => [u, `urn:uuid:${u.replace(/^urn:uuid:/i, "")}`, u.replace(/^urn:uuid:/i, "")]))];
  const [want, have] = await Promise.all([
    repo.cardIdsByUids(db, companyId, userId, uidsOf(wanted)),
    repo.cardIdsByUids(db, companyId, userId, uidsOf(g.members)),
  ]);
  const wantSet = new Set(want);
  const haveSet = new Set(have);
  await viaService(() => changeGroupMembers(caller, g.id, want.filter((id) => !haveSet.has(id)), have.filter((id) => !wantSet.has(id))));
}

/** PUT of a group vCard under `name` in the private book; `existing` the group there now, if any. */
export async function putGroup(
  caller: Caller, book: Book, name: string, body: string, headers: Headers, existing: repo.GroupEntry | undefined,
): Promise<{ created: boolean }> {
  const client = readClientGroup(body);
  checkPreconditions(headers, existing ? groupEtagOf(existing) : null);
  const { db } = caller.deps;
  const companyId = caller.auth.companyId;
  if (existing) {
    if (client.uid !== null && client.uid !== existing.uid) throw new DavError(403, { ns: NS.CARDDAV, name: "no-uid-conflict" });
    if (client.title !== existing.title) await viaService(() => renameGroup(caller, existing.id, client.title));
    await setMembers(caller, existing, client.members);
    return { created: false };
  }
  const uid = client.uid ?? crypto.randomUUID();
  if (await repo.groupEntryByUid(db, companyId, book.key, uid)) throw new DavError(403, { ns: NS.CARDDAV, name: "no-uid-conflict" });
  const made = await viaService(() => addGroup(caller, { groupName: client.title, parentId: 0 }));
  await repo.setGroupIdentity(db, companyId, made.id, name === repo.defaultGroupName(made.id) ? null : name, uid);
  await setMembers(caller, { id: made.id, members: [] }, client.members);
  return { created: true };
}

/** DELETE of a group vCard: the group goes (its cards stay), as the browser deletes it. */
export async function deleteGroup(caller: Caller, g: repo.GroupEntry, headers: Headers): Promise<void> {
  checkPreconditions(headers, groupEtagOf(g));
  await viaService(() => removeGroup(caller, g.id));
}
