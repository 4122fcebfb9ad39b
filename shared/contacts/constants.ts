// Constants of the private address book (001 §2, §3, §9 "Contacts"). No imports but zod elsewhere: the web
// bundle reads these too.

/**
 * The special groups (001 §2): their route names and numeric ids map both ways. PRIVATE_ROOT is the root of
 * the user's own groups: it has id 0 and top-level private groups answer parentId 0.
 */
export const SPECIAL_GROUPS = { all: -1, important: -2, new: -3, search: -4, unmapped: -9 } as const;
export type SpecialGroupName = keyof typeof SPECIAL_GROUPS;
export const PRIVATE_ROOT_ID = 0;

export const GROUP_TYPES = ["ALL", "IMPORTANT", "RECENT", "SEARCH", "PRIVATE_ROOT", "UNMAPPED", "PRIVATE"] as const;
export type ContactGroupType = (typeof GROUP_TYPES)[number];
/** Type of each special group id. */
export const SPECIAL_GROUP_TYPES: Record<number, ContactGroupType> = {
  [-1]: "ALL", [-2]: "IMPORTANT", [-3]: "RECENT", [-4]: "SEARCH", [-9]: "UNMAPPED", [PRIVATE_ROOT_ID]: "PRIVATE_ROOT",
};

/** A route's group part → its number: "all" → -1, "12" → 12; anything else → null (the UI goes to contact). */
export function groupIdOf(name: string): number | null {
  if (name in SPECIAL_GROUPS) return SPECIAL_GROUPS[name as SpecialGroupName];
  return /^-?\d{1,15}$/.test(name) ? Number(name) : null;
}

/** A number → its route name: -1 → "all", 12 → "12". */
export function groupNameOf(id: number): string {
  const hit = Object.entries(SPECIAL_GROUPS).find(([, v]) => v === id);
  return hit ? hit[0] : String(id);
}

/** 001 §9: list page size 20. */
export const CONTACT_PAGE_SIZE = 20;
export const CONTACT_PAGE_SIZES = [10, 20, 30, 50, 100] as const;
export const CONTACT_BLOCK_SIZE = 10;
/** 001 §9: cards stay 7 days in the trash, then the purge job deletes them. */
export const TRASH_DAYS = 7;
/** 001 §9: search needs at least 2 characters. */
export const SEARCH_MIN_CHARS = 2;
export const SEARCH_MAX_CHARS = 100;
/**
 * 001 §9: the "new" group's count is shown as 10. The rule here: the new group holds the cards added in the
 * last NEW_CARD_DAYS days, newest first, at most NEW_GROUP_SIZE of them; newCount is how many it holds.
 */
export const NEW_GROUP_SIZE = 10;
export const NEW_CARD_DAYS = 7;

/** Field limits (not in the spec; chosen here and enforced by the server). */
export const LIMITS = {
  name: 100,
  groupName: 50,
  email: 320,
  tel: 40,
  company: 100,
  organ: 100,
  position: 100,
  url: 2048,
  memo: 4000,
  addressPart: 200,
  /** Values of one list field of one card (e-mails, phones, addresses, URLs). */
  listItems: 20,
  /** Cards in one call (POST card/all, moves, deletes, merges). */
  cardsPerCall: 1000,
  /** Cards in one import file. */
  importCards: 10_000,
  /** Bytes of an import file. */
  importBytes: 20 * 1024 * 1024,
  /** Bytes of one card's photo (decoded). */
  photoBytes: 512 * 1024,
  groupDepth: 10,
  groupsPerUser: 500,
  /** Cards a print asks for at most. */
  printCards: 5000,
} as const;

export const TEL_TYPES = ["CELL", "HOME", "WORK", "FAX", "MAIN", "PAGER", "OTHER"] as const;
export type TelType = (typeof TEL_TYPES)[number];
export const ADDRESS_TYPES = ["HOME", "WORK", "OTHER"] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];
export const PHOTO_TYPES = ["image/jpeg", "image/png", "image/gif", "image/webp"] as const;

/** The list's columns (001 §2); every one but the name can be hidden (hideColumns). */
export const LIST_COLUMNS = ["importantStatus", "userName", "email", "tel", "company", "organ", "position", "url", "memo", "groups"] as const;
export type ListColumn = (typeof LIST_COLUMNS)[number];
export const HIDEABLE_COLUMNS: readonly ListColumn[] = LIST_COLUMNS.filter((c) => c !== "userName");

export const SORT_FIELDS = ["userName", "email", "company", "organ", "position", "id", "createdAt", "updatedAt"] as const;
export type SortField = (typeof SORT_FIELDS)[number];
export const SORT_DIRS = ["asc", "desc"] as const;
export type SortDir = (typeof SORT_DIRS)[number];
export const DEFAULT_SORT: SortField = "userName";
export const DEFAULT_DIR: SortDir = "asc";
/** 001 §7: the print's defaults. */
export const PRINT_DEFAULT_SORT: SortField = "id";
export const PRINT_DEFAULT_DIR: SortDir = "desc";

/** Import formats (the spec's .xls, and what phones and mail programs export). */
export const IMPORT_TYPES = ["XLS", "XLSX", "VCARD", "CSV"] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];
export const IMPORT_CHARSETS = ["UTF-8", "EUC-KR", "CP949"] as const;
export type ImportCharset = (typeof IMPORT_CHARSETS)[number];
/** Cards an import preview shows. */
export const IMPORT_PREVIEW_CARDS = 100;

export const EXPORT_FORMATS = ["VCARD3", "VCARD4", "XLSX"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The kinds of a customer history list (shared/contacts/customers.ts; here, without zod, for the UI's routes). */
export const HISTORY_TYPES = ["ALL", "MEMO", "LOG", "MAIL"] as const;

/**
 * The customer card list's `type` (001 §7 GET api/customer/card; the same word as the route's
 * /customer/list/{type}/{groupId}): "group", the cards of the group groupId; "tag", the cards carrying the tag
 * groupId in every group the caller reads. The route's third kind, "search", lists GET .../card/search.
 */
export const CUSTOMER_LIST_TYPES = ["group", "tag"] as const;
export type CustomerListType = (typeof CUSTOMER_LIST_TYPES)[number];

/** Customer tags (001 §5 "tag required and unique"; the length and counts are chosen here). */
export const TAG_LIMITS = { name: 30, perCard: 20, perCompany: 500 } as const;
export const TAG_DEFAULT_COLOR = "#6b7280";
/** The colours the tag editor offers; the API takes any "#rrggbb". */
export const TAG_COLORS = ["#6b7280", "#dc2626", "#ea580c", "#ca8a04", "#16a34a", "#0891b2", "#2563eb", "#7c3aed", "#db2777"] as const;

/**
 * Realtime (ids only): CONTACT_CHANGED { cardId? groupId? } on the user's contact topic when their private book
 * changed elsewhere than in the browser (a CardDAV client wrote a card or group); CUSTOMER_CHANGED { groupId,
 * cardId? } on the customer topic of every user who reads the changed group (its members, the book admins;
 * everyone for a public group), on any change of its cards, history, tags or the group itself.
 */
export const contactTopic = (username: string) => `/topic/contact/user/${username}`;
export const customerTopic = (username: string) => `/topic/customer/user/${username}`;
export const CONTACT_CHANGED = "CONTACT_CHANGED";
export const CUSTOMER_CHANGED = "CUSTOMER_CHANGED";
