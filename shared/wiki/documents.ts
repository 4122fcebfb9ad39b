// Wiki documents (001 §3 "Wiki document", §4 "Wiki", §6, §7 "Wiki (base api/wiki)"). Calls under /api/wiki:
//
//   GET    docs/{id}?trackRecent=     WikiDocument (READ). 404 wiki.not_found (missing or another company's),
//                                     403 wiki.no_access (NONE). A REMOVED document answers with status REMOVED
//                                     (read-only, editable false). trackRecent=true (default false) records the
//                                     read (users/recent, users/last-read). children: the first SUMMARIES_PAGE_SIZE
//                                     readable children, allChildrenFetched when that was all of them.
//   GET    docs/{id}/summary          WikiSummary (READ)
//   GET    docs/summaries             summariesQuery → SummaryPage: the readable PUBLISHED children of parentId
//                                     (none: the top level) by sortOrder, page of size (default and most 255).
//                                     A database's rows carry propertyValues; for them sort, dir and filter (a
//                                     JSON array of RowFilter) order and narrow the rows (properties.ts).
//   POST   docs                       createDocBody → 201 WikiDocument. The top level: any member; under a parent:
//                                     WRITE on it (a REMOVED parent: 409 wiki.not_editable); 409
//                                     wiki.move_invalid past DEPTH_MAX. The creator is OWNER of what they create.
//                                     A document under a database is one of its rows.
//   PATCH  docs/{id}                  patchDocBody → WikiDocument (WRITE; 409 wiki.not_editable when REMOVED;
//                                     413 wiki.text_too_large). text is HTML, kept as the editor's schema allows
//                                     (shared/wiki/editor-schema.ts: anything else is dropped). A change of title
//                                     or text adds a version (coalesced: VERSION_COALESCE_MS) and reaches open
//                                     live editors (collab.ts). viewConfig only on a database.
//   PATCH  docs/{id}/move             moveDocBody → WikiDocument (WRITE on it and on the new parent; prevId a
//                                     sibling under parentId or null for first; 409 wiki.move_invalid). The
//                                     document keeps its own permissions; one without them inherits anew.
//   POST   docs/{id}/rollback         { versionId } → WikiDocument (WRITE; 404 wiki.version_not_found): the
//                                     version's title and text become the document's (a new version records it).
//   DELETE docs/{id}                  200 { id, deletedTime }: to trash (WRITE), with its sub-documents.
//   GET    trash/docs                 trashQuery → Page<TrashedDoc>: the documents removed by a delete (not each
//                                     sub-document removed with one) on which the caller has WRITE, newest first;
//                                     keyword matches titles (two-syllable index). Purged TRASH_DAYS after.
//   PATCH  trash/docs/{id}/restore    WikiDocument (WRITE; 409 wiki.not_in_trash): back with the sub-documents
//                                     removed with it, under its parent, or at the top level when the parent is
//                                     gone or in trash itself.
//   DELETE trash/docs/{id}            200 { id }: purged now (OWNER; 409 wiki.not_in_trash), with its files.
//   POST   docs/{id}/attach           multipart `file` → 201 AttachInfo (WRITE; 413 wiki.file_too_large, 507
//                                     wiki.insufficient_space). Names NFC. Counted in the uploader's storage.
//   GET    docs/{id}/attach/{fileId}/info  AttachInfo (READ on the document the file belongs to)
//   GET    files/{fileId}?token=      the bytes (Range; images inline, others as attachment): token is a
//                                     WikiDocument.fileToken of a user who may read the file's document.
//   GET    docs/{id}/export?subtree=  Markdown (READ): text/markdown for one document; with subtree=true a zip of
//                                     the document and every readable sub-document (folders by title).
//   POST   docs/import                multipart `file` (.md or .zip) and `parentId` → 201 WikiSummary[] (the new
//                                     top documents); WRITE on the parent; 400 wiki.import_invalid.
//   GET    docs/{id}/collab           WebSocket: the live editor (collab.ts).
//   GET    docs/search                searchQuery → Page<SearchHit> (search.ts)
import { z } from "zod";
import {
  type AccessLevel, DOC_TYPES, type DocStatus, type DocType, SEARCH_KEYWORD_MAX, SORT_DIRS, SUMMARIES_PAGE_SIZE,
  TEXT_MAX, TITLE_MAX, TRASH_PAGE_SIZE,
} from "./constants.ts";
import type { DatabaseView, Property, PropertyValue } from "./properties.ts";
import { databaseView } from "./properties.ts";

export const docId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** 001 §3: createdBy, lastModifiedBy. */
export interface WikiUserRef {
  id: number;
  username: string;
  accountName: string;
}

