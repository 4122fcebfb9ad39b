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
import { CALENDAR_SHARE_MODULE, calendarShareable } from "./modules/calendar/calendars/shareable.ts";
import { DRIVE_SHARE_TYPE, driveShareable } from "./modules/drive/share/shareable.ts";
import { resolveMx } from "node:dns/promises";
import type { BlobStore } from "./lib/blobs.ts";
import { openBlobStore } from "./lib/open-blob-store.ts";

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
  const blobs = overrides.blobs ?? await openBlobStore(config, log);
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
    shareables: new ShareableRegistry().register(MAIL_SHARE_MODULE, mailFolderShareable(database.db))
      .register(CALENDAR_SHARE_MODULE, calendarShareable(database.db))
      .register(DRIVE_SHARE_TYPE, driveShareable(database.db)),
    resolveMx: overrides.resolveMx ?? resolveMx,
  };
}
