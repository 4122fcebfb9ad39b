// Cards of the private address book (001 §3 "Contact card", §7 "Contacts"): the card as the API answers it,
// the cardData a client sends, and the list, print and action parameters. Card data is one shape for the
// private book and the customer book (their cards share the server's table and rules).
import { z } from "zod";
import { isValidEmail } from "../users.ts";
import {
  ADDRESS_TYPES, type ContactGroupType, groupIdOf, LIMITS, SEARCH_MAX_CHARS, SEARCH_MIN_CHARS,
  SORT_DIRS, SORT_FIELDS, TEL_TYPES,
} from "./constants.ts";
import { CONSONANTS } from "./hangul.ts";

/** A group a card belongs to, as the card carries it. */
export interface CardGroupRef {
  id: number;
  groupName: string;
}

/**
 * GET api/contact/detail/{id}, and each row of the list: every list field has an empty list as its default;
 * telList and telTypeList run in parallel, so do the address lists. Times are epoch milliseconds.
 */
export interface ContactCard {
  id: number;
  userName: string;
  firstName: string;
  lastName: string;
  /** Reading of the name (vCard X-PHONETIC-*, RFC 9554), for sorting and search. */
  phoneticName: string;
  emailList: string[];
  telList: string[];
  telTypeList: string[];
  company: string;
  /** Department. */
  organ: string;
  position: string;
  addrTypeList: string[];
  postList: string[];
  localityList: string[];
  streetAddressList: string[];
  regionList: string[];
  countryList: string[];
  urlList: string[];
  memo: string;
  /** YYYY-MM-DD, or --MM-DD when the year is not known; "" when none. */
  birthday: string;
  importantStatus: boolean;
  contactGroupList: CardGroupRef[];
  /** GET api/contact/detail/{id}/photo answers the image when true. */
  hasPhoto: boolean;
  createdTimeMillis: number;
  updatedTimeMillis: number;
  /** In the trash since (epoch ms), or null. */
  deletedTimeMillis: number | null;
}

export const flag = z.union([
  z.boolean(),
  z.enum(["true", "false", "1", "0", "Y", "N"]).transform((v) => v === "true" || v === "1" || v === "Y"),
]);

const text = (max: number) => z.string().trim().max(max, "contact.too_long");
const list = (max: number) =>
  z.preprocess((v) => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]), z.array(text(max)).max(LIMITS.listItems, "contact.too_many_values"));

/** YYYY-MM-DD or --MM-DD (no year), a real date. */
export function isValidBirthday(v: string): boolean {
  const m = /^(\d{4}|--)-?(\d{2})-?(\d{2})$/.exec(v);
  if (!m) return false;
  const year = m[1] === "--" ? 2000 : Number(m[1]);
  const d = new Date(Date.UTC(year, Number(m[2]) - 1, Number(m[3])));
  return d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]) && year >= 1800;
}

