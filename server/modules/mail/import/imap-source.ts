// The mail server a company moves in from, read over IMAP through imapflow (as external accounts are:
// external/imap-fetch.ts): its folders (LIST, names decoded from modified UTF-7 by imapflow, special-use
// flags), and per folder, read-only (EXAMINE, BODY.PEEK: nothing changes on the source), the UIDs above a
// given one with their sizes, then the messages in batches with their flags and INTERNALDATE. The
// administrator names the host, so no public-host check applies (unlike users' external accounts); TLS trusts
// the system's roots and EXTERNAL_MAIL_CA_FILE's certificates (external/trust.ts). Failures become
// ImportErrors whose text says what went wrong (refused login, unreachable host, untrusted certificate).
import { ImapFlow, type ListResponse } from "imapflow";
import { asProtocolError } from "../external/imap-fetch.ts";
import { ProtocolError } from "../external/source.ts";
import { isCertificateError } from "../external/trust.ts";

/** tls: implicit TLS (993); starttls: STARTTLS required; plain: never TLS; auto: STARTTLS when offered. */
export const SECURITIES = ["tls", "starttls", "plain", "auto"] as const;
export type Security = (typeof SECURITIES)[number];

export interface SourceAccount {
  host: string;
  /** Default: 993 for tls, 143 otherwise. */
  port?: number;
  security: Security;
  user: string;
  password: string;
}

export function portOf(a: Pick<SourceAccount, "port" | "security">): number {
  return a.port ?? (a.security === "tls" ? 993 : 143);
}

/** A failure to report as it is: the text names the cause for the administrator. */
export class ImportError extends Error {}

const NETWORK_CODES = new Set([
  "ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "EHOSTUNREACH", "ENETUNREACH", "EPIPE",
  "ETIMEOUT", "GREETING_TIMEOUT", "UPGRADE_TIMEOUT", "NoConnection",
]);

/** The ImportError telling what a connection or command failure means. */
export function importErrorOf(e: unknown, a: SourceAccount): ImportError {
  if (e instanceof ImportError) return e;
  const where = `${a.host}:${portOf(a)}`;
  const err = asProtocolError(e) as Error & { code?: string; tlsFailed?: boolean };
  if (err instanceof ProtocolError) {
    return new ImportError(err.auth ? `login refused by ${where} for ${a.user}: ${err.message}` : `${where} answered: ${err.message}`);
  }
  if (isCertificateError(err)) {
    const code = (err as { code?: string }).code ?? (err.cause as { code?: string } | undefined)?.code ?? "";
    return new ImportError(`the certificate of ${where} is not trusted (${code}); add it to EXTERNAL_MAIL_CA_FILE to trust it`);
  }
  if (err?.tlsFailed) return new ImportError(`${where} does not offer STARTTLS (connect with implicit TLS, or plain only on a trusted network)`);
  const code = err?.code ?? (err?.cause as { code?: string } | undefined)?.code;
  if (code && NETWORK_CODES.has(code)) return new ImportError(`cannot reach ${where} (${code})`);
  return new ImportError(`${where}: ${err?.message ?? String(e)}`);
}

export interface OpenedFolder {
  uidValidity: number;
  uidNext: number;
  exists: number;
}

export interface SourceMessage {
  uid: number;
  flags: string[];
  internalDate: Date | null;
  raw: Uint8Array;
}

export interface ImapSource {
  folders(): Promise<ListResponse[]>;
  /** Selects the folder read-only. */
  open(path: string): Promise<OpenedFolder>;
  /** UIDs above `afterUid` in the open folder with their sizes, ascending. */
  pending(afterUid: number): Promise<{ uid: number; size: number }[]>;
  /** The messages of these UIDs (those still there), ascending. */
  fetch(uids: number[]): Promise<SourceMessage[]>;
  close(): Promise<void>;
}

/** Connects and logs in; an ImportError when that fails. */
export async function openImapSource(a: SourceAccount, ca?: string[]): Promise<ImapSource> {
  const client = new ImapFlow({
    host: a.host,
    port: portOf(a),
    secure: a.security === "tls",
    ...(a.security === "starttls" ? { doSTARTTLS: true } : a.security === "plain" ? { doSTARTTLS: false } : {}),
    auth: { user: a.user, pass: a.password },
    logger: false,
    disableAutoIdle: true,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 300_000,
    ...(ca ? { tls: { ca } } : {}),
  });
  client.on("error", () => {}); // a late socket error reaches the pending command instead
  try {
    await client.connect();
  } catch (e) {
    client.close();
    throw importErrorOf(e, a);
  }
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (e) {
      throw importErrorOf(e, a);
    }
  };
  return {
    folders: () => run(() => client.list()),
    open: (path) =>
      run(async () => {
        const box = await client.mailboxOpen(path, { readOnly: true });
        return { uidValidity: Number(box.uidValidity), uidNext: box.uidNext, exists: box.exists };
      }),
    pending: (afterUid) =>
      run(async () => {
        if (!client.mailbox || client.mailbox.exists === 0) return [];
        const rows = await client.fetchAll(`${afterUid + 1}:*`, { uid: true, size: true }, { uid: true });
        // "n:*" always answers the highest message, even when its UID is below n (RFC 3501 §6.4.8).
        return rows.filter((m) => m.uid > afterUid).map((m) => ({ uid: m.uid, size: m.size ?? 0 }))
          .sort((x, y) => x.uid - y.uid);
      }),
    fetch: (uids) =>
      run(async () => {
        if (!uids.length) return [];
        const rows = await client.fetchAll(uids.join(","), { uid: true, flags: true, internalDate: true, source: true }, { uid: true });
        return rows.filter((m) => m.source && uids.includes(m.uid)).map((m) => {
          const date = m.internalDate ? new Date(m.internalDate) : null;
          return {
            uid: m.uid,
            flags: [...(m.flags ?? [])],
            internalDate: date && !Number.isNaN(date.getTime()) ? date : null,
            raw: new Uint8Array(m.source!),
          };
        }).sort((x, y) => x.uid - y.uid);
      }),
    async close() {
      await client.logout().catch(() => client.close());
    },
  };
}
