// Sharing of module objects with users and organisations, and share links (000 §3 "Share member", "Share
// record", "Share link"; §4 "Share update result codes"; §5 "Share link password"; §6; §7 "Share", "Share links").
//
// Share calls (signed in):
//   GET    /api/share/{moduleType}/{objectId}/members        → ShareRecord (shareId null when not shared)
//   POST   /api/share/{moduleType}/{objectId} {members}      → 201 ShareRecord; the caller (the object's owner)
//                                                               is the organiser; 409 share.exists when shared
//   PUT    /api/share/{moduleType}/{objectId} {shareId, addList, updateList, deleteList}
//                                                            → a bare JSON number, SHARE_UPDATE_RESULT
//   DELETE /api/share/cancel (form cancelList = object ids, moduleType) → 204; a member leaves USER shares
//   DELETE /api/share (form objectIds, moduleType)           → 204; the organiser removes whole shares
//   GET    /api/share/shared-with-me/{moduleType}            → SharedObject[] (objects shared with the caller)
// Share link calls (signed in; owner or editors of the object):
//   GET    /api/share/links/{moduleType}/{objectId} → ShareLink[]; POST /api/share/links → 201 ShareLink;
//   PUT    /api/share/links {id, ...} → ShareLink; DELETE /api/share/links/{id} → 204
// Public link access (no sign-in needed; a bearer token is read when sent, for COMPANY links):
//   GET    /api/share/links/public/{token}        → PublicShareLink (refuses before start, after expiry or count)
//   POST   /api/share/links/public/{token}/open {password?, verificationId?}
//                                                 → LinkAccessGrant; counts one download atomically
//   POST   /api/share/links/verification (form email, encrypt = the link token) → VerificationSent;
//          mails a code to a company address (COMPANY links opened without signing in)
//   GET    /api/share/links/validation/{token}?email&verificationCode → VerificationResult (verificationId for open)
import { z } from "zod";
import { MAX_TIME_MILLIS } from "./paging.ts";

/** Share member permission: 1 title only (calendar only), 2 read, 3 edit. */
export const SHARE_PERMISSION = { TITLE_ONLY: 1, READ: 2, EDIT: 3 } as const;
export type SharePermission = 1 | 2 | 3;
/** Effective access of a user to an object: 0 none, else a share permission (the owner has 3). */
export type EffectivePermission = 0 | SharePermission;

export const SHARE_MEMBER_TYPES = ["USER", "ORGANIZATION"] as const;
export type ShareMemberType = (typeof SHARE_MEMBER_TYPES)[number];

/** PUT answers (§4): -2 closes the dialog (the share no longer exists), -1 only the organiser may edit,
 *  0 updated, 1 the last member was removed: all sharing cancelled. */
export const SHARE_UPDATE_RESULT = { GONE: -2, NOT_ORGANIZER: -1, UPDATED: 0, ALL_CANCELLED: 1 } as const;
export type ShareUpdateResult = -2 | -1 | 0 | 1;

/** Members one share may hold, and list sizes one request may carry. */
export const SHARE_MEMBERS_MAX = 500;
export const SHARE_OBJECTS_PER_REQUEST_MAX = 200;
export const SHARE_OBJECT_ID_MAX = 200;

export const SHARE_LINK_PERMISSIONS = ["READ", "EDIT"] as const;
export type ShareLinkPermission = (typeof SHARE_LINK_PERMISSIONS)[number];
/** ANYONE with the link, COMPANY employees only (signed in, or a verified company address), PASSWORD holders. */
export const SHARE_LINK_ACCESS_MODES = ["ANYONE", "COMPANY", "PASSWORD"] as const;
export type ShareLinkAccessMode = (typeof SHARE_LINK_ACCESS_MODES)[number];

export const SHARE_LINK_PASSWORD_MIN = 4;
export const SHARE_LINK_PASSWORD_MAX = 8;
export const SHARE_LINK_DOWNLOAD_LIMIT_MAX = 1_000_000;
/** Wrong link passwords allowed per link and client address in the throttle window (15 minutes). */
export const SHARE_LINK_PASSWORD_MAX_FAILURES = 5;
/** Wrong link passwords allowed per link from all addresses together in the same window. */
export const SHARE_LINK_PASSWORD_MAX_FAILURES_TOTAL = 30;
/** Lifetime of the access grant that opening a link answers. */
export const SHARE_LINK_GRANT_TTL_SECONDS = 600;
/** Mailed verification codes: lifetime, wrong tries, resend interval; a verified address stays valid this long. */
export const SHARE_LINK_CODE_TTL_MINUTES = 10;
export const SHARE_LINK_CODE_MAX_ATTEMPTS = 5;
export const SHARE_LINK_CODE_RESEND_SECONDS = 60;
export const SHARE_LINK_VERIFIED_TTL_MINUTES = 30;
/** The viewer's hash route; the token follows. */
export const SHARE_LINK_VIEWER_PATH = "/#/link/viewer/";

