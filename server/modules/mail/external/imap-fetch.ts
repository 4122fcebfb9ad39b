// An IMAP mailbox (the provider's INBOX) as a MailSource, through imapflow. Messages are known by
// "uidvalidity:uid", so a mailbox whose UIDVALIDITY changed is fetched again as new (RFC 3501 §2.3.1.1).
// Listing is incremental: after the first fetch only "UID FETCH max+1:*" (max: the highest UID imported
// under the current UIDVALIDITY, from the seen keys), and nothing at all when UIDNEXT shows no new UID.
// IMAP accounts never delete on the server (keepOnServer is a POP3 choice). asProtocolError also serves the
// move-in import (mail/import/imap-source.ts).
import { ImapFlow } from "imapflow";
import { MAX_MESSAGE_BYTES } from "../../../../shared/mail/constants.ts";
import { type Listing, type MailSource, MessageTooLargeError, ProtocolError, type RemoteMessage, type ServerEndpoint } from "./source.ts";

interface ImapError extends Error {
  authenticationFailed?: boolean;
  responseText?: string;
  responseStatus?: string;
  code?: string;
}

export function asProtocolError(e: unknown): unknown {
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
    ...(ep.servername ? { servername: ep.servername } : {}),
    ...(ep.servername || ep.ca ? { tls: { ...(ep.servername ? { servername: ep.servername } : {}), ...(ep.ca ? { ca: ep.ca } : {}) } } : {}),
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
    async list(seen: ReadonlySet<string>): Promise<Listing> {
      // Incremental: only UIDs above the highest imported under this UIDVALIDITY (UIDs only grow within one),
      // so a large mailbox is not listed again on every fetch. Keys of another UIDVALIDITY are forgotten and
      // its messages fetched as new. Nothing imported yet under this one: the whole mailbox (a complete listing).
      const prefix = `${validity}:`;
      let max = 0;
      const forget: string[] = [];
      for (const key of seen) {
        if (!key.startsWith(prefix)) forget.push(key);
        else max = Math.max(max, Number(key.slice(prefix.length)) || 0);
      }
      const box = client.mailbox;
      if (!box || box.exists === 0) return max ? { messages: [], complete: false, forget } : { messages: [], complete: true, forget: [] };
      // UIDNEXT says no UID above `max` exists yet: no FETCH at all.
      if (max && box.uidNext && box.uidNext <= max + 1) return { messages: [], complete: false, forget };
      const out: RemoteMessage[] = [];
      try {
        for await (const m of client.fetch(max ? `${max + 1}:*` : "1:*", { uid: true, size: true }, { uid: true })) {
          // "n:*" always answers the highest message, even when its UID is below n (RFC 3501 §6.4.8).
          if (m.uid > max) out.push({ uid: `${prefix}${m.uid}`, size: m.size ?? 0 });
        }
      } catch (e) {
        throw asProtocolError(e);
      }
      out.sort((a, b) => Number(a.uid.slice(prefix.length)) - Number(b.uid.slice(prefix.length)));
      return max ? { messages: out, complete: false, forget } : { messages: out, complete: true, forget: [] };
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
