// Import (001 §7 POST api/contact/card/import: a preview, nothing stored; import/save: the cards stored in
// one transaction into the chosen group) and export (vCard 3.0/4.0, .xlsx). What a file holds is read by its
// kind: legacy .xls and .xlsx (server/lib/spreadsheet.ts), vCard (vcard-read.ts), Google/Outlook CSV
// (csv.ts, table.ts). Each imported card is cleaned as a typed card is: text the database cannot store
// dropped, values cut to the limits, invalid e-mail addresses, URLs and birthdays left out; a card with
// neither a name nor an e-mail address is skipped and reported.
import { IMPORT_PREVIEW_CARDS, type ImportCharset, type ImportType, LIMITS, PRIVATE_ROOT_ID, SPECIAL_GROUPS } from "../../../../shared/contacts/constants.ts";
import { isValidBirthday, isValidTel, isValidUrl } from "../../../../shared/contacts/cards.ts";
import type { ImportedCard, ImportPreview, ImportResult, ImportSkip } from "../../../../shared/contacts/inout.ts";
import { SHEET_COLUMNS } from "../../../../shared/contacts/inout.ts";
import { isValidEmail } from "../../../../shared/users.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { readFirstSheet, spreadsheetKind, writeXlsx } from "../../../lib/spreadsheet.ts";
import { listPage } from "../cards/list.ts";
import type { NormalCard } from "../cards/normal.ts";
import { normalEmail, normalBirthday, telDigits } from "../cards/normal.ts";
import type { Photo } from "../cards/photo.ts";
import * as repo from "../cards/repo.ts";
import { requireOwnCards, rowOf } from "../cards/service.ts";
import { newSince, ownerOf, requireOwnGroups } from "../groups/service.ts";
import { parseCsv } from "./csv.ts";
import { decodeFile } from "./decode.ts";
import { cardsOfRows, knownHeader } from "./table.ts";
import { isVcardText, type ReadCard, readVcards } from "./vcard-read.ts";
import { vcardOf } from "./vcard-write.ts";

export interface ImportFile {
  name: string;
  bytes: Uint8Array;
}

interface Parsed {
  type: ImportType;
  charset: string;
  cards: ReadCard[];
}

const plain = (card: ImportedCard): ReadCard => ({ card, photo: null, uid: null });

function typeOfName(name: string): ImportType | null {
  const ext = name.toLowerCase().split(".").pop() ?? "";
  return ({ xls: "XLS", xlsx: "XLSX", vcf: "VCARD", vcard: "VCARD", csv: "CSV" } as Record<string, ImportType>)[ext] ?? null;
}

export function parseFile(file: ImportFile, type?: ImportType, charset?: ImportCharset): Parsed {
  if (file.bytes.length === 0) throw new AppError(400, "contact.import_empty");
  if (file.bytes.length > LIMITS.importBytes) throw new AppError(413, "contact.import_too_large");
  const sheet = spreadsheetKind(file.bytes);
  const kind = sheet ?? type ?? typeOfName(file.name);
  if (kind === "XLS" || kind === "XLSX") {
    let rows: string[][];
    try {
      rows = readFirstSheet(file.bytes);
    } catch {
      throw new AppError(400, "contact.import_unreadable");
    }
    if (rows.length > 0 && !knownHeader(rows[0])) throw new AppError(400, "contact.import_unreadable");
    return { type: sheet ?? kind, charset: "", cards: cardsOfRows(rows).map(plain) };
  }
  const { text, charset: used } = decodeFile(file.bytes, charset);
  if (isVcardText(text)) return { type: "VCARD", charset: used, cards: readVcards(text) };
  if (kind === "VCARD") throw new AppError(400, "contact.import_unreadable");
  const rows = parseCsv(text);
  if (rows.length === 0 || !knownHeader(rows[0])) throw new AppError(400, kind === "CSV" ? "contact.import_unreadable" : "contact.import_type_invalid");
  return { type: "CSV", charset: used, cards: cardsOfRows(rows).map(plain) };
}

