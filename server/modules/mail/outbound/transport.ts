// One delivery attempt of a queued message: through the relay (SMTP_RELAY_URL) when set, otherwise to the
// recipient domain's MX hosts in preference order (the domain itself when it has none; the address of an
// address literal, user@[192.0.2.1]) on OUTBOUND_MX_PORT.
// The outcome says which recipients were accepted, refused for good (5xx) or are to be tried again (4xx,
// connection trouble).
import nodemailer from "nodemailer";
import type { AppDeps } from "../../../lib/context.ts";
import { mailHostname } from "../compose/mime.ts";

export interface DeliveryOutcome {
  accepted: string[];
  /** Refused for good, with the server's reply. */
  rejected: { address: string; reply: string }[];
  /** To try again later, with what went wrong. */
  deferred: { address: string; reply: string }[];
}

export interface DkimSigning {
  domainName: string;
  keySelector: string;
  privateKey: string;
}

export interface TransportOptions {
  /** Relay URL; null delivers to MX hosts even when SMTP_RELAY_URL is set. */
  relayUrl?: string | null;
  /** SMTP conversation timeouts (ms). */
  timeoutMs?: number;
}

export async function deliverRaw(
  deps: AppDeps,
  opts: TransportOptions,
  envelope: { from: string; to: string[]; domain: string; dkim?: DkimSigning | null },
  raw: Uint8Array,
): Promise<DeliveryOutcome> {
  const relay = opts.relayUrl === undefined ? deps.config.SMTP_RELAY_URL : opts.relayUrl;
  const timeout = opts.timeoutMs ?? 60_000;
  const base = { name: mailHostname(deps), connectionTimeout: timeout, greetingTimeout: timeout, socketTimeout: timeout * 2 };
  if (relay) {
    const u = new URL(relay);
    const secure = u.protocol === "smtps:";
    return await attempt(nodemailer.createTransport({
      ...base,
      host: u.hostname,
      port: u.port ? Number(u.port) : secure ? 465 : 587,
      secure,
      auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : undefined,
    }), envelope, raw);
  }

  let hosts: string[];
  // An address literal (user@[192.0.2.1]) names the host itself: no MX look-up (RFC 5321 §5.1).
  const literal = /^\[(\d{1,3}(?:\.\d{1,3}){3})\]$/.exec(envelope.domain)?.[1];
  if (literal) return await toHosts(deps, base, [literal], envelope, raw);
  try {
    const mx = await deps.resolveMx(envelope.domain);
    hosts = mx.sort((a, b) => a.priority - b.priority).map((m) => m.exchange).filter((h) => h && h !== ".");
    if (!hosts.length && mx.length) return failAll(envelope.to, "rejected", "domain does not accept mail (null MX)");
    // No MX records: the domain's own address takes mail (RFC 5321 §5.1).
    if (!mx.length) hosts = [envelope.domain];
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === "ENOTFOUND") return failAll(envelope.to, "rejected", `domain ${envelope.domain} does not exist`);
    hosts = code === "ENODATA" ? [envelope.domain] : [];
    if (!hosts.length) return failAll(envelope.to, "deferred", `MX lookup failed: ${code ?? (e as Error).message}`);
  }
  return await toHosts(deps, base, hosts, envelope, raw);
}

/** Tries the hosts in order until one takes (or refuses) the mail. */
async function toHosts(
  deps: AppDeps,
  base: Record<string, unknown>,
  hosts: string[],
  envelope: { from: string; to: string[]; dkim?: DkimSigning | null },
  raw: Uint8Array,
): Promise<DeliveryOutcome> {
  let last: DeliveryOutcome | null = null;
  for (const host of hosts) {
    const transport = nodemailer.createTransport({
      ...base,
      host,
      port: deps.config.OUTBOUND_MX_PORT,
      secure: false,
      // Opportunistic STARTTLS: most MX hosts use certificates for other names.
      tls: { rejectUnauthorized: false },
    });
    last = await attempt(transport, envelope, raw);
    // Another MX host is worth trying only when this one could not take the mail now.
    if (last.deferred.length < envelope.to.length || last.accepted.length || last.rejected.length) return last;
  }
  return last ?? failAll(envelope.to, "deferred", "no MX host");
}

async function attempt(
  transport: ReturnType<typeof nodemailer.createTransport>,
  envelope: { from: string; to: string[]; dkim?: DkimSigning | null },
  raw: Uint8Array,
): Promise<DeliveryOutcome> {
  try {
    const info = await transport.sendMail({
      envelope: { from: envelope.from, to: envelope.to },
      raw: Buffer.from(raw),
      ...(envelope.dkim ? { dkim: envelope.dkim } : {}),
    });
    const rejected = (info.rejected ?? []).map((a: string | { address: string }) => String(typeof a === "string" ? a : a.address).toLowerCase());
    const errors = (info as { rejectedErrors?: { recipient?: string; response?: string; responseCode?: number }[] }).rejectedErrors ?? [];
    const outcome: DeliveryOutcome = { accepted: [], rejected: [], deferred: [] };
    for (const address of envelope.to) {
      if (!rejected.includes(address)) {
        outcome.accepted.push(address);
        continue;
      }
      const err = errors.find((e) => e.recipient?.toLowerCase() === address);
      const reply = err?.response ?? "recipient refused";
      (err?.responseCode && err.responseCode < 500 ? outcome.deferred : outcome.rejected).push({ address, reply });
    }
    return outcome;
  } catch (e) {
    const err = e as { responseCode?: number; response?: string; message: string };
    const permanent = typeof err.responseCode === "number" && err.responseCode >= 500 && err.responseCode < 600;
    return failAll(envelope.to, permanent ? "rejected" : "deferred", err.response ?? err.message);
  } finally {
    transport.close();
  }
}

function failAll(to: string[], kind: "rejected" | "deferred", reply: string): DeliveryOutcome {
  const list = to.map((address) => ({ address, reply }));
  return { accepted: [], rejected: kind === "rejected" ? list : [], deferred: kind === "deferred" ? list : [] };
}
