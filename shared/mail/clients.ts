// Desktop and phone mail clients (issue 8): IMAP, POP3 and SMTP submission on the same mail store. The spec
// gives the mail config fields (000 §3: pop3Flag, pop3FetchRange, pop3ReadMark, pop3Del, saveSentMail,
// clientProtocolType, imapMessageMaxLimit), the company switches (mail.pop3, mail.imap), the mail-program
// password rule (§5) and two calls (§7: GET pop3/external/setting, GET pop3/password). Designed here:
//
//   What the settings mean (saved with PUT /api/mail/config/pop3, shared/mail/config.ts):
//     pop3Flag            client access on or off for this user (off by default: a user turns it on)
//     clientProtocolType  IMAP or POP3: the one protocol a client may read mail with (SMTP submission works with both)
//     pop3FetchRange      ALL: every inbox mail on each POP3 session; NEW: only mails no POP3 client downloaded yet
//     pop3ReadMark        a mail downloaded by POP3 (RETR) is marked read
//     pop3Del             a mail downloaded and deleted (DELE) by POP3 goes to the trash; off: it stays in the inbox
//                         (in the NEW range it is not offered again: it was downloaded)
//     saveSentMail        mail sent through SMTP submission gets a copy in Sent (clients that append their own copy turn it off)
//     imapMessageMaxLimit the newest N mails of each folder are shown over IMAP (1..1000)
//   Sign-in of every protocol: the user's address and the mail-program password (never the web password), only
//   while the company switch of that protocol (mail.imap / mail.pop3) and the user's pop3Flag allow it;
//   throttled per account and client address, per account and per client address (CLIENT_LOGIN_MAX_FAILURES_* in the
//   web sign-in's 15-minute window).
//
//   GET    /api/mail/config/pop3/external/setting → ClientServerSettings (host, ports and security to set a client up)
//   GET    /api/mail/config/pop3/password         → ClientPasswordState
//   PUT    /api/mail/config/pop3/password {password} → ClientPasswordState; 400 mail.program_password (the §5 rule)
//   DELETE /api/mail/config/pop3/password         → ClientPasswordState (exists false; clients can no longer sign in)
import { z } from "zod";

/** §5: the mail-program password: at least 5 characters with letters and digits, no spaces. */
export const CLIENT_PASSWORD_MIN = 5;
export const CLIENT_PASSWORD_MAX = 64;
export const CLIENT_PASSWORD_RE = /^(?=.*[A-Za-z])(?=.*\d)\S+$/;

/**
 * Failed client sign-ins allowed in the window for an account from one client address (so a stranger cannot
 * lock the owner's clients out from elsewhere), for the account from all addresses together, and for one
 * address over all accounts; more are refused for a while.
 */
export const CLIENT_LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP = 10;
export const CLIENT_LOGIN_MAX_FAILURES_PER_ACCOUNT = 50;
export const CLIENT_LOGIN_MAX_FAILURES_PER_IP = 30;

/** The spec's IMAP message limit (000 §9 table: 1000). */
export const IMAP_MESSAGE_MAX_LIMIT = 1000;

export const clientPasswordBody = z.object({
  password: z.string().min(CLIENT_PASSWORD_MIN, { message: "mail.program_password" })
    .max(CLIENT_PASSWORD_MAX, { message: "mail.program_password" })
    .regex(CLIENT_PASSWORD_RE, { message: "mail.program_password" }),
});

export interface ClientPasswordState {
  exists: boolean;
  updatedTimeMillis: number | null;
  /** The last successful client sign-in with it. */
  lastUsedTimeMillis: number | null;
}

export type ClientSecurity = "STARTTLS" | "TLS";

export interface ClientEndpoint {
  port: number;
  security: ClientSecurity;
}

export interface ClientServerSettings {
  /** The host name to enter in the client. */
  host: string;
  /** The user name to enter: the user's address. */
  username: string;
  /** Whether the company allows each protocol (company module config mail.imap / mail.pop3). */
  imapAllowed: boolean;
  pop3Allowed: boolean;
  imap: ClientEndpoint[];
  pop3: ClientEndpoint[];
  smtp: ClientEndpoint[];
  /** CONFIGURED: the administrator's certificate; SELF_SIGNED: generated on first start (clients ask to trust it). */
  certificate: "CONFIGURED" | "SELF_SIGNED";
  /** SHA-256 fingerprint of the certificate (hex pairs with colons), to compare with what a client shows. */
  fingerprint: string;
  /** Whether the user has set a mail-program password yet. */
  passwordSet: boolean;
}

export const CLIENTS_ERROR_MESSAGES = {
  "mail.program_password": "The mail-program password needs at least 5 characters with letters and digits, and no spaces.",
} as const;