/** Text as the database stores it: no NUL, no lone surrogate, at most `max` characters. */
function clean(v: string, max: number): string {
  // deno-lint-ignore no-control-regex -- NUL and other C0 controls but tab and line breaks are dropped
  return v.toWellFormed().replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "").trim().slice(0, max);
}

/** An imported card as a stored card, or the reason it is skipped. */
export function normalOfImported(c: ImportedCard): NormalCard | string {
  const emails = [...new Set(c.emailList.map((e) => clean(e, LIMITS.email)).filter((e) => isValidEmail(e)).map(normalEmail))].slice(0, LIMITS.listItems);
  const userName = clean(c.userName, LIMITS.name) || emails[0] || "";
  if (!userName) return "contact.name_required";
  const seen = new Set<string>();
  const tels = c.telList.map((t, i) => ({ number: clean(t, LIMITS.tel), type: c.telTypeList[i] || "CELL" }))
    .filter((t) => isValidTel(t.number) && !seen.has(telDigits(t.number)) && seen.add(telDigits(t.number))).slice(0, LIMITS.listItems);
  const addresses = c.addrTypeList.map((type, i) => ({
    type,
    post: clean(c.postList[i] ?? "", LIMITS.addressPart),
    locality: clean(c.localityList[i] ?? "", LIMITS.addressPart),
    street: clean(c.streetAddressList[i] ?? "", LIMITS.addressPart),
    region: clean(c.regionList[i] ?? "", LIMITS.addressPart),
    country: clean(c.countryList[i] ?? "", LIMITS.addressPart),
  })).slice(0, LIMITS.listItems);
  const birthday = clean(c.birthday, 10);
  return {
    userName,
    firstName: "",
    lastName: "",
    phoneticName: clean(c.phoneticName, LIMITS.name),
    emails,
    tels,
    addresses,
    urls: [...new Set(c.urlList.map((u) => clean(u, LIMITS.url)).filter(isValidUrl))].slice(0, LIMITS.listItems),
    company: clean(c.company, LIMITS.company),
    organ: clean(c.organ, LIMITS.organ),
    position: clean(c.position, LIMITS.position),
    memo: clean(c.memo, LIMITS.memo),
    birthday: isValidBirthday(birthday) ? normalBirthday(birthday) : "",
    important: false,
  };
}

/** The cards of a parsed file as they will be stored, and those skipped; 400 when none can be kept. */
export function normalOfImportedList(parsed: Parsed) {
  if (parsed.cards.length === 0) throw new AppError(400, "contact.import_empty");
  if (parsed.cards.length > LIMITS.importCards) throw new AppError(413, "contact.import_too_many");
  const ok: { card: NormalCard; photo: Photo | null; uid: string | null }[] = [];
  const skipped: ImportSkip[] = [];
  parsed.cards.forEach((r, i) => {
    const n = normalOfImported(r.card);
    if (typeof n === "string") skipped.push({ index: i + 1, code: n });
    else ok.push({ card: n, photo: r.photo, uid: r.uid ? clean(r.uid, 200) || null : null });
  });
  // A file none of whose cards can be kept answers why, rather than "0 saved".
  if (ok.length === 0) throw new AppError(400, skipped[0].code as `${string}.${string}`);
  return { ok, skipped };
}

/** POST api/contact/card/import */
export function previewImport(file: ImportFile, type?: ImportType, charset?: ImportCharset): ImportPreview {
  const parsed = parseFile(file, type, charset);
  const { ok, skipped } = normalOfImportedList(parsed);
  return {
    type: parsed.type,
    charset: parsed.charset,
    total: ok.length,
    cards: ok.slice(0, IMPORT_PREVIEW_CARDS).map(({ card, photo }) => ({
      userName: card.userName, phoneticName: card.phoneticName, emailList: card.emails,
      telList: card.tels.map((t) => t.number), telTypeList: card.tels.map((t) => t.type),
      company: card.company, organ: card.organ, position: card.position,
      addrTypeList: card.addresses.map((a) => a.type), postList: card.addresses.map((a) => a.post),
      localityList: card.addresses.map((a) => a.locality), streetAddressList: card.addresses.map((a) => a.street),
      regionList: card.addresses.map((a) => a.region), countryList: card.addresses.map((a) => a.country),
      urlList: card.urls, memo: card.memo, birthday: card.birthday, hasPhoto: photo !== null,
    })),
    skipped,
  };
}

