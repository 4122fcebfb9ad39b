// Outbound system mail (verification codes, notices): an SMTP relay from config, or the log when none is set.
import nodemailer from "nodemailer";
import type { Logger } from "./logger.ts";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
}

export function createMailer(opts: { relayUrl?: string; from: string; log: Logger }): Mailer {
  if (!opts.relayUrl) {
    return {
      send(mail) {
        opts.log.info(`mail (no SMTP_RELAY_URL set, not sent) to=${mail.to} subject=${JSON.stringify(mail.subject)}\n${mail.text}`);
        return Promise.resolve();
      },
    };
  }
  const transport = nodemailer.createTransport(opts.relayUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: opts.from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
  };
}