/** An ancestor (root first, the document itself last). An ancestor the caller may not read: title "" and readable false. */
export interface Breadcrumb {
  id: number;
  type: DocType;
  title: string;
  readable: boolean;
}

/** A document in the tree, lists and search (no text). */
export interface WikiSummary {
  id: number;
  parentId: number | null;
  title: string;
  type: DocType;
  status: DocStatus;
  accessLevel: AccessLevel;
  sortOrder: number;
  /** Readable PUBLISHED children. */
  childCount: number;
  createdTime: number;
  lastModifiedTime: number;
  lastModifiedBy: WikiUserRef | null;
  /** The row's values when the parent is a database (else []). */
  propertyValues: PropertyValue[];
}

export interface WikiDocument extends Omit<WikiSummary, "propertyValues"> {
  /** HTML (editor-schema.ts). */
  text: string;
  /** Ids root first, the document last, "/"-separated: "12/40/41". */
  path: string;
  /** The document whose permissions apply (itself, or the nearest ancestor that has its own); null: none up the
   *  tree has any, every member has WRITE (the company default) and creators OWNER of what they created. */
  permissionFrom: number | null;
  /** A database: its own; a row (its parent is a database): the database's; otherwise []. */
  properties: Property[];
  /** A row's values (one per property that has a value). */
  propertyValues: PropertyValue[];
  /** The same keyed by property id. */
  propertyMap: Record<string, Property>;
  propertyValueMap: Record<string, PropertyValue>;
  breadcrumbs: Breadcrumb[];
  deletedTime: number | null;
  createdBy: WikiUserRef | null;
  /** A database's shared view (kind, sort, filters, group-by); null otherwise. */
  viewConfig: DatabaseView | null;
  children: WikiSummary[];
  allChildrenFetched: boolean;
  /** PUBLISHED and the caller has WRITE (001 §4). */
  editable: boolean;
  /** Signs the caller's file and image requests (GET files/{fileId}?token=) for a day. */
  fileToken: string;
}

export interface SummaryPage {
  parentId: number | null;
  documents: WikiSummary[];
  page: number;
  size: number;
  totalElements: number;
  allChildrenFetched: boolean;
}

export interface TrashedDoc extends WikiSummary {
  deletedTime: number;
  deletedBy: WikiUserRef | null;
  /** Titles of the ancestors it was under, root first. */
  breadcrumbs: Breadcrumb[];
}

export interface AttachInfo {
  fileId: number;
  documentId: number;
  name: string;
  size: number;
  contentType: string;
  createdTime: number;
  /** fileUrl(fileId): add ?token= */
  url: string;
}

const title = z.string().max(TITLE_MAX).transform((s) => s.normalize("NFC").replace(/[\r\n\t]+/g, " ").trim());
const text = z.string().max(TEXT_MAX);

export const summariesQuery = z.object({
  parentId: docId.optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(SUMMARIES_PAGE_SIZE).default(SUMMARIES_PAGE_SIZE),
  /** Rows of a database: a property id, or title, createdTime, lastModifiedTime (properties.ts rowSort). */
  sort: z.string().max(40).optional(),
  dir: z.enum(SORT_DIRS).default("asc"),
  /** Rows of a database: JSON RowFilter[] (properties.ts rowFilters). */
  filter: z.string().max(4000).optional(),
});
export type SummariesQuery = z.infer<typeof summariesQuery>;

export const docQuery = z.object({ trackRecent: z.enum(["true", "false"]).default("false").transform((v) => v === "true") });

export const createDocBody = z.object({
  parentId: docId.nullable().default(null),
  type: z.enum(DOC_TYPES).default("document"),
  title: title.default(""),
  text: text.default(""),
  /** Placed after this sibling; null or absent: last. */
  prevId: docId.nullable().optional(),
});
export type CreateDocBody = z.infer<typeof createDocBody>;

/** 001 §7: title, titlePresent, text, textPresent (a field changes when present, or when its flag is true). */
export const patchDocBody = z.object({
  title: title.optional(),
  titlePresent: z.boolean().optional(),
  text: text.optional(),
  textPresent: z.boolean().optional(),
  viewConfig: databaseView.optional(),
});
export type PatchDocBody = z.infer<typeof patchDocBody>;

export const moveDocBody = z.object({ parentId: docId.nullable(), prevId: docId.nullable().default(null) });
export const rollbackBody = z.object({ versionId: docId });

export const trashQuery = z.object({
  keyword: z.string().max(SEARCH_KEYWORD_MAX).optional(),
  page: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(TRASH_PAGE_SIZE),
});

export const exportQuery = z.object({ subtree: z.enum(["true", "false"]).default("false").transform((v) => v === "true") });
