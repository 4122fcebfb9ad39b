// Document permissions (001 §3 "Permission member", §6). Calls under /api/wiki:
//
//   GET    docs/{id}/permissions      DocPermissions (READ): the members that apply to the document, from itself
//                                     or the ancestor it inherits from (permissionFrom; null: the company default)
//   PUT    docs/{id}/permissions      permissionsBody → DocPermissions (OWNER): upsert each member (by userId or
//                                     organId). A document without its own permissions first takes a copy of the
//                                     inherited ones (the company default: the caller as OWNER), so it stops
//                                     inheriting. 400 wiki.member_invalid, 409 wiki.member_duplicate, wiki.last_owner.
//   DELETE docs/{id}/permissions      DocPermissions (OWNER): all its own removed; it inherits again.
//   GET    docs/permissions/{id}      PermissionMember: one member row by its id (READ on its document)
//   DELETE docs/permissions/{id}      DocPermissions of its document (OWNER; 409 wiki.last_owner)
//
// How a level is found (server/modules/wiki/access.ts): company admins and a document's creator are OWNER. Else
// the document's permissionFrom decides: none → WRITE for every member; else the caller's own row there (even
// NONE: a person's row overrides their organisations'), or the best row of an organisation they are in
// (includeChildren: or one above theirs), or NONE. Sub-documents inherit until they get their own.
import { z } from "zod";
import { ACCESS_LEVELS, type AccessLevel, PERMISSION_MEMBERS_MAX } from "./constants.ts";

export interface PermissionMember {
  id: number;
  documentId: number;
  accessLevel: AccessLevel;
  userId: number | null;
  username: string | null;
  accountName: string | null;
  jobTitle: string | null;
  jobGrade: string | null;
  organId: number | null;
  organName: string | null;
  includeChildren: boolean;
}

export interface DocPermissions {
  documentId: number;
  permissionFrom: number | null;
  /** True when the members come from an ancestor (or the company default). */
  inherited: boolean;
  members: PermissionMember[];
  /** The caller's own level on the document. */
  accessLevel: AccessLevel;
}

const idNum = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export const permissionInput = z.object({
  userId: idNum.nullable().optional(),
  organId: idNum.nullable().optional(),
  accessLevel: z.enum(ACCESS_LEVELS),
  includeChildren: z.boolean().default(true),
});
export const permissionsBody = z.object({ members: z.array(permissionInput).min(1).max(PERMISSION_MEMBERS_MAX) });
export type PermissionInput = z.infer<typeof permissionInput>;
