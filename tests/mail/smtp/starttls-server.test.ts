// Inbound STARTTLS as the real server (server/main.ts, a child process on this file's database) starts it: the
// TLS material is loaded once and given to the inbound listener and the mail client ports, so with
// TLS_CERT_FILE/TLS_KEY_FILE set (the test pair) a sender that checks the certificate against the test CA
// upgrades on SMTP_PORT; SMTP_STARTTLS=false leaves STARTTLS out of the EHLO reply and mail still arrives.
import { afterAll, describe, expect, test } from "vitest";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../../db/embedded.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";
import { type ServerProcess, spawnServer } from "../../support/server-process.ts";
import { testTls } from "../clients/support.ts";
import { ehloFeatures, upgradeOnce } from "./starttls-support.ts";
import { compose, sendRaw } from "./support.ts";

const t = await createTestApp();
const tlsDir = new URL("../../support/tls/", import.meta.url).pathname;
const tlsPair = await testTls();
const dirs: string[] = [];
const running: ServerProcess[] = [];

afterAll(async () => {
  for (const s of running) {
    try {
      s.child.kill("SIGKILL");
      await s.child.status;
    } catch { /* already gone */ }
  }
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
});

/** The server with the test certificate configured; answers its inbound SMTP port once it listens. */
async function start(env: Record<string, string>): Promise<{ server: ServerProcess; smtpPort: number }> {
  const dataDir = await mkdtemp(join(tmpdir(), "gw-starttls-"));
  dirs.push(dataDir);
  const smtpPort = await freePort();
  const server = spawnServer({
    DATA_DIR: dataDir,
    DATABASE_URL: t.db.url,
    PORT: String(await freePort()),
    HOST: "127.0.0.1",
    SMTP_PORT: String(smtpPort),
    SMTP_HOST: "127.0.0.1",
    MAIL_CLIENTS_HOST: "127.0.0.1",
    SMTP_RELAY_URL: t.smtp.url,
    MAIL_HOSTNAME: "mx.starttls.test",
    TLS_CERT_FILE: join(tlsDir, "test-cert.pem"),
    TLS_KEY_FILE: join(tlsDir, "test-key.pem"),
    JOBS_ENABLED: "false",
    LOG_LEVEL: "info",
    ...env,
  });
  running.push(server);
  await server.waitFor(`smtp listening on 127.0.0.1:${smtpPort}`, 45_000);
  await server.waitFor("mail clients:", 45_000);
  return { server, smtpPort };
}

async function stop(server: ServerProcess) {
  server.child.kill("SIGTERM");
  expect((await server.child.status).code).toBe(0);
}

describe("the real server", () => {
  test("offers STARTTLS on SMTP_PORT with the configured certificate, the one the client ports use", { timeout: 90_000 }, async () => {
    const { server, smtpPort } = await start({});
    try {
      expect(await ehloFeatures(smtpPort)).toContain("STARTTLS");
      expect(await upgradeOnce({ port: smtpPort, ca: tlsPair.cert, deadlineMs: 10_000 })).toBe("ok");
      expect(server.output()).toContain("smtp: STARTTLS offered (not required)");
      expect(server.output()).toMatch(/mail clients: .*; configured certificate [0-9A-F:]{95}/);
    } finally {
      await stop(server);
    }
  });

  test("SMTP_STARTTLS=false: no STARTTLS on SMTP_PORT; mail still arrives in clear text", { timeout: 90_000 }, async () => {
    const { server, smtpPort } = await start({ SMTP_STARTTLS: "false" });
    try {
      const offered = await ehloFeatures(smtpPort);
      expect(offered).not.toContain("STARTTLS");
      expect(offered).toContain("SIZE");
      expect(server.output()).toContain("smtp: no STARTTLS");
      const A = await signupCompany(t, { domain: "starttls-off.test" });
      const raw = await compose({ from: "sender@partner.example", to: A.username, subject: "Clear text", text: "Hello" });
      const r = await sendRaw(smtpPort, { from: "sender@partner.example", to: [A.username] }, raw);
      expect(r.response).toMatch(/^250 2\.0\.0 OK: stored as \d+/);
    } finally {
      await stop(server);
    }
  });
});
