// The user's mail config (shared/mail/config.ts): read as stored values over the defaults; saved one setting
// or group at a time. The first-screen folder must be one the user can open (a folder of theirs, a virtual
// folder, 'all' or a tag folder), else 400 mail.423.
import { eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { mailConfigs } from "../../../../db/schema/mail-settings.ts";
import { CONFIG_SETTINGS, type ConfigSetting, MAIL_CONFIG_DEFAULTS, type MailConfig } from "../../../../shared/mail/config.ts";
import { VIRTUAL_FOLDER_IDS } from "../../../../shared/mail/constants.ts";
import { SHOWN_VIRTUAL_FOLDERS } from "../../../../shared/mail/folders.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { findUserFolder } from "../store/folders.ts";
import { classesTurnedOff, returnSmartMail } from "./smart-return.ts";

export async function getConfig(caller: Caller): Promise<MailConfig> {
  return await configOf(caller.deps.db, caller.auth.userId, false);
}

/** Stored fields over the defaults; a stored field the current schema no longer knows is ignored. */
function merge(stored: unknown): MailConfig {
  const out = { ...MAIL_CONFIG_DEFAULTS };
  if (stored && typeof stored === "object") {
    for (const [k, v] of Object.entries(stored)) if (k in out) (out as Record<string, unknown>)[k] = v;
  }
  return out;
}

export function isSetting(name: string): name is ConfigSetting {
  return Object.hasOwn(CONFIG_SETTINGS, name);
}

export async function saveSetting(caller: Caller, setting: ConfigSetting, input: unknown): Promise<MailConfig> {
  const parsed = CONFIG_SETTINGS[setting].safeParse(input ?? {});
  if (!parsed.success) throw new AppError(400, "mail.423");
  const values = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) as Partial<MailConfig>;
  if (values.firstScreenFolderId !== undefined && values.firstScreenFolderId !== null) {
    await checkFirstScreen(caller, values.firstScreenFolderId);
  }
  const { db, clock } = caller.deps;
  const { userId, companyId } = caller.auth;
  await db.transaction(async (tx) => {
    const before = await configOf(tx, userId, true);
    await tx.insert(mailConfigs).values({ userId, companyId, config: values, updatedAt: clock.now() })
      .onConflictDoUpdate({
        target: mailConfigs.userId,
        set: { config: sql`${mailConfigs.config} || ${JSON.stringify(values)}::jsonb`, updatedAt: clock.now() },
      });
    // A smart-mailbox class switched off hands its mail back to the inbox (smart-return.ts).
    if (setting === "smartMailbox") {
      await returnSmartMail(tx, companyId, userId, classesTurnedOff(before, await configOf(tx, userId, false)));
    }
  });
  return await getConfig(caller);
}

/** A user's mail config without a caller (mail clients: IMAP, POP3, submission). */
export function mailConfigOf(db: DbOrTx, userId: number): Promise<MailConfig> {
  return configOf(db, userId, false);
}

/** The stored config over the defaults, optionally locking the row (a concurrent save waits). */
async function configOf(db: DbOrTx, userId: number, lock: boolean): Promise<MailConfig> {
  const q = db.select({ config: mailConfigs.config }).from(mailConfigs).where(eq(mailConfigs.userId, userId));
  const [row] = lock ? await q.for("update") : await q;
  return merge(row?.config);
}

/** The virtual folders the tree shows are lists one can start in. */
const OPENABLE_VIRTUAL: number[] = SHOWN_VIRTUAL_FOLDERS.map((type) => VIRTUAL_FOLDER_IDS[type]);

async function checkFirstScreen(caller: Caller, id: number | string) {
  if (typeof id === "string") return; // 'all' or a tag folder: always openable (an unknown tag lists nothing)
  if (OPENABLE_VIRTUAL.includes(id)) return;
  if (id > 0 && await findUserFolder(caller.deps.db, caller.auth.userId, id)) return;
  throw new AppError(400, "mail.423");
}

/** A deleted folder stops being the first screen (000 §4): the setting goes back to the default (the inbox). */
export async function forgetFirstScreen(tx: DbOrTx, userId: number, folderId: number): Promise<void> {
  await tx.update(mailConfigs)
    .set({ config: sql`${mailConfigs.config} - 'firstScreenFolderId'` })
    .where(sql`${mailConfigs.userId} = ${userId} and ${mailConfigs.config} -> 'firstScreenFolderId' = ${JSON.stringify(folderId)}::jsonb`);
}
