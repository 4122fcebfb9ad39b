// SMTP submission for mail programs (RFC 6409): port 587 style (STARTTLS offered) or 465 style (implicitTls),
// run with the npm smtp-server package as the inbound listener (smtp/listener.ts). AUTH PLAIN/LOGIN with the
// address and the mail-program password (signInClient, protocol SMTP) is required before MAIL; on a plain
// connection it is refused (538 5.7.11) unless the client is on loopback. MAIL FROM must be the user's own
// address or an alias (553 5.7.1), RCPT may be any address (an authenticated relay) up to the compose
// recipient limit, a local recipient must exist; DATA (MAX_MESSAGE_BYTES) goes through submit.ts, and 250 is
// answered only once the message is stored for good (451 4.3.0 on any failure, so the client tries again).
import { SMTPServer, type SMTPServerOptions, type SMTPServerSession } from "smtp-server";
import type { AppDeps } from "../../../lib/context.ts";
import { MAX_MESSAGE_BYTES } from "../../../../shared/mail/constants.ts";
import { ClientAuthError, type ClientUser, signInClient } from "../clients/auth.ts";
import { mailHostname } from "../compose/mime.ts";
import { acceptRecipient, SmtpReply } from "../smtp/recipients.ts";
import { announcedSize, asReply, listenSmtp, receiveData } from "../smtp/serve.ts";
import { type ClientServer, type ClientServerOptions, clientIp, isLoopback } from "../clients/net.ts";
import { normalizeAddress } from "../store/recipients.ts";
import { isOwnAddress, submitMessage, SUBMIT_REPLIES } from "./submit.ts";
import { checkSendLimit, SendLimitExceeded } from "../outbound/send-limit.ts";

export interface SubmissionServerOptions extends ClientServerOptions {
  /** Connections served at once; more are turned away with 421. */
  maxClients?: number;
  /** Messages one connection may send (SUBMISSION_MAX_MESSAGES_PER_SESSION). */
  maxMessagesPerSession?: number;
}

export type SubmissionServer = ClientServer;

/** Recipients of one message: the compose limit of one recipient list (shared/mail/compose.ts). */
export const SUBMISSION_MAX_RECIPIENTS = 1000;
/** Messages one connection may send; then the client reconnects. */
export const SUBMISSION_MAX_MESSAGES_PER_SESSION = 100;
const CLOSE_TIMEOUT_MS = 10_000;

const AUTH_REPLIES = {
  encryption: () => new SmtpReply(538, "5.7.11 Encryption required: use STARTTLS before AUTH"),
  invalid: () => new SmtpReply(535, "5.7.8 Authentication failed: wrong address or mail-program password"),
  throttled: (s: number) => new SmtpReply(454, `4.7.0 Too many failed sign-ins: try again in ${s} seconds`),
  disabled: () =>
    new SmtpReply(535, "5.7.8 Mail programs are not allowed for this account: turn client access on in the mail settings"),
  tooManyMessages: () => new SmtpReply(421, "4.7.0 Too many messages in one session: reconnect to send more"),
  tooManyRecipients: () => new SmtpReply(452, `4.5.3 Too many recipients: at most ${SUBMISSION_MAX_RECIPIENTS} per message`),
};

export async function startSubmissionServer(deps: AppDeps, opts: SubmissionServerOptions): Promise<SubmissionServer> {
  const hostname = mailHostname(deps);
  const log = deps.log;
  const maxMessages = opts.maxMessagesPerSession ?? SUBMISSION_MAX_MESSAGES_PER_SESSION;
  const userOf = (session: SMTPServerSession) => (session.user as unknown as { client: ClientUser }).client;

  const options: SMTPServerOptions & { rejectOversized: boolean; hideREQUIRETLS: boolean } = {
    name: hostname,
    banner: "ready for mail submission",
    secure: opts.implicitTls,
    key: opts.tls.key,
    cert: opts.tls.cert,
    size: MAX_MESSAGE_BYTES,
    rejectOversized: true,
    maxClients: opts.maxClients ?? 200,
    authMethods: ["PLAIN", "LOGIN"],
    authOptional: false,
    authRequiredMessage: "5.7.0 Authentication required: sign in with your address and mail-program password",
    allowInsecureAuth: true, // decided per connection in onAuth (loopback only)
    disabledCommands: opts.implicitTls ? ["STARTTLS"] : [],
    hideENHANCEDSTATUSCODES: false,
    // Not offered: the outbound queue (outbound/) does not enforce REQUIRETLS (RFC 8689) on the next hop.
    hideREQUIRETLS: true,
    disableReverseLookup: true,
    closeTimeout: CLOSE_TIMEOUT_MS,
    logger: false,

    onAuth(auth, session, callback) {
      const ip = clientIp(session.remoteAddress);
      if (!session.secure && !isLoopback(ip)) return callback(AUTH_REPLIES.encryption());
      if (auth.method !== "PLAIN" && auth.method !== "LOGIN") return callback(AUTH_REPLIES.invalid());
      signInClient(deps, { username: auth.username ?? "", password: auth.password ?? "", ip, protocol: "SMTP" })
        .then((client) => callback(null, { user: { client } as unknown as string }))
        .catch((e) => {
          if (e instanceof ClientAuthError) {
            if (e.reason === "THROTTLED") return callback(AUTH_REPLIES.throttled(e.retryAfterSeconds));
            if (e.reason === "DISABLED") return callback(AUTH_REPLIES.disabled());
            return callback(AUTH_REPLIES.invalid());
          }
          log.error("submission AUTH failed, answered 454", e);
          callback(new SmtpReply(454, "4.7.0 Temporary authentication failure, try again later"));
        });
    },

    onMailFrom(address, session, callback) {
      if (session.transaction > maxMessages) return callback(AUTH_REPLIES.tooManyMessages());
      isOwnAddress(deps, userOf(session), address.address)
        .then((own) => callback(own ? undefined : SUBMIT_REPLIES.notOwnSender(normalizeAddress(address.address))))
        .catch((e) => callback(asReply(e, log, "submission MAIL")));
    },

    onRcptTo(address, session, callback) {
      if (session.envelope.rcptTo.length >= SUBMISSION_MAX_RECIPIENTS) return callback(AUTH_REPLIES.tooManyRecipients());
      // Any address (the user relays through us), but one of a domain hosted here must exist and have room.
      // The hourly send limit is looked at here too (outbound/send-limit.ts), so a client past it learns so
      // before it sends the message; the check at DATA is the one that counts.
      const user = userOf(session);
      acceptRecipient(deps, address.address, announcedSize(session), { relay: true })
        .then(() => checkSendLimit(deps, user, session.envelope.rcptTo.length + 1, deps.clock.now()))
        .then(() => callback(), (e) => callback(e instanceof SendLimitExceeded ? SUBMIT_REPLIES.sendLimit(e) : asReply(e, log, "submission RCPT")));
    },

    onData(stream, session, reply) {
      receiveData(stream, reply, async (raw) => {
        const user = userOf(session);
        const r = await submitMessage(deps, {
          user,
          mailFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : user.username,
          rcptTo: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        return `2.0.0 OK: queued as ${r.messageId} (${session.id})`;
      }, log, "submission DATA");
    },
  };

  return await listenSmtp(new SMTPServer(options), opts, log, `submission (${opts.implicitTls ? "implicit TLS" : "STARTTLS"})`);
}
