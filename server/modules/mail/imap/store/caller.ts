// The bridge to the web's folder and mail services, so IMAP follows exactly their rules (names, duplicates,
// depth, limits, the trash): the signed-in client user as the web's Caller (role and HR flag read from the
// user's row, like the web's sign-in resolves them), and the web's AppErrors as ImapStoreErrors.
import { and, eq } from "drizzle-orm";
import { users } from "../../../../../db/schema/users.ts";
import type { AppDeps, Caller } from "../../../../lib/context.ts";
import { AppError, messageOf } from "../../../../lib/errors.ts";
import { type ClientUser, ImapStoreError } from "./types.ts";

/** The client user as a Caller of the web services. */
export async function callerOf(deps: AppDeps, user: ClientUser): Promise<Caller> {
  const [row] = await deps.db.select({ role: users.role, isHr: users.isHr }).from(users)
    .where(and(eq(users.id, user.userId), eq(users.companyId, user.companyId)));
  if (!row) throw new ImapStoreError("NONEXISTENT", "No such user");
  return {
    deps,
    auth: {
      userId: user.userId,
      companyId: user.companyId,
      username: user.username,
      role: row.role,
      isHr: row.isHr,
      sessionId: "imap",
      actorUserId: null,
    },
    ip: "",
    userAgent: "IMAP",
  };
}

/** Runs a web service call, turning its refusals into ImapStoreErrors. */
export async function viaWeb<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof AppError) {
      const text = messageOf(e.code);
      if (e.status === 404) throw new ImapStoreError("NONEXISTENT", text);
      if (e.code === "mail.folder_duplicate") throw new ImapStoreError("ALREADYEXISTS", text);
      if (e.code === "mail.folder_limit") throw new ImapStoreError("LIMIT", text);
      if (e.status === 507) throw new ImapStoreError("OVERQUOTA", text);
      throw new ImapStoreError("CANNOT", text);
    }
    throw e;
  }
}