/** A module's name for its shareable objects (mail-folder, calendar, ...). */
export const moduleTypeParam = z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,39}$/);
export const objectIdParam = z.string().min(1).max(SHARE_OBJECT_ID_MAX).regex(/^[A-Za-z0-9_.:-]+$/);

const idField = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const permission = z.coerce.number({ message: "share.permission_invalid" }).int("share.permission_invalid")
  .min(1, "share.permission_invalid").max(3, "share.permission_invalid");
const memberType = z.string().trim().toUpperCase().pipe(z.enum(SHARE_MEMBER_TYPES));
const flag = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

export const shareMemberInput = z.object({
  memberType,
  memberId: idField,
  permission,
  /** ORGANIZATION only: whether members of its sub-organisations are included (default true). */
  includeSubOrganizations: flag.optional(),
});
export type ShareMemberInput = z.infer<typeof shareMemberInput>;

/** A member already in the share, named by its member row id or by memberType + memberId. */
const memberRef = z.object({ id: idField.optional(), memberType: memberType.optional(), memberId: idField.optional() })
  .refine((m) => m.id !== undefined || (m.memberType !== undefined && m.memberId !== undefined), "common.validation");
export type ShareMemberRef = z.infer<typeof memberRef>;

export const shareCreateBody = z.object({ members: z.array(shareMemberInput).min(1).max(SHARE_MEMBERS_MAX) });

export const shareUpdateBody = z.object({
  shareId: idField,
  addList: z.array(shareMemberInput).max(SHARE_MEMBERS_MAX).default([]),
  updateList: z.array(memberRef.and(z.object({ permission, includeSubOrganizations: flag.optional() })))
    .max(SHARE_MEMBERS_MAX).default([]),
  deleteList: z.array(memberRef).max(SHARE_MEMBERS_MAX).default([]),
});
export type ShareUpdate = z.infer<typeof shareUpdateBody>;

const objectIdList = z.preprocess((v) => (typeof v === "string" ? v.split(",") : v), z.array(z.coerce.string().pipe(objectIdParam)).min(1).max(SHARE_OBJECTS_PER_REQUEST_MAX));

/** DELETE /api/share/cancel: the ids of the shared objects the caller leaves. */
export const shareCancelBody = z.object({ cancelList: objectIdList, moduleType: moduleTypeParam });
/** DELETE /api/share: the caller's objects whose shares are removed. */
export const shareDeleteBody = z.object({ objectIds: objectIdList, moduleType: moduleTypeParam });

/** One member of a share (§3); name is the user's account name or the organisation's name. */
export interface ShareMember {
  id: number;
  memberId: number;
  memberType: ShareMemberType;
  name: string;
  /** The user's address or the organisation's (may be null). */
  email: string | null;
  permission: SharePermission;
  includeSubOrganizations: boolean;
}

export interface ShareRecord {
  shareId: number | null;
  /** The organiser: the only one who may edit the share. */
  ownerUserId: number | null;
  list: ShareMember[];
}

/** An object shared with the caller (directly or through an organisation). */
export interface SharedObject {
  shareId: number;
  moduleType: string;
  objectId: string;
  ownerUserId: number;
  ownerName: string;
  permission: SharePermission;
}

// --- Share links ---

/** §5: 4 to 8 letters or digits, no spaces; each rule has its own message. */
export const shareLinkPassword = z.string().superRefine((v, ctx) => {
  if (/\s/.test(v)) ctx.addIssue({ code: "custom", message: "shareLink.password_space" });
  else if (!/^[A-Za-z0-9]*$/.test(v)) ctx.addIssue({ code: "custom", message: "shareLink.password_chars" });
  else if (v.length < SHARE_LINK_PASSWORD_MIN || v.length > SHARE_LINK_PASSWORD_MAX) {
    ctx.addIssue({ code: "custom", message: "shareLink.password_length" });
  }
});

