// External mail accounts (000 §3 "External mail account", §4 "External accounts", §6 senders, §7 "External",
// §8 mail.418-421 and 558, §9 at most 100): mail of another provider fetched over POP3 or IMAP into the inbox
// with the account's tag, and optionally sent through that provider's SMTP.
//
//   GET    /api/mail/config/external                   → ExternalAccountList (never the password)
//   POST   /api/mail/config/external   ExternalCreate  → 201 ExternalAccount (the login was tried: authStatus)
//   PUT    /api/mail/config/external/{id} ExternalUpdate → ExternalAccount (password optional: empty keeps it,
//          but only while protocol, host, port, secure, loginId, smtpHost, smtpPort and smtpSecure stay as
//          they are; a change of any needs it again: 400 mail.external_required, errors[] field password)
//   PUT    /api/mail/config/external  ExternalUpdate + id → the same (the spec's path, the id in the body)
//   DELETE /api/mail/config/external  (form or JSON externalIds) → 204
//   GET    /api/mail/config/fetch?externalIds=a,b      → ExternalAccountList: a fetch starts for each account
//          not already fetching; progress shows in fetchStatus / fetchedCount / totalCount (poll GET external).
//
// On create and update the server logs in to the fetch server (authStatus AUTH_SUCCESS or AUTH_FAILURE, the
// server's answer in lastProtocolMessage) and, with useSmtp, checks the SMTP login (smtpStatus
// SUCCEEDED_CERTIFICATE or FAILED_CERTIFICATE). A failed login still saves the account (it can be corrected
// with PUT); the UI shows mail.419 / mail.421 with the server's protocol message appended (§8).
// Hosts: the fetch host and (with useSmtp) the SMTP host must resolve to public addresses only — loopback,
// private, CGNAT, link-local, unique-local, multicast, reserved and metadata addresses (IPv4 and IPv6) answer
// 400 mail.external_host_forbidden (errors[] name host / smtpHost) before anything connects, unless the
// server allows private hosts (EXTERNAL_MAIL_ALLOW_PRIVATE_HOSTS, on-premise). Connections go to the checked
// address. lastProtocolMessage holds the remote server's own reply, one of the codes below, or
// mail.external_unreachable for any network failure (never a socket error's text), mail.external_cert_untrusted
// for a certificate the suite does not trust (the administrator can add it: EXTERNAL_MAIL_CA_FILE).
// fetchStatus FETCHING is answered only while the fetch holds its lock; a fetch whose process died shows as
// FAILED and may be started again.
// Sending as the account (compose senderType EXTERNAL, senderId = id) needs useSmtp and SUCCEEDED_CERTIFICATE,
// else 403 mail.360.
//
// Required: host, port, email, password (on create), tag; smtpHost and smtpPort only with useSmtp (without it
// they may be empty: the port then defaults to DEFAULT_SMTP_PORT, and a later useSmtp needs them).
// Errors: 400 mail.external_required (a required field is missing; errors[] name the fields),
//   400 mail.external_privacy (privacy agreement not given), 400 mail.external_own (the user's own address or
//   alias), 400 mail.external_limit (MAX_EXTERNAL_ACCOUNTS reached), 400 mail.external_host_forbidden, 409
//   mail.418 (the address is already one of the user's external accounts), status 226 {code: mail.558,
//   message} (as the spec writes it: the address is already registered as an external account by another
//   user of the same company; one mailbox is fetched by one user only, or its mail would be taken twice /
//   deleted under the other user by POP3; checked under a company-wide lock), 404 for a foreign id.
// Status texts: mail.419 login failed, mail.420 fetching failed, mail.421 SMTP check failed (each followed by
// lastProtocolMessage in the UI).
import { z } from "zod";
import { MAX_LIST_ITEMS, TOO_MANY_ITEMS_MESSAGE } from "../request-input.ts";
import { tagName } from "./folders.ts";

export const MAX_EXTERNAL_ACCOUNTS = 100;
/** How often the scheduled job fetches each account. */
export const EXTERNAL_FETCH_INTERVAL_MS = 10 * 60_000;
/** How long a fetch holds an account (locked_until) before another may take it over. */
export const EXTERNAL_FETCH_LOCK_MS = 15 * 60_000;
/** Most messages one fetch imports (the rest come next time). */
export const EXTERNAL_FETCH_BATCH = 500;

