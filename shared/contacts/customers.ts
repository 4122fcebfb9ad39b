// The shared customer address book (001 §3 "Customer group", "Customer card", "Customer history item"; §7
// "Customer address book"): company-wide groups, public (every member reads and writes) or private (members
// READ or READ_WRITE, at least one), book admins (the company's administrators and those named), cards (the
// private book's card shape, in one group each), and a history per group and card: memos, and the change log
// the server writes (ADD, UPDATE, DELETE, RESTORE, IMPORT, COPY on GROUP, CARD, MEMO, TAG), 10 a page, newest
// first. A group the caller cannot read answers 404 like a missing one; writing with READ answers 403
// customer.no_permission. Deleted groups stay 7 days (restore), then the purge job deletes them.
import { z } from "zod";
import { cardForm, flag, idList } from "./cards.ts";
import type { ContactCard } from "./cards.ts";
import { CONSONANTS } from "./hangul.ts";
import { CUSTOMER_LIST_TYPES, HISTORY_TYPES, LIMITS, SEARCH_MAX_CHARS, SEARCH_MIN_CHARS, SORT_DIRS, SORT_FIELDS } from "./constants.ts";
import { type CustomerTag, TAG_ERROR_MESSAGES } from "./customer-tags.ts";

export const CUSTOMER_PRIVILEGES = ["READ", "READ_WRITE"] as const;
export type CustomerPrivilege = (typeof CUSTOMER_PRIVILEGES)[number];
/** 001 §9: history page size 10, default sort updatedTimeMilli; card list page size 20, default sort userName. */
export const HISTORY_PAGE_SIZE = 10;
export const CUSTOMER_PAGE_SIZE = 20;
export const CUSTOMER_RESTORE_DAYS = 7;
export { HISTORY_TYPES } from "./constants.ts";
export const HISTORY_ACTIONS = ["ADD", "UPDATE", "DELETE", "RESTORE", "IMPORT", "COPY"] as const;
export const HISTORY_SUBJECTS = ["GROUP", "CARD", "MEMO", "TAG"] as const;
export const HISTORY_SEARCH_FIELDS = ["ALL", "CONTENT", "USER_NAME"] as const;
export const MEMO_MAX = 4000;
/** Files of one memo (001 §5: "memo attachment limited in MB"; the size is not in the spec: chosen here). */
export const MEMO_FILES_MAX = 5;
export const MEMO_FILE_MAX_BYTES = 10 * 1024 * 1024;
export const MEMO_FILE_NAME_MAX = 255;
/** The memo calls that carry files: server/app.ts lets it past the API's 2 MB body limit; it sets its own. */
export const MEMO_PATH = "/api/customer/history";
export const GROUP_MEMBERS_MAX = 500;

/** GET api/customer/group (a tree: children), .../list, .../{id}, .../byParent/{id}. */
export interface CustomerGroup {
  id: number;
  parentId: number | null;
  groupName: string;
  childCount: number;
  children?: CustomerGroup[];
  /** The caller may change the group and its cards (READ_WRITE, or a book admin). */
  hasPermission: boolean;
  privilege: CustomerPrivilege;
  isPublic: boolean;
  isDeleted: boolean;
  deletedTimeMillis: number | null;
  domain: string | null;
  cardCount: number;
}

/** GET api/customer/group/member/{id} */
export interface CustomerGroupMember {
  userId: number;
  userName: string;
  email: string;
  privilege: CustomerPrivilege;
}

/** GET api/customer/group/admin */
export interface CustomerAdmin {
  userId: number;
  userName: string;
  email: string;
  /** A company administrator (always a book admin) rather than a named one. */
  companyAdmin: boolean;
}

/** A customer card: the private card's shape with its group. */
export interface CustomerCard extends ContactCard {
  groupId: number;
  groupName: string;
  /** Its tags, by name. */
  tagList: CustomerTag[];
}

/** One history item (memo or log), newest first. */
export interface CustomerHistoryItem {
  id: number;
  groupId: number;
  cardId: number | null;
  historyType: "MEMO" | "LOG" | "MAIL";
  action: (typeof HISTORY_ACTIONS)[number];
  subject: (typeof HISTORY_SUBJECTS)[number];
  content: string;
  userId: number | null;
  userName: string;
  createdTimeMillis: number;
  updatedTimeMilli: number;
  /** The caller may edit or delete it (a memo or a kept mail, READ_WRITE). */
  editable: boolean;
  /** MAIL: the keeper's mailbox copy (it may be gone since); open the kept copy with GET .../mail/{id}. */
  mailId: number | null;
  /** MEMO: its files; download with GET api/customer/history/attach/{id}/{position}. */
  attachments: { position: number; name: string; size: number; contentType: string }[];
}

