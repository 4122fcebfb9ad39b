// The inbound SMTP listener: mail from other servers for the company domains (port SMTP_PORT). No AUTH (user
// submission is separate); STARTTLS when a key and certificate are given (server/main.ts: the certificate of the
// mail client ports, unless SMTP_STARTTLS=false), opportunistic as RFC 3207 §4 wants for port 25: offered, never
// required, and the TLS protocol and cipher of the session reach the Received: line. SIZE is advertised as
// MAX_MESSAGE_BYTES and enforced both ways (MAIL FROM SIZE= and the bytes actually sent) with 552 5.3.4;
// RCPT refuses unknown users, foreign domains and full mailboxes, takes at most MAX_RECIPIENTS per message
// (452 4.5.3 beyond), and slows down, then drops (421), a session that keeps naming unknown addresses; DATA answers 250 only once the message is
// stored for good, and 451 4.3.0 (try again) for any failure. Messages are parsed and checked in worker threads
// (prepare-pool.ts, SMTP_PREPARE_WORKERS), stopped with the listener.
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from "smtp-server";
import type { AppDeps } from "../../../lib/context.ts";
import { MAX_MESSAGE_BYTES } from "../../../../shared/mail/constants.ts";
import { type DnsResolver, systemResolver } from "./auth.ts";
import { type InboundClient, receiveMessage } from "./ingest.ts";
import { acceptRecipient, harvestGuard, HARVEST_POLICY, type HarvestPolicy, MAX_RECIPIENTS } from "./recipients.ts";
import { cachingResolver } from "./dns-cache.ts";
import { defaultPrepareWorkers, PreparePool } from "./prepare-pool.ts";
import { announcedSize, asReply, listenSmtp, receiveData, type SmtpServerHandle } from "./serve.ts";
import { normalizeAddress, type ResolvedRecipient } from "../store/recipients.ts";

export interface SmtpListenerOptions {
  port: number;
  host?: string;
  /** DNS for SPF/DKIM/DMARC; node:dns/promises when absent. */
  resolver?: DnsResolver;
  /** Our host name in the greeting, Received: and Authentication-Results; MAIL_HOSTNAME or the PUBLIC_URL host. */
  hostname?: string;
  /** PEM key and certificate: offers STARTTLS (never requires it) when given. */
  tls?: { key: string; cert: string };
  /** Connections served at once; more are turned away with 421. */
  maxClients?: number;
  /** Worker threads preparing messages (prepare-pool.ts); SMTP_PREPARE_WORKERS or one per extra core when absent. */
  prepareWorkers?: number;
  /** How sessions probing for addresses are slowed and ended (recipients.ts HARVEST_POLICY when absent). */
  harvest?: Partial<HarvestPolicy>;
}

export type SmtpListener = SmtpServerHandle;

/** Seconds given to open sessions to finish when the listener closes. */
const CLOSE_TIMEOUT_MS = 10_000;

export async function startSmtpListener(deps: AppDeps, opts: SmtpListenerOptions): Promise<SmtpListener> {
  const hostname = opts.hostname ?? deps.config.MAIL_HOSTNAME ?? new URL(deps.config.PUBLIC_URL).hostname;
  const base = opts.resolver ?? systemResolver;
  // Answers are kept a while (dns-cache.ts): by this cache for in-process preparation, by each worker's own
  // for theirs (their questions come here uncached, so no answer is kept twice as long).
  const resolver = cachingResolver(base);
  const log = deps.log;
  const workers = opts.prepareWorkers ?? deps.config.SMTP_PREPARE_WORKERS ?? defaultPrepareWorkers();
  const pool = workers > 0 ? new PreparePool(workers, base, log) : null;
  const prepare = pool?.prepare;
  const harvest = harvestGuard({ ...HARVEST_POLICY, ...opts.harvest });
  // Each accepted RCPT's mailboxes, per session: the DATA of the transaction delivers to them without looking
  // them up again (a RCPT of the same address in a later transaction replaces its entry).
  const resolved = new WeakMap<object, Map<string, ResolvedRecipient>>();
  const resolvedAt = (session: object) => {
    let map = resolved.get(session);
    if (!map) resolved.set(session, map = new Map());
    return map;
  };

  const options: SMTPServerOptions & { maxRecipients: number; rejectOversized: boolean; hideREQUIRETLS: boolean } = {
    name: hostname,
    banner: "ready", // smtp-server greets "220 <name> ESMTP ready"
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    maxRecipients: MAX_RECIPIENTS,
    maxClients: opts.maxClients ?? 200,
    authOptional: true,
    disabledCommands: opts.tls ? ["AUTH"] : ["AUTH", "STARTTLS"],
    ...(opts.tls ? { key: opts.tls.key, cert: opts.tls.cert } : {}),
    hideENHANCEDSTATUSCODES: false,
    // Not offered (smtp-server's default, stated here): a message accepted with REQUIRETLS (RFC 8689) would have
    // to keep that requirement on every hop, and a user's forwarding (inbound/forward.ts) does not carry it.
    hideREQUIRETLS: true,
    disableReverseLookup: true,
    closeTimeout: CLOSE_TIMEOUT_MS,
    logger: false,

    onRcptTo(address, session, callback) {
      // MAIL FROM SIZE=, when the sender announced one (smtp-server already refused one over the limit).
      // Every reply goes through the harvesting guard (recipients.ts): slowed after repeated refusals, 421 at last.
      acceptRecipient(deps, address.address, announcedSize(session))
        .then((found) => {
          resolvedAt(session).set(normalizeAddress(address.address), found);
          harvest.answer(session, null, callback);
        }, (e) => harvest.answer(session, asReply(e, log, "smtp RCPT"), callback));
    },

    onData(stream, session, reply) {
      receiveData(stream, reply, async (raw) => {
        const known = resolvedAt(session);
        const r = await receiveMessage(deps, raw, envelopeOf(session), clientOf(session), { hostname, resolver, prepare, known });
        return `2.0.0 OK: stored as ${r.stored.map((s) => s.messageId).join(",")} (${session.id})`;
      }, log, "smtp DATA");
    },
  };

  const listener = await listenSmtp(new SMTPServer(options), opts, log, "smtp");
  log.info(opts.tls ? "smtp: STARTTLS offered (not required)" : "smtp: no STARTTLS (no certificate given)");
  return { port: listener.port, close: () => listener.close().finally(() => pool?.close()) };
}

function envelopeOf(session: SMTPServerSession) {
  return {
    mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
    rcptTo: session.envelope.rcptTo.map((r) => r.address),
  };
}

function clientOf(session: SMTPServerSession): InboundClient {
  return {
    ip: session.remoteAddress.replace(/^::ffff:/, ""),
    helo: session.hostNameAppearsAs ?? "",
    hostname: session.clientHostname,
    sessionId: session.id,
    tls: tlsOf(session),
  };
}

/** The protocol and cipher of a session upgraded with STARTTLS (smtp-server keeps tls.TLSSocket#getCipher()). */
function tlsOf(session: SMTPServerSession): InboundClient["tls"] {
  const cipher = session.secure ? session.tlsOptions as unknown as { name?: string; standardName?: string; version?: string } | false : false;
  if (!cipher) return session.secure ? { version: "TLS", cipher: "unknown" } : undefined;
  return { version: cipher.version || "TLS", cipher: cipher.name || cipher.standardName || "unknown" };
}