/** POST api/contact/card/import/save: groupId 0 or all: in no group; an own group; other special groups 400. */
export async function saveImport(caller: Caller, file: ImportFile, groupId: number, type?: ImportType, charset?: ImportCharset): Promise<ImportResult> {
  if (groupId < PRIVATE_ROOT_ID && groupId !== SPECIAL_GROUPS.all) throw new AppError(400, "contact.group_invalid");
  const groups = groupId > PRIVATE_ROOT_ID ? await requireOwnGroups(caller, [groupId]) : [];
  const { ok, skipped } = normalOfImportedList(parseFile(file, type, charset));
  const o = ownerOf(caller);
  const now = caller.deps.clock.now();
  await caller.deps.db.transaction(async (tx) => {
    const ids = await repo.insertCards(tx, ok.map((c) => ({ ...rowOf(o, c.card, now, c.uid ?? undefined), hasPhoto: c.photo !== null })));
    await repo.addRelations(tx, ids, groups);
    for (const [i, id] of ids.entries()) {
      const photo = ok[i].photo;
      if (photo) await repo.setPhoto(tx, id, photo);
    }
  });
  return { saved: ok.length, skipped, groupId };
}

export interface ExportFile {
  bytes: Uint8Array;
  fileName: string;
  contentType: string;
}

/** GET api/contact/card/export */
export async function exportCards(caller: Caller, q: { format: "VCARD3" | "VCARD4" | "XLSX"; groupId: number; cardIdList?: number[] }): Promise<ExportFile> {
  const o = ownerOf(caller);
  const db = caller.deps.db;
  let rows: repo.CardView[];
  if (q.cardIdList) {
    const owned = await requireOwnCards(db, o, q.cardIdList);
    rows = await repo.cardsByIds(db, o, [...owned.keys()]);
  } else {
    if (q.groupId > PRIVATE_ROOT_ID) await requireOwnGroups(caller, [q.groupId]);
    else if (![SPECIAL_GROUPS.all, SPECIAL_GROUPS.important, SPECIAL_GROUPS.new, SPECIAL_GROUPS.unmapped, PRIVATE_ROOT_ID].includes(q.groupId as never)) {
      throw new AppError(400, "contact.group_invalid");
    }
    rows = (await listPage(db, o, { groupId: q.groupId, trash: false, newSince: newSince(caller) }, { sort: "userName", dir: "asc" }, 1_000_000, 0)).rows;
  }
  const stamp = caller.deps.clock.now().toISOString().slice(0, 10);
  if (q.format === "XLSX") {
    const header = SHEET_COLUMNS.map(([, h]) => h);
    const data = rows.map((c) => [
      c.userName, c.emails.join("\n"), c.tels.map((t) => t.number).join("\n"), c.company, c.organ, c.position,
      c.addresses.map((a) => [a.street, a.locality, a.region, a.post, a.country].filter(Boolean).join(" ")).join("\n"),
      c.urls.join("\n"), c.memo, c.birthday,
    ]);
    return {
      bytes: await writeXlsx([{ name: "contacts", header, rows: data, widths: [16, 28, 18, 18, 14, 10, 36, 28, 30, 12] }]),
      fileName: `contacts-${stamp}.xlsx`,
      contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    };
  }
  const photos = await repo.photosOf(db, o, rows.filter((r) => r.hasPhoto).map((r) => r.id));
  const version = q.format === "VCARD4" ? "4.0" : "3.0";
  const text = rows.map((c) => vcardOf(c, version, photos.get(c.id) ?? null)).join("");
  return { bytes: new TextEncoder().encode(text), fileName: `contacts-${stamp}.vcf`, contentType: `text/vcard; charset=utf-8` };
}
