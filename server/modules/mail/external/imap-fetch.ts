// An IMAP mailbox (the provider's INBOX) as a MailSource, through imapflow. Messages are known by
// "uidvalidity:uid", so a mailbox whose UIDVALIDITY changed is fetched again as new (RFC 3501 §2.3.1.1).
// IMAP accounts never delete on the server (keepOnServer is a POP3 choice).
import { ImapFlow } from "imapflow";
import { MAX_MESSAGE_BYTES } from "../../../../shared/mail/constants.ts";
import { type MailSource, MessageTooLargeError, ProtocolError, type RemoteMessage, type ServerEndpoint } from "./source.ts";

interface ImapError extends Error {
  authenticationFailed?: boolean;
  responseText?: string;
  responseStatus?: string;
  code?: string;
}

function asProtocolError(e: unknown): unknown {
  const err = e as ImapError;
  if (!err || typeof err !== "object") return e;
  if (err.authenticationFailed) return new ProtocolError(err.responseText || err.message || "authentication failed", true);
  if (err.responseText) return new ProtocolError(`${err.responseStatus ?? "NO"} ${err.responseText}`);
  return e;
}

export async function openImap(ep: ServerEndpoint, user: string, password: string): Promise<MailSource> {
  const client = new ImapFlow({
    host: ep.host,
    port: ep.port,
    secure: ep.secure,
    auth: { user, pass: password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 120_000,
    // Dialled at the checked address; the name the user gave is what TLS presents and verifies.
    ...(ep.servername ? { servername: ep.servername, tls: { servername: ep.servername } } : {}),
  });
  // Errors after the connection is up reach the pending command; this keeps a late socket error from escaping.
  client.on("error", () => {});
  try {
    await client.connect();
  } catch (e) {
    client.close();
    throw asProtocolError(e);
  }
  let lock: { release(): void };
  let validity = "0";
  try {
    lock = await client.getMailboxLock("INBOX", { readOnly: true });
    validity = String(client.mailbox ? client.mailbox.uidValidity : 0);
  } catch (e) {
    client.close();
    throw asProtocolError(e);
  }
  const uidOf = (key: string) => {
    const [v, uid] = key.split(":");
    if (v !== validity) throw new ProtocolError(`message ${key} is not in this mailbox`);
    return uid;
  };
  return {
    message: "Logged in",
    canDelete: false,
    async list(): Promise<RemoteMessage[]> {
      const out: RemoteMessage[] = [];
      if (!client.mailbox || client.mailbox.exists === 0) return out;
      try {
        for await (const m of client.fetch("1:*", { uid: true, size: true })) {
          out.push({ uid: `${validity}:${m.uid}`, size: m.size ?? 0 });
        }
      } catch (e) {
        throw asProtocolError(e);
      }
      return out;
    },
    async retrieve(key: string) {
      try {
        const m = await client.fetchOne(uidOf(key), { source: true }, { uid: true });
        if (!m || !m.source) throw new ProtocolError(`message ${key} is gone`);
        if (m.source.length > MAX_MESSAGE_BYTES) throw new MessageTooLargeError(false);
        return new Uint8Array(m.source);
      } catch (e) {
        if (e instanceof MessageTooLargeError) throw e;
        throw asProtocolError(e);
      }
    },
    async remove() {},
    async close() {
      lock.release();
      await client.logout().catch(() => client.close());
    },
    abort() {
      client.close();
    },
  };
}
