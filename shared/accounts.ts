// Account sharing (000 §3 "Shared account", §6 "Account sharing", §7 "Accounts", under /api/users/accounts):
// an owner (sharedBy) lets another user of the same company (sharedTo) switch into the owner's account.
import { z } from "zod";
import { MAX_TIME_MILLIS } from "./paging.ts";

export const SHARED_ACCOUNT_STATUSES = ["ACTIVE", "INACTIVE", "PENDING"] as const;
export type SharedAccountStatus = (typeof SHARED_ACCOUNT_STATUSES)[number];

/** Statuses an owner may set with PUT /{id}/status. PENDING only ever comes from a request by the sharee. */
export const OWNER_SETTABLE_STATUSES = ["ACTIVE", "INACTIVE"] as const;

export const SHARED_ACCOUNT_LOG_ACTIONS = ["SHARE", "REQUEST", "STATUS", "EXPIRY", "DELETE", "SWITCH"] as const;
export type SharedAccountLogAction = (typeof SHARED_ACCOUNT_LOG_ACTIONS)[number];

/** Latest expiry accepted: the largest instant a JavaScript Date can hold. */
export const MAX_EXPIRE_TIME_MILLIS = MAX_TIME_MILLIS;

/** An id in a body: forms send strings, JSON numbers; anything else is a validation error. */
const idField = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Epoch milliseconds or null (no expiry); forms may send "" or "null" for null. */
const expireTimeMillis = z.preprocess(
  (v) => (v === "" || v === "null" ? null : v),
  z.coerce.number({ message: "account.expiry_invalid" }).int("account.expiry_invalid")
    .min(0, "account.expiry_invalid").max(MAX_EXPIRE_TIME_MILLIS, "account.expiry_invalid").nullable(),
);

/** POST /api/users/accounts: the caller shares their own account. */
export const shareAccountBody = z.object({
  sharedToUserId: idField,
  expireTimeMillis: expireTimeMillis.optional(),
});

/** POST /api/users/accounts/requests: the caller asks for access to another user's account. */
export const requestAccountBody = z.object({ sharedByUserId: idField });

/**
 * PUT /api/users/accounts/{id}/status. `id`, when sent, must equal the path id. Only ACTIVE and INACTIVE
 * are accepted (case-insensitive); PENDING or anything else answers 400 account.status_invalid.
 */
export const shareStatusBody = z.object({
  id: idField.optional(),
  status: z.string({ message: "account.status_invalid" }).trim().toUpperCase()
    .pipe(z.enum(OWNER_SETTABLE_STATUSES, { message: "account.status_invalid" })),
});

/** PUT /api/users/accounts/{id}/expiry. `expireTimeMillis: null` clears the expiry. */
export const shareExpiryBody = z.object({
  id: idField.optional(),
  expireTimeMillis: z.preprocess((v) => (v === undefined ? "missing" : v), expireTimeMillis),
});

/** GET /api/users/accounts/available-accounts?includePending=true|false (default false). */
export const availableAccountsQuery = z.object({
  includePending: z.enum(["true", "false"]).default("false").transform((v) => v === "true"),
});

/**
 * A share as one side sees it: email and name are the other party's — the sharee's in GET /shared-users
 * (the caller's own account), the owner's in GET /available-accounts (accounts shared with the caller).
 */
export interface ShareView {
  id: number;
  status: SharedAccountStatus;
  expireTimeMillis: number | null;
  /** The other party's username (sign-in name and mail address). */
  email: string;
  /** The other party's account name. */
  name: string;
  sharedToUserId: number;
  sharedByUserId: number;
  createdTimeMillis: number;
}
export type SharedUser = ShareView;
export type AvailableAccount = ShareView;

/** GET /{id}/change-account: tokens of a new session in the owner's account, acted by the caller. */
export interface ChangeAccountResponse {
  accessToken: string;
  refreshToken: string;
}

/**
 * What changed, per action: SHARE {status, expireTimeMillis, previousStatus? (PENDING when a request was
 * granted)}; REQUEST {status}; STATUS {previousStatus, status}; EXPIRY {previousExpireTimeMillis,
 * expireTimeMillis}; DELETE {previousStatus}; SWITCH null.
 */
export interface SharedAccountLogDetail {
  status?: SharedAccountStatus;
  previousStatus?: SharedAccountStatus;
  expireTimeMillis?: number | null;
  previousExpireTimeMillis?: number | null;
}

/** GET /logs item (paged, newest first). */
export interface SharedAccountLog {
  id: number;
  /** The share the entry is about; it may be deleted since. */
  sharedAccountId: number | null;
  action: SharedAccountLogAction;
  actorUserId: number;
  actorName: string;
  sharedByUserId: number;
  sharedToUserId: number;
  detail: SharedAccountLogDetail | null;
  ip: string | null;
  timeMillis: number;
}