export const EXTERNAL_PROTOCOLS = ["POP3", "IMAP"] as const;
export type ExternalProtocol = typeof EXTERNAL_PROTOCOLS[number];
export const AUTH_STATUSES = ["NONE", "AUTH_SUCCESS", "AUTH_FAILURE"] as const;
export type AuthStatus = typeof AUTH_STATUSES[number];
/** FETCHING while a fetch runs; COMPLETE or FAILED after it. */
export const FETCH_STATUSES = ["IDLE", "FETCHING", "COMPLETE", "FAILED"] as const;
export type FetchStatus = typeof FETCH_STATUSES[number];
export type SmtpStatus = "SUCCEEDED_CERTIFICATE" | "FAILED_CERTIFICATE";

interface Endpoint {
  host: string;
  port: number;
  secure: boolean;
}

export interface ProviderPreset {
  imap: Endpoint;
  pop3: Endpoint;
  smtp: Endpoint;
}

/** Server names (000 §3): custom, a business mail provider (NAVER WORKS), gmail, naver, daum, nate. */
export const SERVER_NAMES = ["CUSTOM", "WORKS", "GMAIL", "NAVER", "DAUM", "NATE"] as const;
export type ServerName = typeof SERVER_NAMES[number];

/** The providers' published settings (implicit TLS everywhere). CUSTOM has none. */
export const PROVIDER_PRESETS: Record<Exclude<ServerName, "CUSTOM">, ProviderPreset> = {
  WORKS: {
    imap: { host: "imap.worksmobile.com", port: 993, secure: true },
    pop3: { host: "pop.worksmobile.com", port: 995, secure: true },
    smtp: { host: "smtp.worksmobile.com", port: 465, secure: true },
  },
  GMAIL: {
    imap: { host: "imap.gmail.com", port: 993, secure: true },
    pop3: { host: "pop.gmail.com", port: 995, secure: true },
    smtp: { host: "smtp.gmail.com", port: 465, secure: true },
  },
  NAVER: {
    imap: { host: "imap.naver.com", port: 993, secure: true },
    pop3: { host: "pop.naver.com", port: 995, secure: true },
    smtp: { host: "smtp.naver.com", port: 465, secure: true },
  },
  DAUM: {
    imap: { host: "imap.daum.net", port: 993, secure: true },
    pop3: { host: "pop.daum.net", port: 995, secure: true },
    smtp: { host: "smtp.daum.net", port: 465, secure: true },
  },
  NATE: {
    imap: { host: "imap.nate.com", port: 993, secure: true },
    pop3: { host: "pop3.nate.com", port: 995, secure: true },
    smtp: { host: "smtp.mail.nate.com", port: 465, secure: true },
  },
};

export interface ExternalAccount {
  id: number;
  serverName: ServerName;
  protocol: ExternalProtocol;
  host: string;
  port: number;
  secure: boolean;
  email: string;
  loginId: string;
  tag: string;
  keepOnServer: boolean;
  useSmtp: boolean;
  smtpHost: string;
  smtpPort: number;
  smtpSecure: boolean;
  smtpStatus: SmtpStatus | null;
  authStatus: AuthStatus;
  fetchStatus: FetchStatus;
  fetchedCount: number;
  totalCount: number;
  lastProtocolMessage: string | null;
  /** ISO time of the last fetch's end. */
  lastFetchAt: string | null;
}

export interface ExternalAccountList {
  accounts: ExternalAccount[];
}

const flag = z.union([z.boolean(), z.enum(["true", "false", "1", "0", "on", "Y", "N"])])
  .transform((v) => v === true || v === "true" || v === "1" || v === "on" || v === "Y");
const required = z.string({ message: "mail.external_required" }).trim()
  .min(1, { message: "mail.external_required", abort: true });
const port = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce.number({ message: "mail.external_required" }).int("mail.external_port").min(1, "mail.external_port")
    .max(65535, "mail.external_port"),
);
/** A port that may be left empty (the SMTP port while the account does not send). */
const optionalPort = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z.coerce.number({ message: "mail.external_port" }).int("mail.external_port").min(1, "mail.external_port")
    .max(65535, "mail.external_port").optional(),
);
/** The SMTP port stored for an account that does not send (the usual SMTPS port, as the column's default). */
export const DEFAULT_SMTP_PORT = 465;
const email = required.max(320).toLowerCase()
  .refine((v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), "mail.external_email");

