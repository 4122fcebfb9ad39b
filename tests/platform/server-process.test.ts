// The real server process: starts on embedded PostgreSQL in a fresh DATA_DIR, serves sign-up, sign-in and
// refresh over HTTP, refuses a second server on the same DATA_DIR, rejects bad config, stops cleanly.
import { afterAll, describe, expect, test } from "vitest";
import { chmod, mkdtemp, rm, stat } from "node:fs/promises";
import { X509Certificate } from "node:crypto";
import { connect as tlsConnect } from "node:tls";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../db/embedded.ts";
import { OAUTH_BASIC_HEADER } from "../../shared/auth.ts";
import { startSmtpSink } from "../support/smtp-sink.ts";
import { type ServerProcess, spawnServer as spawnProcess } from "../support/server-process.ts";

const dataDir = await mkdtemp(join(tmpdir(), "gw-server-"));
await chmod(dataDir, 0o755);
const smtp = await startSmtpSink();
const port = await freePort();
const base = `http://127.0.0.1:${port}`;

type Proc = ServerProcess;

function spawnServer(env: Record<string, string>): Proc {
  // DATABASE_URL is blanked: this test is about the embedded database, whatever the suite runs on.
  return spawnProcess({ DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", SMTP_RELAY_URL: smtp.url, LOG_LEVEL: "info",
    DATABASE_URL: "", SMTP_PORT: "0", ...env });
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const r = await fetch(base + path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  return { status: r.status, body: await r.json() };
}

let server: Proc | undefined;
let adminToken = "";
afterAll(async () => {
  try {
    server?.child.kill("SIGKILL");
  } catch { /* already gone */ }
  await smtp.close();
  await rm(dataDir, { recursive: true, force: true });
});

// Each start may take up to its own 60 s wait for "listening" (a fresh embedded cluster on a loaded CI machine):
// the tests' time limit leaves room for it, so a slow start fails with the server's output, not a bare timeout
// that leaves the server running into the next test's port.
describe("server process", { timeout: 120_000 }, () => {
  test("a bad variable is named and the process exits 2", async () => {
    const bad = spawnServer({ PORT: "eighty" });
    const status = await bad.exited;
    expect(status.code).toBe(2);
    expect(bad.output()).toContain("PORT");
  });

  test("starts on embedded PostgreSQL and serves sign-up, sign-in and refresh", async () => {
    server = spawnServer({});
    await server.waitFor("listening on http://", 60_000);
    expect((await fetch(base + "/healthz").then((r) => r.json()))).toEqual({ status: "ok" });

    const email = "owner@process.test";
    expect((await post("/api/signup/email/code", { email })).status).toBe(200);
    const code = /\b(\d{6})\b/.exec((await smtp.next(email)).text)![1];
    const { body: { verificationToken } } = await post("/api/signup/email/verify", { email, code });
    const created = await post("/api/signup", {
      email, verificationToken, name: "Han", companyName: "Process Co", domain: "process.test", adminId: "admin",
      password: "Start123!", passwordConfirm: "Start123!", agreeTerms: true, agreePrivacy: true,
    });
    expect(created.status).toBe(201);

    const form = (f: Record<string, string>) => fetch(base + "/oauth/token", { method: "POST", headers: { authorization: OAUTH_BASIC_HEADER }, body: new URLSearchParams(f) }).then(async (r) => ({ status: r.status, body: await r.json() }));
    const signed = await form({ grant_type: "password", username: "admin@process.test", password: "Start123!" });
    expect(signed.status).toBe(200);
    const refreshed = await form({ grant_type: "refresh_token", refresh_token: signed.body.refresh_token });
    expect(refreshed.status).toBe(200);
    const me = await fetch(base + "/api/users/detail", { headers: { authorization: `Bearer ${refreshed.body.access_token}` } }).then((r) => r.json());
    expect(me.username).toBe("admin@process.test");
    adminToken = refreshed.body.access_token;
  });

  test("the mail client ports come up on a self-signed certificate made on the first start; a client signs in over IMAPS", async () => {
    // HTTP answers before the client ports are up: the RSA key of the first start can take seconds on a busy machine.
    await server!.waitFor("mail clients:", 20_000);
    const ports = /mail clients: imap (\d+) \(STARTTLS\), imaps (\d+), pop3 (\d+) \(STLS\), pop3s (\d+), submission (\d+) \(STARTTLS\), submissions (\d+); self-signed certificate/
      .exec(server!.output());
    expect(ports).not.toBeNull();
    expect((await stat(join(dataDir, "tls", "self-signed-key.pem"))).mode & 0o777).toBe(0o600);
    const auth = { authorization: `Bearer ${adminToken}`, "content-type": "application/json" };
    const put = (path: string, body: unknown) => fetch(base + path, { method: "PUT", headers: auth, body: JSON.stringify(body) }).then((r) => r.status);
    expect(await put("/api/mail/config/pop3", { pop3Flag: true, clientProtocolType: "IMAP" })).toBe(200);
    expect(await put("/api/mail/config/pop3/password", { password: "client42" })).toBe(200);
    const setting = await fetch(base + "/api/mail/config/pop3/external/setting", { headers: auth }).then((r) => r.json());
    expect(setting.certificate).toBe("SELF_SIGNED");

    const socket = tlsConnect({ host: "127.0.0.1", port: Number(ports![2]), rejectUnauthorized: false });
    const lines: string[] = [];
    let buffer = "";
    socket.on("data", (d) => {
      buffer += d.toString("latin1");
      let i;
      while ((i = buffer.indexOf("\r\n")) >= 0) lines.push(buffer.slice(0, i)), buffer = buffer.slice(i + 2);
    });
    const line = async (prefix: string) => {
      const until = Date.now() + 10_000;
      for (;;) {
        const found = lines.find((l) => l.startsWith(prefix));
        if (found) return found;
        if (Date.now() > until) throw new Error(`no "${prefix}" in ${JSON.stringify(lines)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };
    await new Promise((ok) => socket.once("secureConnect", ok));
    expect(new X509Certificate(socket.getPeerX509Certificate()!.raw).fingerprint256).toBe(setting.fingerprint);
    expect(await line("* OK")).toContain("IMAP4rev1");
    socket.write("a LOGIN admin@process.test client42\r\n");
    expect(await line("a ")).toMatch(/^a OK/);
    socket.write("b LOGOUT\r\n");
    await line("b ");
    socket.destroy();
  });

  test("a second server on the same DATA_DIR refuses to start and harms nothing", async () => {
    const second = spawnServer({ PORT: String(await freePort()) });
    const status = await second.exited;
    expect(status.code).toBe(3);
    expect(second.output()).toContain("Another server is already running");
    expect((await fetch(base + "/healthz")).status).toBe(200);
  });

  test("SIGTERM stops HTTP and PostgreSQL cleanly; data survives a restart", async () => {
    server!.child.kill("SIGTERM");
    const status = await server!.exited;
    expect(status.code).toBe(0);
    expect(server!.output()).toContain("stopped");
    await expect(fetch(base + "/healthz")).rejects.toThrow();
    server = spawnServer({});
    await server.waitFor("listening on http://", 60_000);
    const r = await fetch(base + "/oauth/token", { method: "POST", headers: { authorization: OAUTH_BASIC_HEADER }, body: new URLSearchParams({ username: "admin@process.test", password: "Start123!" }) });
    expect(r.status).toBe(200);
    server.child.kill("SIGINT");
    expect((await server.child.status).code).toBe(0);
  });

  test("a port in use stops the start-up cleanly: message, exit 1, PostgreSQL stopped, folder released", async () => {
    const blocker = Deno.listen({ hostname: "127.0.0.1", port: await freePort() });
    const busy = spawnServer({ PORT: String((blocker.addr as Deno.NetAddr).port) });
    const status = await busy.exited;
    blocker.close();
    expect(status.code).toBe(1);
    expect(busy.output()).toContain("is already in use (set PORT)");
    server = spawnServer({});
    await server.waitFor("listening on http://", 60_000);
    expect(server.output()).not.toContain("left running by a previous server");
    server.child.kill("SIGTERM");
    expect((await server.child.status).code).toBe(0);
  });

  test("after the server is killed outright, the next start takes over the orphaned PostgreSQL", async () => {
    server = spawnServer({});
    await server.waitFor("listening on http://", 60_000);
    server.child.kill("SIGKILL");
    await server.child.status;
    server = spawnServer({ LOG_LEVEL: "debug" });
    await server.waitFor("listening on http://", 60_000);
    expect(server.output()).toContain("left running by a previous server");
    const r = await fetch(base + "/oauth/token", { method: "POST", headers: { authorization: OAUTH_BASIC_HEADER }, body: new URLSearchParams({ username: "admin@process.test", password: "Start123!" }) });
    expect(r.status).toBe(200);
    server.child.kill("SIGTERM");
    expect((await server.child.status).code).toBe(0);
  });
});
