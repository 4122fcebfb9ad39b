// Entry point: read config, lock DATA_DIR, open the database, migrate, serve HTTP, stop cleanly on signals.
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { openDatabase, type OpenedDatabase } from "../db/client.ts";
import { runMigrations } from "../db/migrate.ts";
import { buildApp } from "./app.ts";
import { createDeps } from "./deps.ts";
import { clearRuntime, DataDirBusyError, lockDataDir, writeRuntime } from "./lib/data-dir.ts";
import { createLogger, type Logger } from "./lib/logger.ts";
import { FAST_HASH_FOR_TESTS } from "./lib/passwords.ts";
import { startBridge } from "./realtime/bridge.ts";
import { createJobRunner } from "./jobs/index.ts";
import { startSmtpListener } from "./modules/mail/smtp/listener.ts";
import { startClientListeners } from "./modules/mail/clients/listeners.ts";
import { loadTls } from "./modules/mail/clients/tls.ts";
import { externalNet } from "./modules/mail/external/trust.ts";
import { whenFollowUpsDone } from "./modules/mail/inbound/after.ts";
import { stopCollab } from "./modules/wiki/collab/rooms.ts";
import { endLocalAnswers } from "./modules/assistant/generation.ts";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      Deno.exit(2);
    }
    throw e;
  }
  const log = createLogger(config.LOG_LEVEL);
  try {
    externalNet(config); // EXTERNAL_MAIL_CA_FILE is read, and checked, at start
  } catch (e) {
    console.error((e as Error).message);
    Deno.exit(2);
  }

  let lock;
  try {
    lock = await lockDataDir(config.DATA_DIR);
  } catch (e) {
    if (e instanceof DataDirBusyError) {
      console.error(e.message);
      Deno.exit(3);
    }
    throw e;
  }

  // Signals are taken from here on: one that arrives during start-up is remembered and served by the clean
  // stop as soon as everything has started (a stop half-way through starting would leave parts running).
  let onSignal = (signal: string) => void (pendingSignal = signal);
  let pendingSignal: string | null = null;
  Deno.addSignalListener("SIGINT", () => onSignal("SIGINT"));
  Deno.addSignalListener("SIGTERM", () => onSignal("SIGTERM"));

  if (FAST_HASH_FOR_TESTS) log.warn("TEST_PASSWORD_HASH=fast: passwords are hashed with the test suite's weak argon2id parameters");
  log.info(config.DATABASE_URL ? "connecting to DATABASE_URL" : `starting embedded PostgreSQL in ${config.DATA_DIR}/postgres`);
  let database: OpenedDatabase | undefined;
  let started;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      embeddedPort: config.EMBEDDED_PG_PORT,
      ownsSignals: true,
      log: (line) => log.debug(`[postgres] ${line}`),
    });
    started = await serve(config, database, log);
  } catch (e) {
    // Nothing half-started stays behind: the embedded PostgreSQL is stopped and the data folder released.
    const reason = e instanceof Deno.errors.AddrInUse ? `port ${config.PORT} is already in use (set PORT)` : (e as Error).message;
    log.error(`start-up failed: ${reason}`, e instanceof Deno.errors.AddrInUse ? undefined : e);
    await database?.close().catch(() => {});
    lock.release();
    Deno.exit(1);
  }
  const { deps, bridge, server, smtp, clients, jobs } = started;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info(`${signal} received, stopping`);
    const timer = setTimeout(() => {
      log.error("clean stop took too long, exiting");
      Deno.exit(1);
    }, 20_000);
    await smtp?.close();
    await clients?.close();
    await stopCollab(deps); // the wiki's live documents saved before their sockets and the database go
    await endLocalAnswers(deps); // the assistant's answers running here end FAILED now and their streams close
    deps.realtime.hub.closeAll();
    await server.shutdown();
    await jobs?.stop();
    // Forwards and away replies of mail already stored get a few seconds to go out (inbound/after.ts).
    if (!(await whenFollowUpsDone(deps, 5_000))) log.warn("stopping with mail follow-ups (forwards, away replies) unfinished");
    await bridge.close();
    if (database.embedded) await clearRuntime(config.DATA_DIR);
    await database.close();
    lock.release();
    clearTimeout(timer);
    log.info("stopped");
    Deno.exit(0);
  };
  onSignal = (signal) => void stop(signal);
  if (pendingSignal) await stop(pendingSignal);
}

/** Migrates, then serves HTTP with realtime events crossing instances through LISTEN/NOTIFY. */
async function serve(config: Config, database: OpenedDatabase, log: Logger) {
  if (database.embedded) await writeRuntime(config.DATA_DIR, { databaseUrl: database.url });
  await runMigrations(database.db);
  log.info("database ready, migrations applied");
  const deps = await createDeps(config, database, log);
  const bridge = await startBridge(deps.realtime, database.url, database.sql, log);
  const app = buildApp(deps);
  const server = Deno.serve(
    { port: config.PORT, hostname: config.HOST, onListen: ({ hostname, port }) => log.info(`listening on http://${hostname}:${port}`) },
    (req, info) => app.fetch(req, { remoteAddr: info.remoteAddr as Deno.NetAddr }),
  );
  // One TLS certificate (configured or self-signed, clients/tls.ts) for inbound STARTTLS and the client ports.
  const inboundTls = config.SMTP_ENABLED && config.SMTP_STARTTLS;
  const tls = inboundTls || config.MAIL_CLIENTS_ENABLED ? await loadTls(config, log) : null;
  // Inbound mail once the database is ready; stopped first on a signal, so no message is left half-taken.
  const smtp = config.SMTP_ENABLED
    ? await startSmtpListener(deps, {
      port: config.SMTP_PORT,
      host: config.SMTP_HOST,
      tls: inboundTls && tls ? { key: tls.key, cert: tls.cert } : undefined,
    })
    : null;
  // Desktop and phone mail clients: IMAP, POP3, SMTP submission (server/modules/mail/clients/listeners.ts).
  const clients = config.MAIL_CLIENTS_ENABLED ? await startClientListeners(deps, tls ?? undefined) : null;
  // Timed jobs (outbound queue, scheduled send); they claim work with SKIP LOCKED, so every instance may run them.
  const jobs = config.JOBS_ENABLED ? createJobRunner(deps) : null;
  jobs?.start();
  return { deps, bridge, server, smtp, clients, jobs };
}

await main();
