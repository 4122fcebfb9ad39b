// What the fetch needs from a remote mailbox, whatever the protocol (POP3 or IMAP), and the error that carries
// the server's own answer (shown to the user as lastProtocolMessage, 000 §8 "server protocol message appended").
import { CERT_UNTRUSTED, isCertificateError } from "./trust.ts";

export interface ServerEndpoint {
  /** The address to dial (resolved and checked by host-guard.ts), or the name when private hosts are allowed. */
  host: string;
  /** The name the user gave, for TLS SNI and the certificate check; absent for an IP literal. */
  servername?: string;
  port: number;
  /** Implicit TLS. */
  secure: boolean;
  /** Trusted root certificates (PEM) instead of the system's (trust.ts: the system's and EXTERNAL_MAIL_CA_FILE's). Unset: the system's roots. */
  ca?: string | string[];
}

export interface RemoteMessage {
  /** POP3 UIDL, or IMAP "uidvalidity:uid". */
  uid: string;
  size: number;
}

export interface Listing {
  messages: RemoteMessage[];
  complete: boolean;
  /** Seen keys to forget (an incremental listing only). */
  forget: string[];
}

export interface MailSource {
  /** The server's answer to the login. */
  message: string;
  /** Whether remove() deletes (POP3). */
  canDelete: boolean;
  /**
   * The messages to consider, given the keys already imported (`seen`). A complete listing names every
   * message on the server (seen keys not in it are gone there); an incremental one (IMAP: only UIDs above
   * the highest imported) names the new ones and, in `forget`, seen keys known to be gone.
   */
  list(seen: ReadonlySet<string>): Promise<Listing>;
  retrieve(uid: string): Promise<Uint8Array>;
  /** Marks a message for deletion on the server (POP3: takes effect at close). */
  remove(uid: string): Promise<void>;
  /** Ends the session cleanly (POP3 QUIT commits deletions). */
  close(): Promise<void>;
  /** Drops the connection without committing anything. */
  abort(): void;
}

/** The remote server answered with an error; `message` is its text. auth: the login itself was refused. */
export class ProtocolError extends Error {
  auth = false;
  constructor(message: string, auth = false) {
    super(message);
    this.auth = auth;
  }
}

/**
 * A message bigger than MAX_MESSAGE_BYTES came over the wire (whatever its listed size). `dropped`: the
 * connection had to be dropped part-way (POP3), so the session cannot go on.
 */
export class MessageTooLargeError extends Error {
  constructor(readonly dropped: boolean) {
    super("mail.external_too_large");
  }
}

/** Stored instead of a network error's own text (which names internal hosts, ports and socket states). */
export const UNREACHABLE = "mail.external_unreachable";

/**
 * The text to keep as lastProtocolMessage for a failure, at most 500 chars: the remote server's own reply
 * (ProtocolError, 000 §8 "server protocol message"), one of our codes (a refused host, a too large message, a
 * certificate not trusted: trust.ts), otherwise the generic "could not connect" code — never a raw socket error.
 */
export function protocolMessageOf(e: unknown): string {
  if (e instanceof ProtocolError) return e.message.slice(0, 500);
  if (e instanceof Error && /^mail\.external_[a-z_]+$/.test(e.message)) return e.message;
  if (isCertificateError(e)) return CERT_UNTRUSTED;
  return UNREACHABLE;
}
