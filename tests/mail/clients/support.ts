// Set-up shared by the mail-client tests (IMAP, POP3, submission): a company whose admin has client access on
// (PUT /api/mail/config/pop3) and a mail-program password (stored directly: the password API has its own
// tests), the test TLS certificate, and a Python runner for tests that drive the servers with Python's own
// imaplib, poplib and smtplib (clients nobody on the team wrote).
import { spawn } from "node:child_process";
import { eq } from "drizzle-orm";
import { mailClientPasswords, users } from "../../../db/schema/index.ts";
import { hashPassword } from "../../../server/lib/passwords.ts";
import { signupCompany, type TestApp } from "../../support/test-app.ts";

export const CLIENT_PASSWORD = "client123";

export interface ClientTestUser {
  userId: number;
  companyId: number;
  username: string;
  /** Web bearer token. */
  token: string;
  password: string;
}

/** PEM key and certificate for CN=localhost / 127.0.0.1 (tests only). */
export async function testTls(): Promise<{ key: string; cert: string }> {
  const dir = new URL("../../support/tls/", import.meta.url);
  return {
    key: await Deno.readTextFile(new URL("test-key.pem", dir)),
    cert: await Deno.readTextFile(new URL("test-cert.pem", dir)),
  };
}

/** Turns client access on for the user (protocol IMAP or POP3) and sets the mail-program password. */
export async function enableClients(t: TestApp, u: { userId: number; companyId: number; token: string }, protocol: "IMAP" | "POP3", extra: Record<string, unknown> = {}) {
  const r = await t.call("PUT", "/api/mail/config/pop3", { token: u.token, json: { pop3Flag: true, clientProtocolType: protocol, ...extra } });
  if (r.status !== 200) throw new Error(`PUT pop3: ${r.status} ${JSON.stringify(r.body)}`);
  const hash = await hashPassword(CLIENT_PASSWORD);
  await t.db.db.insert(mailClientPasswords).values({ userId: u.userId, companyId: u.companyId, hash, updatedAt: t.clock.now() })
    .onConflictDoUpdate({ target: mailClientPasswords.userId, set: { hash } });
}

/** A new company (domain) whose admin can sign in from clients with CLIENT_PASSWORD. */
export async function clientUser(t: TestApp, domain: string, protocol: "IMAP" | "POP3" = "IMAP"): Promise<ClientTestUser> {
  const s = await signupCompany(t, { domain });
  const [u] = await t.db.db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.username, s.username));
  await t.call("GET", "/api/folders", { token: s.token }); // makes the system folders
  const user = { userId: u.id, companyId: u.companyId, username: s.username, token: s.token, password: CLIENT_PASSWORD };
  await enableClients(t, user, protocol);
  return user;
}

/**
 * Runs a Python 3 script (source text) with the arguments; answers its stdout parsed as JSON (the script
 * prints one JSON document). A non-zero exit throws with stderr.
 */
export async function python<T = unknown>(script: string, args: (string | number)[] = [], timeoutMs = 30_000): Promise<T> {
  return await new Promise<T>((resolve, reject) => {
    const child = spawn("python3", ["-c", script, ...args.map(String)], { stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), timeoutMs);
    child.stdout.on("data", (d) => out += d);
    child.stderr.on("data", (d) => err += d);
    child.on("close", (code) => {
      clearTimeout(timer);
      if (code !== 0) return reject(new Error(`python exited ${code}: ${err || out}`));
      try {
        resolve(JSON.parse(out) as T);
      } catch {
        reject(new Error(`python printed no JSON: ${out}\n${err}`));
      }
    });
  });
}