const fields = {
  serverName: z.enum(SERVER_NAMES).default("CUSTOM"),
  protocol: z.enum(EXTERNAL_PROTOCOLS, { message: "mail.external_required" }),
  host: required.max(255),
  port,
  secure: flag.default(true),
  email,
  /** Login name at the provider; the address when empty. */
  loginId: z.string().trim().max(320).optional(),
  tag: z.string({ message: "mail.external_required" }).trim().min(1, "mail.external_required").pipe(tagName),
  keepOnServer: flag.default(true),
  useSmtp: flag.default(false),
  /** Required only with useSmtp (smtpWhenSending). */
  smtpHost: z.string().trim().max(255).default(""),
  smtpPort: optionalPort,
  smtpSecure: flag.default(true),
};

/** Sending as the account (useSmtp) needs its SMTP server and port; fetching alone does not. */
function smtpWhenSending(v: { useSmtp: boolean; smtpHost: string; smtpPort?: number }, ctx: z.RefinementCtx) {
  if (!v.useSmtp) return;
  if (!v.smtpHost) ctx.addIssue({ code: "custom", message: "mail.external_required", path: ["smtpHost"] });
  if (v.smtpPort === undefined) ctx.addIssue({ code: "custom", message: "mail.external_required", path: ["smtpPort"] });
}
const withSmtpPort = <T extends { smtpPort?: number }>(v: T) => ({ ...v, smtpPort: v.smtpPort ?? DEFAULT_SMTP_PORT });

export const externalCreateBody = z.object({
  ...fields,
  password: z.string({ message: "mail.external_required" }).min(1, "mail.external_required").max(200),
  privacyAgreed: z.preprocess((v) => v ?? false, flag.refine((v) => v, "mail.external_privacy")),
}).superRefine(smtpWhenSending).transform(withSmtpPort);
export type ExternalCreate = z.infer<typeof externalCreateBody>;

export const externalUpdateBody = z.object({
  ...fields,
  /** Empty or absent: the stored password is kept. */
  password: z.string().max(200).optional(),
}).superRefine(smtpWhenSending).transform(withSmtpPort);
export type ExternalUpdate = z.infer<typeof externalUpdateBody>;

const idList = z.union([
  z.array(z.coerce.number().int().positive()).max(MAX_LIST_ITEMS, TOO_MANY_ITEMS_MESSAGE),
  z.coerce.number().int().positive().transform((n) => [n]),
]);
/** DELETE form externalIds (externalIds[]=1 or repeated, or "1,2"). */
export const externalIdsBody = z.object({
  externalIds: z.preprocess(
    (v) => typeof v === "string" ? v.split(",").filter(Boolean) : v,
    idList.pipe(z.array(z.number()).min(1, "mail.external_ids")),
  ),
});

export const EXTERNAL_ERROR_MESSAGES = {
  "mail.418": "This external mail account is already registered.",
  "mail.419": "Could not sign in to the external mail server.",
  "mail.420": "Fetching mail from the external mail server failed.",
  "mail.421": "Could not sign in to the external SMTP server.",
  "mail.558": "Another user of your company already registered this external mail account.",
  "mail.external_required": "Enter the server address, port, email, password and tag, and to send as the account its SMTP server and port.",
  "mail.external_privacy": "Agree to the collection of personal information first.",
  "mail.external_own": "Your own address cannot be added as an external account.",
  "mail.external_limit": `You can add at most ${MAX_EXTERNAL_ACCOUNTS} external accounts.`,
  "mail.external_port": "The port must be a number from 1 to 65535.",
  "mail.external_email": "The email address is not valid.",
  "mail.external_ids": "Choose at least one external account.",
  "mail.external_host_forbidden": "This server address is on an internal network and cannot be used for an external account.",
  "mail.external_unreachable": "Could not connect to the server.",
  "mail.external_cert_untrusted": "The server's security certificate is not trusted (self-signed, expired or for another name).",
  "mail.external_too_large": "A message on the server is too large to fetch; it was skipped.",
} as const;
