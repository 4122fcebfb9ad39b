// Assembles the app's dependencies around an open database.
import type { Config } from "./config.ts";
import type { Database } from "../db/client.ts";
import type { AppDeps } from "./lib/context.ts";
import { type Clock, systemClock } from "./lib/clock.ts";
import type { Logger } from "./lib/logger.ts";
import { createMailer, type Mailer } from "./lib/mailer.ts";
import { loadSecrets } from "./lib/secrets.ts";
import { Realtime } from "./realtime/bridge.ts";
import { ShareableRegistry } from "./modules/share/registry.ts";
import { MAIL_SHARE_MODULE, mailFolderShareable } from "./modules/mail/folders/shareable.ts";
import { join } from "node:path";
import { resolveMx } from "node:dns/promises";
import { type BlobStore, FileBlobStore } from "./lib/blobs.ts";
import { upgradeBlobLayout } from "./lib/blob-layout.ts";

export async function createDeps(
  config: Config,
  database: Database,
  log: Logger,
  overrides: {
    clock?: Clock;
    mailer?: Mailer;
    realtime?: Realtime;
    blobs?: BlobStore;
    resolveMx?: AppDeps["resolveMx"];
  } = {},
): Promise<AppDeps> {
  let blobs = overrides.blobs;
  if (!blobs) {
    const root = join(config.DATA_DIR, "blobs");
    const moved = await upgradeBlobLayout(root);
    if (moved) log.info(`blob store: ${moved} blob(s) moved to the one-level folder layout`);
    blobs = new FileBlobStore(root);
  }
  return {
    config,
    db: database.db,
    sql: database.sql,
    clock: overrides.clock ?? systemClock,
    log,
    mailer: overrides.mailer ?? createMailer({ relayUrl: config.SMTP_RELAY_URL, from: config.MAIL_FROM, log }),
    secrets: await loadSecrets(database.db),
    blobs,
    // This instance only until main.ts (or a test) attaches the LISTEN/NOTIFY bridge.
    realtime: overrides.realtime ?? new Realtime(log),
    shareables: new ShareableRegistry().register(MAIL_SHARE_MODULE, mailFolderShareable(database.db)),
    resolveMx: overrides.resolveMx ?? resolveMx,
  };
}
