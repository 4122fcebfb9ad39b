// A card as a CardDAV client gets it and what a client's PUT becomes. Rendering reuses the contacts' export
// writer (inout/vcard-write.ts: vCard 3.0 or 4.0), then gives the UID exactly as stored (the writer turns a
// 4.0 UID into urn:uuid:), adds the card's private groups as CATEGORIES, and the properties the card model
// has no field for that the client sent (kept in contact_dav_extras, as the calendar keeps unknown
// iCalendar properties in the object's text).
//
// Reading reuses the importer (inout/vcard-read.ts and normalOfImported: the same cleaning as an imported
// card) and checks the result as the API checks cardData (shared/contacts/cards.ts cardInput). What is
// lost on the way: values the card model refuses (an invalid e-mail address, URL or birthday, over-long
// text, more than the limit of values), parameters of mapped properties other than the types it knows
// (PREF, custom labels other than iPhone's X-ABLabel), a second ORG or TITLE, and N's prefix and suffix.
import { type CardInput, cardInput } from "../../../../shared/contacts/cards.ts";
import { DavError } from "../../../dav/provider.ts";
import { NS } from "../../../dav/xml.ts";
import { listsOf } from "../cards/normal.ts";
import { base64Of, type Photo } from "../cards/photo.ts";
import type { CardView } from "../cards/repo.ts";
import { normalOfImported } from "../inout/service.ts";
import { readVcards } from "../inout/vcard-read.ts";
import { vcardOf } from "../inout/vcard-write.ts";
import { components, escComponent as esc, foldLine as fold } from "../inout/vcard-text.ts";

export type VcardVersion = "3.0" | "4.0";

/** The largest vCard accepted (max-resource-size): a photo of the card model's limit, base64, and text. */
export const MAX_CARD_BYTES = 2 * 1024 * 1024 - 64 * 1024;
/** The most text of unknown properties kept per card. */
const MAX_EXTRAS_CHARS = 64 * 1024;

const invalid = () => new DavError(403, { ns: NS.CARDDAV, name: "valid-address-data" });

/** Properties the card model maps (everything else is kept as the client wrote it). */
const MAPPED = new Set([
  "BEGIN", "END", "VERSION", "PRODID", "UID", "FN", "N", "EMAIL", "TEL", "ADR", "ORG", "TITLE", "URL", "NOTE", "BDAY", "PHOTO",
  "X-PHONETIC-FIRST-NAME", "X-PHONETIC-LAST-NAME", "REV", "CATEGORIES",
]);

/** Physical lines → content lines (RFC 6350 §3.2 unfolding). */
export function contentLines(text: string): string[] {
  const out: string[] = [];
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    if ((line.startsWith(" ") || line.startsWith("\t")) && out.length) out[out.length - 1] += line.slice(1);
    else if (line.trim()) out.push(line);
  }
  return out;
}

/** A content line's group and upper-case name ("item1.EMAIL;TYPE=x:..." → ["item1", "EMAIL"]). */
export function nameOfLine(line: string): [string, string] {
  const head = /^([A-Za-z0-9.-]+)/.exec(line)?.[1] ?? "";
  const dot = head.lastIndexOf(".");
  return [dot >= 0 ? head.slice(0, dot).toLowerCase() : "", (dot >= 0 ? head.slice(dot + 1) : head).toUpperCase()];
}

/** The vCard of a card in a client's version. */
export function renderCard(card: CardView, version: VcardVersion, photo: Photo | null, categories: string[], extras: string): string {
  const text = vcardOf(card, version, photo);
  const lines = contentLines(text).filter((l) => nameOfLine(l)[1] !== "UID" && nameOfLine(l)[1] !== "END");
  lines.splice(2, 0, `UID:${esc(card.uid)}`);
  if (categories.length) lines.push(`CATEGORIES:${categories.map(esc).join(",")}`);
  if (extras) lines.push(...extras.split("\r\n").filter(Boolean));
  lines.push("END:VCARD");
  return lines.map(fold).join("\r\n") + "\r\n";
}

