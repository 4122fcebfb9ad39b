// Helpers of the inbound SMTP tests: a local stand-in for DNS (the machine has no outside DNS), a DKIM key
// pair published in it, and nodemailer as the sending server: messages composed (and DKIM-signed) by its
// MailComposer, sent over a real SMTP conversation on loopback by its SMTPConnection.
import { afterAll } from "vitest";
import { generateKeyPairSync } from "node:crypto";
import nodemailer from "nodemailer";
import SMTPConnection from "nodemailer/lib/smtp-connection";
import type Mail from "nodemailer/lib/mailer";
import type { AppDeps } from "../../../server/lib/context.ts";
import type { DnsResolver } from "../../../server/modules/mail/smtp/auth.ts";
import { startSmtpListener } from "../../../server/modules/mail/smtp/listener.ts";

/** TXT records by lower-case name; anything else answers ENOTFOUND, as a real resolver does. */
export function localResolver(txt: Record<string, string[]>): DnsResolver {
  return (name, rrtype) => {
    const records = rrtype === "TXT" ? txt[name.toLowerCase().replace(/\.$/, "")] : undefined;
    if (!records) {
      const e = new Error(`query${rrtype} ENOTFOUND ${name}`) as Error & { code: string };
      e.code = "ENOTFOUND";
      return Promise.reject(e);
    }
    return Promise.resolve(records.map((r) => [r]));
  };
}

export function dkimKeyPair() {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: "pkcs8", format: "pem" }) as string,
    /** The p= value of the selector's TXT record. */
    publicRecord: `v=DKIM1; k=rsa; p=${(publicKey.export({ type: "spki", format: "der" }) as Buffer).toString("base64")}`,
  };
}

/** A listener for `deps` on a free loopback port, closed after the file. */
export async function listen(deps: AppDeps, resolver: DnsResolver) {
  const listener = await startSmtpListener(deps, { port: 0, host: "127.0.0.1", resolver, hostname: "mx.groupware.test" });
  afterAll(() => listener.close());
  return listener;
}

export type DkimOptions = { domainName: string; keySelector: string; privateKey: string };

/** The raw message nodemailer composes for `mail` (DKIM-signed when `dkim` is given). */
export async function compose(mail: Mail.Options, dkim?: DkimOptions): Promise<Buffer> {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, ...(dkim ? { dkim } : {}) });
  const info = await composer.sendMail(mail);
  return info.message as Buffer;
}

export interface SendOutcome {
  ok: boolean;
  /** The server's reply to DATA, or to the command that failed. */
  response: string;
  responseCode: number | null;
  accepted: string[];
  rejected: string[];
  /** Replies to refused recipients. */
  rejectedResponses: string[];
}

/** One SMTP conversation: EHLO, MAIL FROM (with SIZE= when `size` is given), RCPT TO each, DATA, QUIT. */
export async function sendRaw(
  port: number,
  envelope: { from: string; to: string[]; size?: number },
  raw: Buffer | string,
  helo = "mx.sender.test",
): Promise<SendOutcome> {
  const conn = new SMTPConnection({ host: "127.0.0.1", port, name: helo, ignoreTLS: true, connectionTimeout: 10_000, socketTimeout: 60_000 });
  const failure = (err: Error): SendOutcome => {
    const e = err as Error & { response?: string; responseCode?: number; rejectedErrors?: { response?: string }[]; rejected?: string[] };
    return {
      ok: false,
      response: e.response ?? e.message,
      responseCode: e.responseCode ?? null,
      accepted: [],
      rejected: e.rejected ?? [],
      rejectedResponses: (e.rejectedErrors ?? []).map((r) => r.response ?? ""),
    };
  };
  try {
    return await new Promise<SendOutcome>((resolve) => {
      // A connection that drops (the server died) ends the conversation as a failure, whatever stage it was at.
      conn.on("error", (e) => resolve(failure(e)));
      conn.on("end", () => resolve(failure(new Error("connection closed"))));
      conn.connect(() => {
        conn.send(envelope as SMTPConnection.Envelope, raw, (err, info) => {
          if (err) return resolve(failure(err));
          const i = info as SMTPConnection.SentMessageInfo & { rejectedErrors?: { response?: string }[] };
          resolve({
            ok: true,
            response: i.response,
            responseCode: Number(i.response.slice(0, 3)),
            accepted: i.accepted.map(String),
            rejected: i.rejected.map(String),
            rejectedResponses: (i.rejectedErrors ?? []).map((r) => r.response ?? ""),
          });
        });
      });
    });
  } finally {
    conn.quit();
    conn.close();
  }
}
