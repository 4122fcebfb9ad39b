// Wiki (001 §2 "Wiki", §3 "Wiki document", §4, §6, §9): document kinds and states, access levels, property
// types, the spec's limits and ours, and the realtime topic. No zod here: router-level web code imports it.

/** 001 §3: type document or database; status PUBLISHED or REMOVED (in trash). */
export const DOC_TYPES = ["document", "database"] as const;
export type DocType = (typeof DOC_TYPES)[number];
export const DOC_STATUSES = ["PUBLISHED", "REMOVED"] as const;
export type DocStatus = (typeof DOC_STATUSES)[number];

/** 001 §6: NONE < READ < WRITE < OWNER; each grants the lower ones. */
export const ACCESS_LEVELS = ["NONE", "READ", "WRITE", "OWNER"] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];
export const accessRank = (l: AccessLevel): number => ACCESS_LEVELS.indexOf(l);
export const atLeast = (have: AccessLevel, need: AccessLevel) => accessRank(have) >= accessRank(need);

/** 001 §9 "Wiki": summaries page size 255. */
export const SUMMARIES_PAGE_SIZE = 255;

/** Designed (the spec does not give them). */
export const TITLE_MAX = 200;
/** The HTML of a document, in characters. */
export const TEXT_MAX = 2_000_000;
/** Depth of the tree (a top-level document is depth 1): any depth a handbook needs, not unbounded. */
export const DEPTH_MAX = 30;
export const SEARCH_PAGE_SIZE = 20;
export const SEARCH_KEYWORD_MIN = 1;
export const SEARCH_KEYWORD_MAX = 100;
/** A search counts its hits up to this many (SearchPage.totalCapped beyond it; pages reach that far). */
export const SEARCH_COUNT_MAX = 1000;
export const TRASH_PAGE_SIZE = 20;
/** Removed documents are purged this many days after removal (the trash job). */
export const TRASH_DAYS = 30;
export const VERSION_PAGE_SIZE = 20;
/** Saves by the same person within this long of the newest version update it instead of adding one. */
export const VERSION_COALESCE_MS = 10 * 60_000;
/** The live editor's merged text is saved (and versioned) this long after the last keystroke. */
export const COLLAB_SAVE_DELAY_MS = 2_000;
export const RECENT_MAX = 30;
export const FAVORITES_MAX = 200;
export const PROPERTIES_MAX = 50;
export const PROPERTY_NAME_MAX = 100;
export const OPTIONS_MAX = 100;
export const OPTION_NAME_MAX = 100;
export const TEXT_VALUE_MAX = 2_000;
export const PERSON_VALUE_MAX = 20;
export const PERMISSION_MEMBERS_MAX = 200;
export const ATTACH_MAX_BYTES = 100 * 1024 * 1024;
/** Markdown import: one .md file, or a .zip of .md files (folders become parent documents). */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;
export const IMPORT_DOCS_MAX = 500;

/** 001 §3 "Property": typed properties of a database. */
export const PROPERTY_TYPES = ["text", "number", "select", "multi_select", "date", "person", "checkbox", "url"] as const;
export type PropertyType = (typeof PROPERTY_TYPES)[number];
export const SELECT_TYPES: readonly PropertyType[] = ["select", "multi_select"];

/** Option colours (names; the web maps each to a light and a dark theme colour). */
export const OPTION_COLORS = ["gray", "brown", "orange", "yellow", "green", "blue", "purple", "pink", "red"] as const;
export type OptionColor = (typeof OPTION_COLORS)[number];

/** Number property display formats. */
export const NUMBER_FORMATS = ["plain", "comma", "percent", "won", "dollar", "rupiah"] as const;
export type NumberFormat = (typeof NUMBER_FORMATS)[number];

/** A database's views: a table with sort and filter, a board grouped by a select property. */
export const VIEW_KINDS = ["TABLE", "BOARD"] as const;
export type ViewKind = (typeof VIEW_KINDS)[number];
/** Filter operators; which apply to which type: shared/wiki/properties.ts FILTER_OPS_BY_TYPE. */
export const FILTER_OPS = ["contains", "not_contains", "eq", "neq", "gt", "lt", "empty", "not_empty", "checked", "unchecked"] as const;
export type FilterOp = (typeof FILTER_OPS)[number];
/** Sorting a database's rows: by a property (its id) or one of these. */
export const BUILTIN_SORTS = ["title", "createdTime", "lastModifiedTime"] as const;
export type BuiltinSort = (typeof BUILTIN_SORTS)[number];
export const SORT_DIRS = ["asc", "desc"] as const;
export type SortDir = (typeof SORT_DIRS)[number];

/** Search: which fields the keyword is matched against (GET docs/search type). */
export const SEARCH_TYPES = ["all", "title", "text"] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

/**
 * Realtime. WIKI_CHANGED { docId, parentId (0 at the top), kind } on the company's topic after a document is
 * created, changed (title, text, properties, values, view), moved, removed, restored or purged, or its
 * permissions change. Ids only: clients refetch what they show (and only what the caller may read comes back).
 */
export const WIKI_CHANGED = "WIKI_CHANGED";
export const WIKI_CHANGE_KINDS = ["created", "updated", "moved", "removed", "restored", "purged", "permissions", "properties"] as const;
export type WikiChangeKind = (typeof WIKI_CHANGE_KINDS)[number];
export const wikiTopic = (companyId: number) => `/topic/wiki/company/${companyId}`;

/** A document's link (001 §2): {origin}/#/wiki/docs/{doc}. */
export const docLink = (origin: string, id: number) => `${origin}/#/wiki/docs/${id}`;
/** Where an attached file's bytes are (an <img> src or a download link): the caller adds ?token={fileToken}. */
export const fileUrl = (fileId: number) => `/api/wiki/files/${fileId}`;
/** The live editor's socket (shared/wiki/collab.ts). */
export const collabPath = (docId: number) => `/api/wiki/docs/${docId}/collab`;