/**
 * GET api/customer/history/mail/{id} (the /customer/mail/{groupId}/{historyId} popup): the mail as kept. html
 * is sanitised as the mail reader's; attachments by position: GET .../mail/attach/{historyId}/{position}.
 */
export interface CustomerKeptMail {
  id: number;
  groupId: number;
  cardId: number | null;
  mailId: number | null;
  subject: string;
  fromName: string;
  fromAddress: string;
  to: { name: string; address: string }[];
  cc: { name: string; address: string }[];
  sentTimeMillis: number | null;
  receivedTimeMillis: number;
  html: string | null;
  text: string;
  attachments: { position: number; name: string; size: number; contentType: string }[];
  userName: string;
  createdTimeMillis: number;
}

const groupName = z.string().trim().min(1, "customer.group_name_required").max(LIMITS.groupName, "contact.too_long");
/** A mail domain: labels of letters, digits and hyphens, a dot between (stored lower case). */
const domain = z.string().trim().toLowerCase().max(253, "contact.too_long")
  .refine((v) => v === "" || /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(v), "customer.domain_invalid")
  .transform((v) => v || null);
const member = z.object({
  userId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  privilege: z.string().toUpperCase().pipe(z.enum(CUSTOMER_PRIVILEGES, "common.validation")).default("READ_WRITE"),
});
const members = z.array(member).max(GROUP_MEMBERS_MAX, "contact.too_many_values");
const positiveId = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** POST api/customer/group (201): the caller joins a private group as READ_WRITE when not named. */
export const customerGroupAddBody = z.object({
  groupName,
  parentId: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
  isPublic: flag.default(true),
  domain: domain.optional(),
  members: members.default([]),
});
/** PATCH api/customer/group: id and the fields to change; parentId moves it (0: top level). */
export const customerGroupPatchBody = z.object({
  id: positiveId,
  groupName: groupName.optional(),
  parentId: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  isPublic: flag.optional(),
  domain: domain.nullable().optional(),
  members: members.optional(),
});
/** GET api/customer/group/list: deleted=true lists the deleted groups the caller may restore. */
export const customerGroupListQuery = z.object({ deleted: flag.default(false) });
/** GET api/customer/group/exists: a live group with that name or domain exists in the company. */
export const customerGroupExistsQuery = z.object({
  groupName: z.string().trim().max(LIMITS.groupName).optional(),
  domain: z.string().trim().toLowerCase().max(253).optional(),
  exceptId: positiveId.optional(),
});
/** PUT api/customer/group/admin: the named book admins (company administrators only). */
export const customerAdminsBody = z.object({ userIdList: z.array(positiveId).max(GROUP_MEMBERS_MAX, "contact.too_many_values") });

/**
 * GET api/customer/card. type (001 §7): "group" (default), the cards of the group groupId; "tag", the cards
 * carrying the tag groupId in every group the caller reads. tagId: only the cards with that tag.
 */
export const customerCardListQuery = z.object({
  groupId: positiveId,
  tagId: positiveId.optional(),
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).default(CUSTOMER_PAGE_SIZE),
  sort: z.enum(SORT_FIELDS).default("userName"),
  dir: z.string().toLowerCase().pipe(z.enum(SORT_DIRS)).default("asc"),
  importantStatus: flag.optional(),
  consonant: z.string().trim().toUpperCase().refine((v) => CONSONANTS.includes(v), "contact.consonant_invalid").optional(),
  type: z.string().toLowerCase().pipe(z.enum(CUSTOMER_LIST_TYPES, "common.validation")).default("group"),
});
/** GET api/customer/card/print */
export const customerCardPrintQuery = customerCardListQuery.omit({ page: true, pageSize: true });

const word = z.string().trim().max(SEARCH_MAX_CHARS, "contact.too_long").optional().transform((v) => v || undefined);
/**
 * GET api/customer/card/search: over every group the caller reads. keyword with searchType ALL (name, e-mail,
 * phone, company), USER_NAME, EMAIL or TEL; or the fields searchUserName, searchEmil (sic, the spec's name),
 * searchTel. Each word at least 2 characters.
 */
