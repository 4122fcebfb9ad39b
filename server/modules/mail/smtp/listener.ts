// The inbound SMTP listener: mail from other servers for the company domains (port SMTP_PORT). No AUTH (user
// submission is separate); STARTTLS only when a key and certificate are given. SIZE is advertised as
// MAX_MESSAGE_BYTES and enforced both ways (MAIL FROM SIZE= and the bytes actually sent) with 552 5.3.4;
// RCPT refuses unknown users, foreign domains and full mailboxes; DATA answers 250 only once the message is
// stored for good, and 451 4.3.0 (try again) for any failure.
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from "smtp-server";
import type { AddressInfo } from "node:net";
import type { AppDeps } from "../../../lib/context.ts";
import { MAX_MESSAGE_BYTES } from "../../../../shared/mail/constants.ts";
import { type DnsResolver, systemResolver } from "./auth.ts";
import { receiveMessage } from "./ingest.ts";
import { acceptRecipient, MAX_RECIPIENTS, REPLIES, SmtpReply } from "./recipients.ts";

export interface SmtpListenerOptions {
  port: number;
  host?: string;
  /** DNS for SPF/DKIM/DMARC; node:dns/promises when absent. */
  resolver?: DnsResolver;
  /** Our host name in the greeting, Received: and Authentication-Results; MAIL_HOSTNAME or the PUBLIC_URL host. */
  hostname?: string;
  /** PEM key and certificate: offers STARTTLS when both are given. */
  tls?: { key: string; cert: string };
  /** Connections served at once; more are turned away with 421. */
  maxClients?: number;
}

export interface SmtpListener {
  port: number;
  close(): Promise<void>;
}

/** Seconds given to open sessions to finish when the listener closes. */
const CLOSE_TIMEOUT_MS = 10_000;

export async function startSmtpListener(deps: AppDeps, opts: SmtpListenerOptions): Promise<SmtpListener> {
  const hostname = opts.hostname ?? deps.config.MAIL_HOSTNAME ?? new URL(deps.config.PUBLIC_URL).hostname;
  const resolver = opts.resolver ?? systemResolver;
  const log = deps.log;

  const options: SMTPServerOptions & { maxRecipients: number; rejectOversized: boolean } = {
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
    disableReverseLookup: true,
    closeTimeout: CLOSE_TIMEOUT_MS,
    logger: false,

    onRcptTo(address, session, callback) {
      // MAIL FROM SIZE=, when the sender announced one (smtp-server already refused one over the limit).
      const args = session.envelope.mailFrom ? session.envelope.mailFrom.args as Record<string, string> | false : false;
      const announced = args && args.SIZE ? Number(args.SIZE) : 0;
      acceptRecipient(deps, address.address, announced > 0 ? announced : null)
        .then(() => callback(), (e) => callback(asReply(e, log, "RCPT")));
    },

    onData(stream, session, reply) {
      let replied = false;
      const callback = (err: Error | null, message?: string) => {
        if (replied) return;
        replied = true;
        reply(err, message);
      };
      const chunks: Buffer[] = [];
      let length = 0;
      stream.on("data", (c: Buffer) => {
        // Past the limit nothing more is kept: smtp-server answers 552 5.3.4 itself (rejectOversized).
        if (length <= MAX_MESSAGE_BYTES) chunks.push(c);
        length += c.length;
      });
      stream.on("error", (e) => callback(asReply(e, log, "DATA")));
      stream.on("end", () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) return callback(null);
        const raw = new Uint8Array(Buffer.concat(chunks, length));
        receiveMessage(deps, raw, envelopeOf(session), clientOf(session), { hostname, resolver })
          .then((r) => callback(null, `2.0.0 OK: stored as ${r.stored.map((s) => s.messageId).join(",")} (${session.id})`))
          .catch((e) => callback(asReply(e, log, "DATA")));
      });
    },
  };

  const server = new SMTPServer(options);
  keepOwnEnhancedCodes(server);
  server.on("error", (e) => log.warn(`smtp: ${(e as Error).message}`));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(opts.port, opts.host ?? "0.0.0.0", () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  log.info(`smtp listening on ${opts.host ?? "0.0.0.0"}:${port}`);
  let closed: Promise<void> | null = null;
  return {
    port,
    close: () => closed ??= new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function envelopeOf(session: SMTPServerSession) {
  return {
    mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
    rcptTo: session.envelope.rcptTo.map((r) => r.address),
  };
}

function clientOf(session: SMTPServerSession) {
  return {
    ip: session.remoteAddress.replace(/^::ffff:/, ""),
    helo: session.hostNameAppearsAs ?? "",
    hostname: session.clientHostname,
    sessionId: session.id,
  };
}

/** A refusal passes through; anything else is logged and becomes 451 4.3.0, so the sender tries again. */
function asReply(e: unknown, log: AppDeps["log"], stage: string): SmtpReply {
  if (e instanceof SmtpReply) return e;
  const cause = (e as { cause?: { message?: string } }).cause?.message;
  log.error(`smtp ${stage} failed, answered 451${cause ? ` (${cause})` : ""}`, e);
  return REPLIES.tempFailure();
}

type Send = (code: number, data: unknown, context?: unknown) => void;
const OWN_ENHANCED_CODE = /^[245]\.\d{1,3}\.\d{1,3} /;

/**
 * smtp-server adds the enhanced status code of the reply number (550 → 5.1.1) to handler replies. Ours carry
 * their own (550 5.7.1 relaying denied), so for a reply text that starts with one, no second is added.
 */
function keepOwnEnhancedCodes(server: SMTPServer) {
  const internals = server as unknown as { connect(socket: unknown, opts: unknown): void; connections: Set<{ send: Send }> };
  const connect = internals.connect.bind(server);
  internals.connect = (socket, socketOptions) => {
    connect(socket, socketOptions);
    const connection = [...internals.connections].at(-1);
    if (!connection) return;
    const send = connection.send.bind(connection);
    connection.send = (code, data, context) =>
      send(code, data, typeof data === "string" && OWN_ENHANCED_CODE.test(data) ? false : context);
  };
}
