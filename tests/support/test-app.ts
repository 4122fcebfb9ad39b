// A fresh app per test file: its own database cloned from the migrated template, a real SMTP sink for
// outgoing mail, a clock the test can move, and small helpers to call the HTTP API.
import { afterAll, inject } from "vitest";
import postgres from "postgres";
import { connect, type Database } from "../../db/client.ts";
import { buildApp } from "../../server/app.ts";
import { parseConfig } from "../../server/config.ts";
import { createDeps } from "../../server/deps.ts";
import type { AppDeps } from "../../server/lib/context.ts";
import { ManualClock } from "../../server/lib/clock.ts";
import { createLogger } from "../../server/lib/logger.ts";
import { OAUTH_BASIC_HEADER, type TokenResponse } from "../../shared/auth.ts";
import { startSmtpSink, type SmtpSink } from "./smtp-sink.ts";

export interface CallOptions {
  token?: string;
  json?: unknown;
  form?: Record<string, string | number | boolean | (string | number)[]>;
  headers?: Record<string, string>;
  ip?: string;
}

// deno-lint-ignore no-explicit-any -- a test reads any JSON body
export interface CallResult<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface TestApp {
  app: ReturnType<typeof buildApp>;
  deps: AppDeps;
  db: Database;
  /** The URL of this app's database, for a second connection (another server instance on the same data). */
  databaseUrl: string;
  clock: ManualClock;
  smtp: SmtpSink;
  /** This app's own DATA_DIR (blobs), removed after the file's tests. */
  dataDir: string;
  // deno-lint-ignore no-explicit-any -- a test reads any JSON body
  call<T = any>(method: string, path: string, opts?: CallOptions): Promise<CallResult<T>>;
}

function formBody(form: NonNullable<CallOptions["form"]>): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(form)) {
    if (Array.isArray(v)) for (const item of v) p.append(`${k}[]`, String(item));
    else p.append(k, String(v));
  }
  return p;
}

/** Call once at the top of a test file. */
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const serverUrl = inject("pgServerUrl");
  const template = inject("templateDb");
  const name = `${template.replace("gw_template_", "gw_t_")}_${crypto.randomUUID().slice(0, 8)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}" template "${template}"`);
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const db = connect(u.toString(), 5);
  const smtp = await startSmtpSink();
  const dataDir = await Deno.makeTempDir({ prefix: "gw-test-" });
  // External mail accounts point at the local dovecot and SMTP sinks, external services at the stand-in
  // provider (tests/support/google-standin.ts): private hosts allowed unless a test says not.
  const config = parseConfig({ LOG_LEVEL: "error", DATA_DIR: dataDir, PUBLIC_URL: "http://localhost:8080", SMTP_RELAY_URL: smtp.url, MAIL_FROM: "Groupware <no-reply@groupware.test>", EXTERNAL_MAIL_ALLOW_PRIVATE_HOSTS: "true", EXTERNAL_SERVICES_ALLOW_PRIVATE_HOSTS: "true", ...env });
  const log = createLogger(config.LOG_LEVEL);
  const clock = new ManualClock();
  // The UI built by the global set-up: TEST_WEB_DIR when set, else web/dist.
  const deps = { ...await createDeps(config, db, log, { clock }), webDir: Deno.env.get("TEST_WEB_DIR") || undefined };
  const app = buildApp(deps);

  afterAll(async () => {
    await db.close();
    await smtp.close();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  });

  return {
    app,
    deps,
    db,
    databaseUrl: u.toString(),
    clock,
    smtp,
    dataDir,
    async call(method, path, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      let body: BodyInit | undefined;
      if (opts.json !== undefined) {
        headers["content-type"] = "application/json";
        body = JSON.stringify(opts.json);
      } else if (opts.form) {
        headers["content-type"] = "application/x-www-form-urlencoded";
        body = formBody(opts.form);
      }
      const res = await app.request(path, { method, headers, body }, { remoteAddr: { hostname: opts.ip ?? "127.0.0.1" } });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : null;
      } catch { /* not JSON */ }
      // deno-lint-ignore no-explicit-any -- a test reads any JSON body
      return { status: res.status, body: parsed as any, headers: res.headers };
    },
  };
}

export const ADMIN_PASSWORD = "Passw0rd!";

/** Signs in with the password grant; throws when the answer is not 200. */
export async function login(t: TestApp, username: string, password = ADMIN_PASSWORD, extra: Record<string, string> = {}): Promise<TokenResponse> {
  const r = await t.call("POST", "/oauth/token", {
    headers: { authorization: OAUTH_BASIC_HEADER },
    form: { grant_type: "password", username, password, ...extra },
  });
  if (r.status !== 200) throw new Error(`login ${username} failed: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

let signups = 0;

/** The whole sign-up through the API, reading the code from the SMTP sink. */
export async function signupCompany(
  t: TestApp,
  opts: { domain: string; adminId?: string; email?: string; name?: string; companyName?: string; password?: string },
) {
  const email = opts.email ?? `owner@${opts.domain.replace(/\.[a-z]+$/, "")}-mail.test`;
  // Each from an address of its own: sign-up code mails are limited per client address (SIGNUP_CODES_PER_IP_PER_HOUR).
  signups++;
  const ip = `198.18.${(signups >> 8) & 255}.${signups & 255}`;
  const sent = await t.call("POST", "/api/signup/email/code", { json: { email }, ip });
  if (sent.status !== 200) throw new Error(`code: ${sent.status} ${JSON.stringify(sent.body)}`);
  const mail = await t.smtp.next(email);
  const code = /\b(\d{6})\b/.exec(mail.text)![1];
  const verified = await t.call("POST", "/api/signup/email/verify", { json: { email, code } });
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  const password = opts.password ?? ADMIN_PASSWORD;
  const r = await t.call("POST", "/api/signup", {
    json: {
      email,
      verificationToken: verified.body.verificationToken,
      name: opts.name ?? "Kim Admin",
      companyName: opts.companyName ?? `Company ${opts.domain}`,
      domain: opts.domain,
      adminId: opts.adminId ?? "admin",
      password,
      passwordConfirm: password,
      agreeTerms: true,
      agreePrivacy: true,
    },
  });
  if (r.status !== 201) throw new Error(`signup: ${r.status} ${JSON.stringify(r.body)}`);
  const tokens = await login(t, r.body.username, password);
  return { ...r.body as { companyId: number; username: string; domain: string }, email, password, token: tokens.access_token, tokens };
}