const millis = z.preprocess((v) => (v === "" || v === "null" ? null : v), z.coerce.number().int().min(0).max(MAX_TIME_MILLIS).nullable());
/** expiryDate: epoch milliseconds, or an ISO date/time (a bare date means the end of that day, UTC). */
const expiryDate = z.preprocess((v) => {
  if (v === "" || v === "null") return null;
  if (typeof v === "string" && !/^\d+$/.test(v)) {
    const t = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(v) ? `${v}T23:59:59.999Z` : v);
    return Number.isNaN(t) ? v : t;
  }
  return v;
}, z.coerce.number({ message: "shareLink.expiry_invalid" }).int().min(0).max(MAX_TIME_MILLIS).nullable());
const limit = z.preprocess((v) => (v === "" || v === "null" ? null : v),
  z.coerce.number({ message: "shareLink.limit_invalid" }).int("shareLink.limit_invalid").min(1, "shareLink.limit_invalid")
    .max(SHARE_LINK_DOWNLOAD_LIMIT_MAX, "shareLink.limit_invalid").nullable());
const linkPermission = z.string().trim().toUpperCase().pipe(z.enum(SHARE_LINK_PERMISSIONS));
const accessMode = z.string().trim().toUpperCase().pipe(z.enum(SHARE_LINK_ACCESS_MODES));

export const shareLinkCreateBody = z.object({
  moduleType: moduleTypeParam,
  objectId: z.coerce.string().pipe(objectIdParam),
  permission: linkPermission,
  accessMode: accessMode.default("ANYONE"),
  /** Required for PASSWORD links. */
  password: shareLinkPassword.optional(),
  downloadLimitCount: limit.optional(),
  expiryDate: expiryDate.optional(),
  startDateTimeMillis: millis.optional(),
});
export type ShareLinkCreate = z.infer<typeof shareLinkCreateBody>;

/** PUT /api/share/links: fields left out keep their value; null clears a limit or a date. A new password
 *  replaces the old one; switching to PASSWORD needs one unless the link already has one. */
export const shareLinkUpdateBody = z.object({
  id: idField,
  permission: linkPermission.optional(),
  accessMode: accessMode.optional(),
  password: shareLinkPassword.optional(),
  downloadLimitCount: limit.optional(),
  expiryDate: expiryDate.optional(),
  startDateTimeMillis: millis.optional(),
});
export type ShareLinkUpdate = z.infer<typeof shareLinkUpdateBody>;

export interface ShareLink {
  id: number;
  moduleType: string;
  objectId: string;
  permission: ShareLinkPermission;
  accessMode: ShareLinkAccessMode;
  hasPassword: boolean;
  /** The viewer address: SHARE_LINK_VIEWER_PATH + token (append it to the public address of the suite). */
  url: string;
  token: string;
  downloadLimitCount: number | null;
  downloadCount: number;
  /** Epoch milliseconds, or null (no expiry). */
  expiryDate: number | null;
  startDateTimeMillis: number | null;
  createdByUserId: number;
  createdTimeMillis: number;
}

/** GET /api/share/links/public/{token}: what the viewer needs before opening. The title is given only when
 *  the caller may already open the link (ANYONE, or COMPANY with a signed-in employee). */
export interface PublicShareLink {
  moduleType: string;
  title: string | null;
  permission: ShareLinkPermission;
  accessMode: ShareLinkAccessMode;
  requiresPassword: boolean;
  /** COMPANY links opened without a signed-in employee: sign in, or verify a company address by mail. */
  requiresSignIn: boolean;
  downloadLimitCount: number | null;
  downloadCount: number;
  expiryDate: number | null;
  startDateTimeMillis: number | null;
}

export const shareLinkOpenBody = z.object({
  password: z.string().max(100).optional(),
  /** From GET validation: a company address verified by mail (COMPANY links without signing in). */
  verificationId: z.string().uuid().optional(),
});

/** POST .../open: a short-lived signed grant the object's module checks (verifyLinkGrant) when serving it. */
export interface LinkAccessGrant {
  grant: string;
  expiresAtMillis: number;
  moduleType: string;
  objectId: string;
  title: string | null;
  permission: ShareLinkPermission;
  downloadCount: number;
  downloadLimitCount: number | null;
}

export const linkVerificationBody = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  /** The link token (the spec's "encrypt" parameter of the viewer address). */
  encrypt: z.string().min(1).max(200),
});
export interface VerificationSent {
  expiresAtMillis: number;
  resendAfterSeconds: number;
}

export const linkValidationQuery = z.object({
  email: z.string().trim().toLowerCase().email().max(254),
  verificationCode: z.string().trim().regex(/^\d{6}$/, "shareLink.code_invalid"),
});
export interface VerificationResult {
  verified: true;
  verificationId: string;
  expiresAtMillis: number;
}
