// The SMTP side of an external account: checking that its server accepts the login (nodemailer verify), and
// sending a built message through it (compose senderType EXTERNAL).
// The host is resolved and checked first (host-guard.ts) and the checked address dialled, the name kept for TLS;
// the certificates trusted are the system's and EXTERNAL_MAIL_CA_FILE's (trust.ts).
import nodemailer from "nodemailer";
import { HostForbiddenError, resolveTarget, type Target } from "../../../lib/host-guard.ts";
import { UNREACHABLE } from "./source.ts";
import { CERT_UNTRUSTED, type ExternalNet, isCertificateError } from "./trust.ts";

export interface SmtpAccount {
  smtpHost: string;
  smtpPort: number;
  smtpSecure: boolean;
  loginId: string;
  password: string;
}

function transportOf(a: SmtpAccount, target: Target, net: ExternalNet) {
  return nodemailer.createTransport({
    host: target.address,
    ...(target.servername ? { servername: target.servername } : {}),
    port: a.smtpPort,
    secure: a.smtpSecure,
    auth: { user: a.loginId, pass: a.password },
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 120_000,
    tls: { ...(target.servername ? { servername: target.servername } : {}), ...(net.ca ? { ca: net.ca } : {}) },
  });
}

/**
 * Connects to the checked address and logs in; answers ok, or the server's own reply (a network error is the
 * generic UNREACHABLE code, a refused host mail.external_host_forbidden).
 */
export async function verifySmtp(a: SmtpAccount, net: ExternalNet): Promise<{ ok: boolean; message: string }> {
  let target: Target;
  try {
    target = await resolveTarget(a.smtpHost, net.allowPrivate);
  } catch (e) {
    return { ok: false, message: e instanceof HostForbiddenError ? e.message : UNREACHABLE };
  }
  const transport = transportOf(a, target, net);
  try {
    await transport.verify();
    return { ok: true, message: "" };
  } catch (e) {
    const err = e as { response?: string };
    return { ok: false, message: err.response ? err.response.slice(0, 500) : isCertificateError(e) ? CERT_UNTRUSTED : UNREACHABLE };
  } finally {
    transport.close();
  }
}

/** Sends raw MIME through the account's SMTP; answers the addresses the server refused. */
export async function sendThroughSmtp(
  a: SmtpAccount,
  envelope: { from: string; to: string[] },
  raw: Uint8Array,
  net: ExternalNet,
): Promise<{ rejected: string[]; response: string }> {
  const transport = transportOf(a, await resolveTarget(a.smtpHost, net.allowPrivate), net);
  try {
    const info = await transport.sendMail({ envelope, raw: Buffer.from(raw) });
    return { rejected: (info.rejected ?? []).map(String), response: info.response ?? "" };
  } finally {
    transport.close();
  }
}