/** URL check (001 §5): optional scheme, a domain or IP, optional port and path. */
export function isValidUrl(v: string): boolean {
  return /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+[\p{L}]{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/iu.test(v) ||
    /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\d{1,3}\.){3}\d{1,3}(?::\d{1,5})?(?:[/?#]\S*)?$/i.test(v) ||
    /^(?:[a-z][a-z0-9+.-]*:\/\/)?localhost(?::\d{1,5})?(?:[/?#]\S*)?$/i.test(v);
}

/** A phone number: digits with the usual separators, an optional leading +, an optional extension. */
export function isValidTel(v: string): boolean {
  return /^\+?[\d\s().\-/*#]{2,}(?:\s*(?:ext\.?|x|,|;)\s*\d+)?$/i.test(v) && /\d/.test(v);
}

/**
 * cardData of POST/PUT api/contact/card: every field optional with an empty default. photo: a data: URL
 * (base64 JPEG, PNG, GIF or WebP) to set it, null to remove it, absent to keep it. contactGroupIdList: the
 * private groups the card is in (absent on an update: unchanged).
 */
export const cardInput = z.object({
  userName: text(LIMITS.name).default(""),
  firstName: text(LIMITS.name).default(""),
  lastName: text(LIMITS.name).default(""),
  phoneticName: text(LIMITS.name).default(""),
  emailList: list(LIMITS.email).pipe(z.array(z.string().refine((v) => v === "" || isValidEmail(v), "contact.email_invalid"))),
  telList: list(LIMITS.tel).pipe(z.array(z.string().refine((v) => v === "" || isValidTel(v), "contact.tel_invalid"))),
  telTypeList: list(20).pipe(z.array(z.string().toUpperCase().pipe(z.union([z.enum(TEL_TYPES), z.literal("")])))),
  company: text(LIMITS.company).default(""),
  organ: text(LIMITS.organ).default(""),
  position: text(LIMITS.position).default(""),
  addrTypeList: list(20).pipe(z.array(z.string().toUpperCase().pipe(z.union([z.enum(ADDRESS_TYPES), z.literal("")])))),
  postList: list(LIMITS.addressPart),
  localityList: list(LIMITS.addressPart),
  streetAddressList: list(LIMITS.addressPart),
  regionList: list(LIMITS.addressPart),
  countryList: list(LIMITS.addressPart),
  urlList: list(LIMITS.url).pipe(z.array(z.string().refine((v) => v === "" || isValidUrl(v), "contact.url_invalid"))),
  memo: text(LIMITS.memo).default(""),
  birthday: z.string().trim().refine((v) => v === "" || isValidBirthday(v), "contact.birthday_invalid").default(""),
  importantStatus: flag.default(false),
  contactGroupIdList: z.array(z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER)).max(LIMITS.listItems * 5, "contact.too_many_values").optional(),
  photo: z.string().max(Math.ceil(LIMITS.photoBytes * 4 / 3) + 100, "contact.photo_too_large").nullable().optional(),
});
export type CardInput = z.infer<typeof cardInput>;

/** The displayed name of a card: userName, else built from the parts (Korean: surname first, no space). */
export function displayNameOf(c: Pick<CardInput, "userName" | "firstName" | "lastName">): string {
  if (c.userName) return c.userName;
  const hangul = /[\uac00-\ud7a3]/;
  if (hangul.test(c.lastName) || hangul.test(c.firstName)) return `${c.lastName}${c.firstName}`.trim();
  return `${c.firstName} ${c.lastName}`.trim();
}

/** 001 §5: name and email required (the add and edit dialogs; imports need a name or an address only). */
export const cardForm = cardInput.superRefine((c, ctx) => {
  if (!displayNameOf(c)) ctx.addIssue({ code: "custom", path: ["userName"], message: "contact.name_required" });
  if (!c.emailList.some((e) => e !== "")) ctx.addIssue({ code: "custom", path: ["emailList"], message: "contact.email_required" });
});

/** POST api/contact/card, PUT api/contact/card/{id} */
export const cardBody = z.object({ cardData: cardForm });
/** POST api/contact/card/all: several cards at once (e.g. "add the senders to contacts"). */
export const cardsBody = z.object({ cardData: z.array(cardForm).min(1).max(LIMITS.cardsPerCall, "contact.too_many_values") });

/** cardIdList[]=1&cardIdList[]=2, a list in JSON, or "1,2". */
export const idList = z.preprocess(
  (v) => (typeof v === "string" ? v.split(",").filter(Boolean) : typeof v === "number" ? [v] : v),
  z.array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(LIMITS.cardsPerCall, "contact.too_many_values"),
);
const groupList = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : typeof v === "string" ? v.split(",").filter(Boolean) : typeof v === "number" ? [v] : v),
  z.array(z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER)).max(LIMITS.listItems * 5, "contact.too_many_values"),
);
const groupRef = z.coerce.number().int().min(-99).max(Number.MAX_SAFE_INTEGER);

/** DELETE api/contact/card: cards not in the trash go there; cards already in the trash are deleted for good. */
export const cardDeleteBody = z.object({ cardIdList: idList, groupId: groupRef.optional() });
/** PUT api/contact/card/importantStatus */
export const importantBody = z.object({ cardIdList: idList, importantStatus: flag });
/**
 * PUT api/contact/card/move: the cards leave groupId (the group the list shows; absent or a special group:
 * every group they are in) and join targetGroupId (a private group).
 */
export const moveBody = z.object({ cardIdList: idList, targetGroupId: z.coerce.number().int().positive(), groupId: groupRef.optional() });
/** PUT api/contact/card/restore (path not in the spec): out of the trash, into targetGroupId when given. */
export const restoreBody = z.object({ cardIdList: idList, targetGroupId: z.coerce.number().int().positive().optional() });
/** PUT api/contact/relation: the cards' private groups become exactly contactGroupIdList (empty: none). */
export const relationBody = z.object({ cardIdList: idList, contactGroupIdList: groupList });
/**
 * PUT api/contact/card/{id}/merge: the cards of cardIdList merge into card {id}: every distinct e-mail, phone,
 * address, URL and group of all of them; a field the card has empty takes the first other card's value;
 * memos are joined; important if any is. The merged-away cards go to the trash.
 */
export const mergeBody = z.object({ cardIdList: idList });

const searchWord = z.string().trim().min(SEARCH_MIN_CHARS, "contact.search_min_chars").max(SEARCH_MAX_CHARS, "contact.too_long");

/** groupId as a route gives it: all, important, new, search, unmapped or a number. */
export const groupParam = z.string().trim().max(20).transform((v, ctx) => {
  const id = groupIdOf(v);
  if (id === null) {
    ctx.addIssue({ code: "custom", message: "contact.group_invalid" });
    return z.NEVER;
  }
  return id;
});

/**
 * GET api/contact/card. groupId defaults to all; sort and dir to the user's config. trash=true lists the
 * trash (newest deletion first unless sorted). consonant: one of CONSONANTS. searchWord: name, e-mail, phone,
 * company or department; a word of initial consonants only ("ㄱㅁ") matches names by their initials.
 */
export const cardListQuery = z.object({
  groupId: groupParam.default(-1),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).optional(),
  sort: z.enum(SORT_FIELDS).optional(),
  dir: z.string().toLowerCase().pipe(z.enum(SORT_DIRS)).optional(),
  importantStatus: flag.optional(),
  unmapped: flag.optional(),
  consonant: z.string().trim().toUpperCase().refine((v) => CONSONANTS.includes(v), "contact.consonant_invalid").optional(),
  searchWord: searchWord.optional(),
  trash: flag.default(false),
});
export type CardListQuery = z.infer<typeof cardListQuery>;

/** GET api/contact/card/print: the whole list (at most LIMITS.printCards), sort id desc unless told. */
export const cardPrintQuery = cardListQuery.omit({ page: true, pageSize: true });

/** GET api/contact/detail?email=: the caller's card holding that address (the mail reader's "in contacts?"). */
export const detailByEmailQuery = z.object({ email: z.string().trim().min(3).max(LIMITS.email).refine(isValidEmail, "contact.email_invalid") });

/** GET api/contact/detail/{id}/mail/history */
export const mailHistoryQuery = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

/** One mail of a card's history: a mail of the caller's mailbox from or to one of the card's addresses. */
export interface CardMailItem {
  mailId: number;
  folderId: number;
  subject: string;
  fromName: string;
  fromAddress: string;
  /** SENT: the caller wrote it; RECEIVED: it came to the caller. */
  direction: "SENT" | "RECEIVED";
  receivedTimeMillis: number;
  hasAttachment: boolean;
}

export interface CardListPage {
  content: ContactCard[];
  totalElements: number;
  totalPages: number;
  page: number;
  pageSize: number;
  sort: string;
  dir: string;
  /** The group listed: its id and type. */
  groupId: number;
  groupType: ContactGroupType;
}

/** POST api/contact/card/all */
export interface CardsAdded {
  content: ContactCard[];
}

/** PUT .../move, .../relation, .../importantStatus, .../restore, DELETE: how many cards changed. */
export interface CardsChanged {
  count: number;
}
