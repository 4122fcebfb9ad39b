// Shared mail folders (000 §3 Folder SHARED_ROOT/SHARING_ROOT/SHARE, §4, §6, §7 "shared variants under
// api/share/mails"). A user shares one of their PRIVATE or SENT folders (moduleType MAIL, objectId = folder id)
// through the share API with users or organisations, permission 2 read or 3 edit. A share covers that folder
// only, not its sub-folders (each is a shareable object of its own).
//
//   GET  /api/mails/shared/folders            → SharedMailFolder[]: folders shared WITH the caller (directly or
//          through their organisations), owner, permission and the folder's counters
//   GET  /api/mails/sharing/folders           → SharingMailFolder[]: the caller's own shared folders with member
//          counts ([] for an isOrgChartRestricted user, whose tree has no sharing root)
//   GET  /api/share/mails?folderId&page&pageSize           → MailListPage of the shared folder (read)
//   GET  /api/share/mails/view/{id}?ownerId&folderId[&attachPosition] → MailView (read), or the message attached
//          at attachPosition; the owner's read status and unread count are left as they are;
//          references/basedMailId are not offered (they would reach the owner's other folders)
//   GET  /api/share/mails/view/{id}/attach/{position}?ownerId  → the attachment (read)
//   GET  /api/share/mails/view/original/{id}/{view|download}?ownerId → the raw message (read)
//   PUT  /api/share/mails/readStatus {mailIds, folderId, ownerId?, readStatus}    (edit; else 403
//          mail.share_read_status_denied)
//   PUT  /api/share/mails/importantStatus {mailIds, folderId, ownerId?, importantStatus} (edit; else 403
//          mail.share_star_denied)
//   PUT  /api/share/mails/deleteStatus {mailIds, folderId, ownerId?}  → the owner's trash (edit; else 403
//          mail.share_edit_denied)
//   POST /api/share/mails/v2/send {...compose body, folderId}  (edit on folderId; else 403 mail.360): sent by
//          the caller from their own address exactly like api/mails/v2/send, and a copy is filed in the shared
//          folder (read, owner's counters follow); scheduled send is refused (400 mail.share_send_reserve)
//
// Every call checks the caller's permission on the folder now (a revoked share ends access at once); a folder
// not shared with the caller, a mail not in that folder, or anything of another company answers 404
// (mail.folder_not_found / mail.not_found) exactly like a missing one. Tags and moves are not offered on shared
// folders: tags are each user's own, and a move would take mail out of what was shared.
import { z } from "zod";
import { composeBody } from "./compose.ts";
import { importantStatusBody, mailIdsBody, mailListQuery, mailViewQuery, readStatusBody } from "./reading.ts";

export const SHARE_READ = 2;
export const SHARE_EDIT = 3;

/** A folder shared with the caller (and a SHARE child of SHARED_ROOT in the tree). */
export interface SharedMailFolder {
  folderId: number;
  folderType: string;
  nameFolder: string;
  shareId: number;
  ownerId: number;
  ownerName: string;
  ownerUsername: string;
  /** 2 read, 3 edit. */
  permission: number;
  totalCount: number;
  newCount: number;
  usedSize: number;
}

/** One of the caller's own folders that is shared (and a SHARE child of SHARING_ROOT in the tree). */
export interface SharingMailFolder {
  folderId: number;
  folderType: string;
  nameFolder: string;
  shareId: number;
  memberCount: number;
  totalCount: number;
  newCount: number;
  usedSize: number;
}

const id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const folderIdField = z.coerce.number({ message: "mail.folder_not_found" }).int().positive("mail.folder_not_found")
  .max(Number.MAX_SAFE_INTEGER, "mail.folder_not_found");

export const sharedListQuery = mailListQuery.omit({ category: true }).extend({ folderId: folderIdField, ownerId: id.optional() });
export const sharedViewQuery = mailViewQuery.pick({ folderId: true, attachPosition: true }).extend({ ownerId: id.optional() });
export const sharedOwnerQuery = z.object({ ownerId: id.optional() });

const shareTarget = { folderId: folderIdField, ownerId: id.optional() };
export const sharedReadStatusBody = readStatusBody.extend(shareTarget);
export const sharedImportantStatusBody = importantStatusBody.extend(shareTarget);
export const sharedDeleteStatusBody = mailIdsBody.extend(shareTarget);
export const sharedSendBody = composeBody.extend({ folderId: folderIdField });

export const SHARED_ERROR_MESSAGES = {
  "mail.share_read_status_denied": "You do not have permission to change the read status in this shared folder.",
  "mail.share_star_denied": "You do not have permission to star mail in this shared folder.",
  "mail.share_edit_denied": "You only have permission to read this shared folder.",
  "mail.share_send_reserve": "Scheduled sending is not available from a shared folder.",
} as const;