export const customerSearchQuery = z.object({
  searchType: z.string().toUpperCase().pipe(z.enum(["ALL", "USER_NAME", "EMAIL", "TEL"])).default("ALL"),
  keyword: word,
  searchUserName: word,
  searchEmil: word,
  searchTel: word,
  page: z.coerce.number().int().min(0).max(1_000_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(200).default(CUSTOMER_PAGE_SIZE),
}).superRefine((q, ctx) => {
  const words = [q.keyword, q.searchUserName, q.searchEmil, q.searchTel].filter((w): w is string => !!w);
  if (words.length === 0 || words.some((w) => w.length < SEARCH_MIN_CHARS)) {
    ctx.addIssue({ code: "custom", path: ["keyword"], message: "contact.search_min_chars" });
  }
});

/** POST api/customer/card (201) */
export const customerCardAddBody = z.object({ groupId: positiveId, cardData: cardForm });
/** PUT api/customer/card/{id} */
export const customerCardPutBody = z.object({ cardData: cardForm });
/** DELETE api/customer/card: deleted for good (the history keeps the log). */
export const customerCardDeleteBody = z.object({ cardIdList: idList, groupId: positiveId.optional() });
/** PATCH api/customer/card/move: isCopy keeps the cards where they are and adds copies. */
export const customerMoveBody = z.object({ cardIdList: idList, targetGroupId: positiveId, groupId: positiveId.optional(), isCopy: flag.default(false) });
/** PUT api/customer/card/importantStatus */
export const customerImportantBody = z.object({ cardIdList: idList, importantStatus: flag });
/** POST api/customer/card/copy/private: copies into the caller's private book (targetGroupId 0: no group). */
export const copyToPrivateBody = z.object({ cardIdList: idList, targetGroupId: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0) });
/** POST api/contact/card/copy/customer (001 §7 "copy to customer"): private cards into a customer group. */
export const copyToCustomerBody = z.object({ cardIdList: idList, targetGroupId: positiveId, shouldDeleteOriginalData: flag.default(false) });

/** GET api/customer/history: by group (groupId) and optionally one card (id). */
export const historyQuery = z.object({
  groupId: positiveId,
  id: positiveId.optional(),
  historyType: z.string().toUpperCase().pipe(z.enum(HISTORY_TYPES)).default("ALL"),
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(HISTORY_PAGE_SIZE),
  sort: z.enum(["updatedTimeMilli", "createdTimeMillis"]).default("updatedTimeMilli"),
  dir: z.string().toLowerCase().pipe(z.enum(SORT_DIRS)).default("desc"),
  /** searchWords over the items' text (CONTENT: a memo, a kept mail's subject, the log's names), their writer (USER_NAME), or both (ALL). */
  searchField: z.string().toUpperCase().pipe(z.enum(HISTORY_SEARCH_FIELDS, "common.validation")).default("ALL"),
  searchWords: z.string().trim().max(SEARCH_MAX_CHARS, "contact.too_long").optional().transform((v) => v || undefined),
});
const memo = z.string().trim().min(1, "customer.memo_required").max(MEMO_MAX, "contact.too_long");
/**
 * POST api/customer/history (form or JSON, 201): a memo on the group, or on one of its cards (cardId). A
 * multipart form may carry up to MEMO_FILES_MAX files (field files, files[] or part), each at most
 * MEMO_FILE_MAX_BYTES (413 customer.file_too_large).
 */
export const memoAddBody = z.object({ groupId: positiveId, cardId: positiveId.optional(), content: memo });
/** POST api/customer/history/mail (201): keeps one of the caller's mails in a group's (or card's) history. */
export const keepMailBody = z.object({ groupId: positiveId, cardId: positiveId.optional(), mailId: positiveId });
/** GET api/customer/history/byMailId: where the caller's mail is kept (groups they read). */
export const byMailIdQuery = z.object({ mailId: positiveId });

/** PATCH api/customer/history */
export const memoPatchBody = z.object({ id: positiveId, content: memo });

export const CUSTOMER_ERROR_MESSAGES = {
  "customer.disabled": "The customer address book is not enabled for your company.",
  "customer.no_permission": "You do not have permission for this customer group.",
  "customer.group_name_required": "Enter a group name.",
  "customer.group_name_in_use": "A customer group with this name already exists.",
  "customer.domain_invalid": "Enter a domain such as example.com.",
  "customer.domain_in_use": "Another customer group has this domain.",
  "customer.members_required": "A private group needs at least one member.",
  "customer.member_invalid": "A member is not a user of your company.",
  "customer.group_cycle": "A group cannot be moved into itself or its sub-groups.",
  "customer.parent_deleted": "Restore the parent group first.",
  "customer.not_deleted": "The group is not deleted.",
  "customer.restore_expired": "The group was deleted more than 7 days ago.",
  "customer.memo_required": "Enter a memo.",
  "customer.admin_only": "Only administrators can do this.",
  "customer.mail_already_kept": "This mail is already kept in this history.",
  "customer.file_too_large": "A memo file may be at most 10 MB.",
  "customer.too_many_files": "A memo may have at most 5 files.",
  ...TAG_ERROR_MESSAGES,
} as const;
