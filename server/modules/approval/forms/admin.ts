// The approval admin: the company's administrator (ROLE_ADMIN, not someone who switched into an admin's shared
// account). Form design, basic config and document managers are theirs; anyone else gets 403
// approval.admin_only.
import { APPROVAL_ERRORS as E } from "../../../../shared/approval/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";

export function assertApprovalAdmin(caller: Caller): void {
  if (caller.auth.role !== "ROLE_ADMIN" || caller.auth.actorUserId) throw new AppError(403, E.adminOnly);
}