export interface ClientCard {
  uid: string | null;
  /** The card as the services take it (groups and importance left to the caller). */
  input: CardInput;
  /** CATEGORIES' names; null when the vCard has no CATEGORIES (the card's groups stay as they are). */
  categories: string[] | null;
  /** Content lines of the properties the card model does not map, CRLF-separated. */
  extras: string;
}

const valueOf = (line: string) => {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ":" && !quoted) return line.slice(i + 1);
  }
  return "";
};

/** A PUT body as one card; 403 valid-address-data when it is not exactly one vCard the card model can keep. */
export function readClientCard(text: string): ClientCard {
  const lines = contentLines(text.replace(/^\uFEFF/, "").normalize("NFC"));
  const begins = lines.filter((l) => /^BEGIN:VCARD\s*$/i.test(l)).length;
  const ends = lines.filter((l) => /^END:VCARD\s*$/i.test(l)).length;
  if (begins !== 1 || ends !== 1 || !/^BEGIN:VCARD\s*$/i.test(lines[0] ?? "") || !/^END:VCARD\s*$/i.test(lines.at(-1) ?? "")) throw invalid();
  const named = lines.map((l) => ({ line: l, at: nameOfLine(l) }));
  // Groups (KIND:group, Apple's X-ADDRESSBOOKSERVER-KIND) are no cards: the private book takes them as group
  // vCards before this (groups.ts); a customer book has no groups inside it, so they are refused there.
  if (named.some(({ line, at }) => (at[1] === "KIND" || at[1] === "X-ADDRESSBOOKSERVER-KIND") && /group/i.test(valueOf(line)))) {
    throw new DavError(403, { ns: NS.CARDDAV, name: "supported-address-data" });
  }
  const [read] = readVcards(lines.join("\r\n"));
  if (!read) throw invalid();
  const normal = normalOfImported(read.card);
  if (typeof normal === "string") throw invalid();
  const nLine = named.find((n) => n.at[1] === "N");
  const [family = "", given = "", additional = ""] = nLine ? components(valueOf(nLine.line), ";") : [];
  const hasTitle = named.some((n) => n.at[1] === "TITLE");
  const mappedGroups = new Set(named.filter((n) => n.at[0] && MAPPED.has(n.at[1])).map((n) => n.at[0]));
  const extras = named.filter(({ at: [group, name] }) => {
    if (name === "ROLE") return hasTitle;
    if (name === "X-ABLABEL") return !mappedGroups.has(group);
    return !MAPPED.has(name) && name !== "";
  }).map((n) => n.line).join("\r\n");
  if (extras.length > MAX_EXTRAS_CHARS) throw new DavError(403, { ns: NS.CARDDAV, name: "max-resource-size" });
  const catLines = named.filter((n) => n.at[1] === "CATEGORIES");
  const categories = catLines.length
    ? [...new Set(catLines.flatMap((c) => components(valueOf(c.line), ",")).map((c) => c.trim()).filter(Boolean))]
    : null;
  const parsed = cardInput.safeParse({
    userName: normal.userName,
    firstName: [given, additional].filter(Boolean).join(" ").slice(0, 100),
    lastName: family.slice(0, 100),
    phoneticName: normal.phoneticName,
    ...listsOf(normal),
    company: normal.company,
    organ: normal.organ,
    position: normal.position,
    memo: normal.memo,
    birthday: normal.birthday,
    photo: read.photo ? photoUrl(read.photo) : null,
  });
  if (!parsed.success) throw invalid();
  return { uid: read.uid, input: parsed.data, categories, extras };
}

const photoUrl = (p: Photo) => `data:${p.mime};base64,${base64Of(p.data)}`;

/** The version a request asks for: Accept (GET) or address-data's version attribute; 3.0 otherwise. */
export function versionOf(wanted: string | null | undefined): VcardVersion {
  return wanted && /4\.0/.test(wanted) ? "4.0" : "3.0";
}
