// The only reader of environment variables. Parsed once with zod; every value has a working default.
import { z } from "zod";

const bool = z
  .enum(["1", "0", "true", "false", "yes", "no"])
  .transform((v) => v === "1" || v === "true" || v === "yes");

const port = z.coerce.number().int().min(0).max(65535);

const envSchema = z.object({
  PORT: port.default(8080),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  /** Port of the embedded PostgreSQL; 0 picks a free one at every start. */
  EMBEDDED_PG_PORT: port.default(0),
  /** Public address of the suite, used in links inside mails. */
  PUBLIC_URL: z.url().default("http://localhost:8080"),
  /** Outbound relay, e.g. smtp://user:pass@smtp.example.com:587. Unset: mails are written to the log. */
  SMTP_RELAY_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Groupware <no-reply@localhost>"),
  /** Inbound SMTP (mail for the company domains from other servers); 0 picks a free port. */
  SMTP_PORT: port.default(2525),
  SMTP_HOST: z.string().min(1).default("0.0.0.0"),
  /** Turn the inbound SMTP listener off (e.g. an instance that only serves the web). */
  SMTP_ENABLED: bool.default(true),
  /**
   * Offer STARTTLS on the inbound SMTP port with the certificate of TLS_CERT_FILE/TLS_KEY_FILE (or the self-signed
   * pair). Opportunistic: a sender without TLS still delivers in clear text (RFC 3207 §4).
   */
  SMTP_STARTTLS: bool.default(true),
  /**
   * Worker threads that parse, sanitise and check (SPF/DKIM/DMARC) inbound SMTP mail off the listener's event
   * loop. Unset: one per core, 2 to 4 (prepare-pool.ts defaultPrepareWorkers); 0: on the listener's own thread.
   */
  SMTP_PREPARE_WORKERS: z.coerce.number().int().min(0).max(16).optional(),
  /** The name this server greets with and puts in Message-IDs; the PUBLIC_URL host when unset. */
  MAIL_HOSTNAME: z.string().min(1).optional(),
  /**
   * Outbound mail of users: through SMTP_RELAY_URL when set, otherwise straight to each recipient domain's MX
   * on this port (25; tests point it at a local server).
   */
  OUTBOUND_MX_PORT: port.default(25),
  /**
   * Desktop and phone mail clients (server/modules/mail/clients/): IMAP (STARTTLS) and IMAPS (implicit TLS),
   * POP3 and POP3S, SMTP submission (STARTTLS) and submissions (implicit TLS). The defaults sit above 1024 so
   * the suite needs no root; map the standard ports (143, 993, 110, 995, 587, 465) onto them in front. A port
   * of 0 picks a free one at every start. MAIL_CLIENTS_ENABLED=false starts none of them.
   */
  MAIL_CLIENTS_ENABLED: bool.default(true),
  MAIL_CLIENTS_HOST: z.string().min(1).default("0.0.0.0"),
  IMAP_PORT: port.default(1143),
  IMAPS_PORT: port.default(1993),
  POP3_PORT: port.default(1110),
  POP3S_PORT: port.default(1995),
  SUBMISSION_PORT: port.default(1587),
  SUBMISSIONS_PORT: port.default(1465),
  /**
   * The host name clients are told to use (mail settings → mail programs); MAIL_HOSTNAME or the PUBLIC_URL host
   * when unset. Set it when clients reach the suite under another name, and set the public ports below when a
   * proxy or port mapping puts the standard ports in front.
   */
  MAIL_CLIENTS_PUBLIC_HOST: z.string().min(1).optional(),
  /** Ports announced to users, as "imap=143,imaps=993,pop3=110,pop3s=995,submission=587,submissions=465"; default: the listening ports. */
  MAIL_CLIENTS_PUBLIC_PORTS: z.string().regex(/^(\w+=\d+)(,\w+=\d+)*$/, "must look like imap=143,imaps=993").optional(),
  /**
   * PEM certificate (chain) and key for the mail client ports and inbound STARTTLS. Unset: a self-signed pair is
   * generated into DATA_DIR/tls on the first start and reused after.
   */
  TLS_CERT_FILE: z.string().min(1).optional(),
  TLS_KEY_FILE: z.string().min(1).optional(),
  /** Run timed jobs (outbound queue, scheduled send, purges) in this instance. */
  JOBS_ENABLED: bool.default(true),
  /**
   * Where file bytes live: "file" (DATA_DIR/blobs) or "s3", an S3-compatible bucket that several instances share
   * (server/lib/s3-blobs.ts). S3_ENDPOINT unset means AWS S3 in S3_REGION; S3_FORCE_PATH_STYLE for MinIO and most
   * self-hosted stores; without the key pair the AWS SDK's own credential chain is used; keys go under S3_PREFIX.
   */
  BLOB_STORE: z.enum(["file", "s3"]).default("file"),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be a bucket name (3-63 of a-z 0-9 . -)").optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]+$/, "must look like us-east-1").default("us-east-1"),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_PREFIX: z.string().regex(/^[\w!.*'()-]+(\/[\w!.*'()-]+)*\/?$/, "must be folder names joined by / (e.g. groupware/)").optional(),
  /**
   * External mail accounts (POP3/IMAP/SMTP of other providers) may point at loopback, private, link-local and
   * other internal addresses. Off by default (no internal port scanning through the settings); on-premise
   * installs whose mail server sits on the internal network, and the tests, turn it on.
   */
  EXTERNAL_MAIL_ALLOW_PRIVATE_HOSTS: bool.default(false),
  /**
   * Third-party services over OAuth 2.0 (server/modules/external-services): the endpoints an administrator
   * configures may be internal addresses. Off by default (only public addresses are called); tests, whose
   * stand-in provider listens on loopback, turn it on. Only the configured endpoints' hosts are called either way.
   */
  EXTERNAL_SERVICES_ALLOW_PRIVATE_HOSTS: bool.default(false),
  /**
   * The boards' link previews (GET /api/board/og, server/modules/board/og/) may fetch pages on loopback, private,
   * link-local and other internal addresses. Off by default (a preview must not reach the internal network or
   * cloud metadata); the tests, whose pages are served on loopback, turn it on.
   */
  OG_ALLOW_PRIVATE_HOSTS: bool.default(false),
  /**
   * PEM certificates external accounts trust besides the system's roots: a private CA, or an on-premise mail
   * server's own self-signed certificate (server/modules/mail/external/trust.ts). Checked at start.
   */
  EXTERNAL_MAIL_CA_FILE: z.string().min(1).optional(),
  /**
   * Nightly backups (server/jobs/backup.ts): a folder to write one archive a day into (the same archive as
   * `deno task backup`), keeping the newest BACKUP_KEEP; written at BACKUP_AT (HH:MM, the server's local time,
   * TZ) by one of the instances that run jobs. Unset: no scheduled backups.
   */
  BACKUP_DIR: z.string().min(1).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1).max(365).default(7),
  BACKUP_AT: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time of day as HH:MM, e.g. 03:00").default("03:00"),
  /** Trust X-Forwarded-For for the client address (only behind a reverse proxy you run). */
  TRUST_PROXY: bool.default(false),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(86400).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
}).superRefine((c, ctx) => {
  const need = (name: string, message: string) => ctx.addIssue({ code: "custom", path: [name], message });
  if (c.BLOB_STORE === "s3" && !c.S3_BUCKET) need("S3_BUCKET", "required when BLOB_STORE=s3");
  if (!c.S3_ACCESS_KEY_ID !== !c.S3_SECRET_ACCESS_KEY) {
    need(c.S3_ACCESS_KEY_ID ? "S3_SECRET_ACCESS_KEY" : "S3_ACCESS_KEY_ID", "set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together");
  }
});

export type Config = z.infer<typeof envSchema>;

export class ConfigError extends Error {}

/** Parses an environment record; throws ConfigError naming every bad variable. */
export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v !== ""),
  );
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new ConfigError(`Invalid environment variable(s):\n${lines.join("\n")}`);
  }
  return result.data;
}

export function loadConfig(): Config {
  return parseConfig(Deno.env.toObject());
}
