// What the two smtp-server listeners share, the inbound one (listener.ts) and the client submission one
// (submission/server.ts): listening and closing, replies that keep their own enhanced status codes, the
// MAIL FROM SIZE= a sender announced, the DATA bytes kept up to MAX_MESSAGE_BYTES, and the rule that any
// failure other than a refusal is logged and answered 451 4.3.0 so the sender tries again, and a command line
// holding a NUL is answered 500 5.5.2 before it runs.
import type { SMTPServer, SMTPServerDataStream, SMTPServerSession } from "smtp-server";
import type { AddressInfo } from "node:net";
import { Buffer } from "node:buffer";
import type { AppDeps } from "../../../lib/context.ts";
import { MAX_MESSAGE_BYTES } from "../../../../shared/mail/constants.ts";
import { REPLIES, SmtpReply } from "./recipients.ts";

export interface SmtpServerHandle {
  port: number;
  close(): Promise<void>;
}

/** Listens on port (0: a free one) and host; `label` names the listener in the log. */
export async function listenSmtp(
  server: SMTPServer,
  opts: { port: number; host?: string },
  log: AppDeps["log"],
  label: string,
): Promise<SmtpServerHandle> {
  keepOwnEnhancedCodes(server);
  refuseNulCommands(server);
  server.on("error", (e) => log.warn(`${label}: ${(e as Error).message}`));
  await new Promise<void>((resolve, reject) => {
    server.server.once("error", reject);
    server.listen(opts.port, opts.host ?? "0.0.0.0", () => {
      server.server.off("error", reject);
      resolve();
    });
  });
  const port = (server.server.address() as AddressInfo).port;
  log.info(`${label} listening on ${opts.host ?? "0.0.0.0"}:${port}`);
  let closed: Promise<void> | null = null;
  return {
    port,
    close: () => closed ??= new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A refusal passes through; anything else is logged and becomes 451 4.3.0, so the sender tries again. */
export function asReply(e: unknown, log: AppDeps["log"], stage: string): SmtpReply {
  if (e instanceof SmtpReply) return e;
  const cause = (e as { cause?: { message?: string } }).cause?.message;
  log.error(`${stage} failed, answered 451${cause ? ` (${cause})` : ""}`, e);
  return REPLIES.tempFailure();
}

/** The size the sender announced with MAIL FROM SIZE=, when it did. */
export function announcedSize(session: SMTPServerSession): number | null {
  const args = session.envelope.mailFrom ? session.envelope.mailFrom.args as Record<string, string> | false : false;
  const n = args && args.SIZE ? Number(args.SIZE) : 0;
  return n > 0 ? n : null;
}

/**
 * The onData handler: collects the message (past MAX_MESSAGE_BYTES nothing more is kept: smtp-server answers
 * 552 5.3.4 itself with rejectOversized), hands it to `handle`, and answers 250 with the text `handle` gives,
 * or the refusal / 451 of what it threw. Answers once, whatever happens.
 */
export function receiveData(
  stream: SMTPServerDataStream,
  reply: (err: Error | null, message?: string) => void,
  handle: (raw: Uint8Array) => Promise<string>,
  log: AppDeps["log"],
  stage: string,
): void {
  let replied = false;
  const callback = (err: Error | null, message?: string) => {
    if (replied) return;
    replied = true;
    reply(err, message);
  };
  const chunks: Buffer[] = [];
  let length = 0;
  stream.on("data", (c: Buffer) => {
    if (length <= MAX_MESSAGE_BYTES) chunks.push(c);
    length += c.length;
  });
  stream.on("error", (e) => callback(asReply(e, log, stage)));
  stream.on("end", () => {
    if (stream.sizeExceeded) return callback(null);
    handle(new Uint8Array(Buffer.concat(chunks, length)))
      .then((text) => callback(null, text))
      .catch((e) => callback(asReply(e, log, stage)));
  });
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

type OnCommand = (command: Buffer, callback?: () => void) => void;
/** The reply to a command line holding a NUL (RFC 5321 §4.1.1: commands are text). */
const NUL_COMMAND = "5.5.2 Syntax error: NUL is not allowed in a command";

/**
 * No SMTP command or AUTH answer holds a NUL: such a line is answered 500 5.5.2 before smtp-server runs it, so
 * a NUL never reaches an address lookup or the database. (The message after DATA is bytes and is not a command.)
 */
function refuseNulCommands(server: SMTPServer) {
  type Connection = { _onCommand: OnCommand; _upgrading?: boolean; _nextHandler: unknown; send: Send };
  const internals = server as unknown as { connect(socket: unknown, opts: unknown): void; connections: Set<Connection> };
  const connect = internals.connect.bind(server);
  internals.connect = (socket, socketOptions) => {
    connect(socket, socketOptions);
    const connection = [...internals.connections].at(-1);
    if (!connection) return;
    const onCommand = connection._onCommand.bind(connection);
    connection._onCommand = (command, callback) => {
      if (connection._upgrading || !command?.includes(0)) return onCommand(command, callback);
      connection._nextHandler = false; // an AUTH exchange waiting for its next line ends here
      connection.send(500, NUL_COMMAND);
      setImmediate(() => callback?.());
    };
  };
}
