// Moving one mailbox in from another mail server over IMAP (`deno task mail:import-imap`): the suite user
// is found by address, the source logged in to, its folders planned (folder-map.ts) and made (folders.ts),
// then each folder copied (copy-folder.ts) from where the last run left it (state.ts). Running it again
// copies only what is new; nothing is ever copied twice. The source is only read.
import { eq } from "drizzle-orm";
import { users } from "../../../../db/schema/users.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { normalizeAddress, resolveMailboxes } from "../store/recipients.ts";
import { copyFolder, type CopyOptions, type FolderOutcome, type Progress } from "./copy-folder.ts";
import { planFolders } from "./folder-map.ts";
import { targetFolders } from "./folders.ts";
import { ImportError, openImapSource, portOf, type SourceAccount } from "./imap-source.ts";
import { externalNet } from "../external/trust.ts";
import { findState, startState } from "./state.ts";

export interface ImportRequest extends SourceAccount {
  /** The suite user to copy into: their address (or one of their aliases). */
  to: string;
}

export interface ImportHooks {
  batchSize?: number;
  onProgress?: CopyOptions["onProgress"];
  /** A folder of the plan was left out, with why. */
  onSkipFolder?: (path: string, reason: string) => void;
  /** A message was left out for good, with why. */
  onSkipMessage?: (folder: string, uid: number, reason: string) => void;
}

export interface ImportSummary {
  to: string;
  folders: FolderOutcome[];
  skippedFolders: { path: string; reason: string }[];
  copied: number;
  existing: number;
  skipped: number;
}

/** The source's key on mail_imap_imports rows. */
export function sourceKey(a: SourceAccount): string {
  return `${a.user}@${a.host}:${portOf(a)}`.toLowerCase();
}

/** The suite user behind an address, as a Caller of the web's services; an ImportError when there is none. */
export async function importCaller(deps: AppDeps, address: string): Promise<Caller> {
  const box = (await resolveMailboxes(deps.db, [address])).get(normalizeAddress(address));
  if (!box) throw new ImportError(`no active user ${address} on this server`);
  const [row] = await deps.db.select({ role: users.role, isHr: users.isHr }).from(users).where(eq(users.id, box.userId));
  return {
    deps,
    auth: {
      userId: box.userId,
      companyId: box.companyId,
      username: box.username,
      role: row.role,
      isHr: row.isHr,
      sessionId: "mail-import",
      actorUserId: null,
    },
    ip: "",
    userAgent: "mail:import-imap",
  };
}

export async function importImapAccount(deps: AppDeps, req: ImportRequest, hooks: ImportHooks = {}): Promise<ImportSummary> {
  const caller = await importCaller(deps, req.to);
  const user = { companyId: caller.auth.companyId, userId: caller.auth.userId, username: caller.auth.username };
  const source = await openImapSource(req, externalNet(deps.config).ca);
  try {
    const plan = planFolders(await source.folders());
    for (const s of plan.skipped) hooks.onSkipFolder?.(s.path, s.reason);
    const targets = targetFolders(caller);
    const key = sourceKey(req);
    const summary: ImportSummary = { to: user.username, folders: [], skippedFolders: plan.skipped, copied: 0, existing: 0, skipped: 0 };
    const options: CopyOptions = { deps, user, source, batchSize: hooks.batchSize, onProgress: hooks.onProgress };
    for (const f of plan.folders) {
      const stateKey = { companyId: user.companyId, userId: user.userId, source: key, sourcePath: f.path };
      const box = await source.open(f.path);
      const target = await targets.of(f, (await findState(deps.db, stateKey))?.folderId ?? null);
      const state = await startState(deps.db, stateKey, target.id, box, deps.clock.now());
      const outcome = await copyFolder(options, f, target, state);
      for (const s of outcome.skipped) hooks.onSkipMessage?.(f.display, s.uid, s.reason);
      summary.folders.push(outcome);
      summary.copied += outcome.copied;
      summary.existing += outcome.existing;
      summary.skipped += outcome.skipped.length;
    }
    return summary;
  } finally {
    await source.close();
  }
}

export type { Progress };
