// Import and export of the private address book (001 §7: POST api/contact/card/import and import/save with
// part, type and charset). Beyond the spec's .xls: .xlsx, vCard 3.0/4.0 (phones, Outlook, several cards per
// file, photos, quoted-printable and CP949 names) and Google or Outlook CSV. Export: vCard 3.0/4.0, .xlsx.
import { z } from "zod";
import { EXPORT_FORMATS, IMPORT_CHARSETS, IMPORT_TYPES } from "./constants.ts";
import { type ContactCard, groupParam, idList } from "./cards.ts";

export const CONTACT_IMPORT_PATH = "/api/contact/card/import";
export const CONTACT_IMPORT_SAVE_PATH = "/api/contact/card/import/save";

/**
 * The form fields of both import calls, beside the file (part). type: the file's kind (absent: from the
 * file's name and bytes). charset: of text files (vCard, CSV) without a byte-order mark; absent: UTF-8 when
 * the bytes are valid UTF-8, else CP949 (old Korean phones and Excel's CSV). A vCard line's own CHARSET=
 * wins over both. groupId (save only): the private group the cards go into (required, 001 §5; 0 or "all":
 * no group).
 */
export const importFields = z.object({
  type: z.string().trim().toUpperCase().pipe(z.enum(IMPORT_TYPES, "contact.import_type_invalid")).optional(),
  charset: z.string().trim().toUpperCase().pipe(z.enum(IMPORT_CHARSETS, "common.validation")).optional(),
});
export const importSaveFields = importFields.extend({
  groupId: z.string().trim().min(1, "contact.group_required").max(20).pipe(z.union([z.literal("0").transform(() => 0), groupParam])),
});

/** One card the file holds, as it will be saved (cardData shape, without groups and importance). */
export type ImportedCard = Omit<
  ContactCard,
  "id" | "firstName" | "lastName" | "importantStatus" | "contactGroupList" | "createdTimeMillis" | "updatedTimeMillis" | "deletedTimeMillis"
>;

/** A card of the file left out, by its position in the file (1-based) and why. */
export interface ImportSkip {
  index: number;
  code: string;
}

/** POST api/contact/card/import: what the file holds; nothing is stored. */
export interface ImportPreview {
  type: (typeof IMPORT_TYPES)[number];
  charset: string;
  total: number;
  /** The first IMPORT_PREVIEW_CARDS cards. */
  cards: ImportedCard[];
  skipped: ImportSkip[];
}

/** POST api/contact/card/import/save */
export interface ImportResult {
  saved: number;
  skipped: ImportSkip[];
  groupId: number;
}

/**
 * GET api/contact/card/export (path not in the spec): format VCARD3 (default), VCARD4 or XLSX; the cards of
 * cardIdList, else those of groupId (default all). Answers the file as an attachment.
 */
export const exportQuery = z.object({
  format: z.string().trim().toUpperCase().pipe(z.enum(EXPORT_FORMATS)).default("VCARD3"),
  groupId: groupParam.default(-1),
  cardIdList: idList.optional(),
});

/** The .xlsx export's and the .xls/.xlsx import's columns, in order (Korean headings as the spec's file has). */
export const SHEET_COLUMNS = [
  ["userName", "이름"], ["emailList", "이메일"], ["telList", "전화번호"], ["company", "회사"], ["organ", "부서"],
  ["position", "직급"], ["address", "주소"], ["urlList", "홈페이지"], ["memo", "메모"], ["birthday", "생일"],
] as const;

