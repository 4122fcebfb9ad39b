// GET /api/mail/config/pop3/external/setting (shared/mail/clients.ts ClientServerSettings): the host and ports a
// client is set up with (the listening ports by default, MAIL_CLIENTS_PUBLIC_HOST / _PORTS when set, TLS first),
// the certificate (self-signed made on first use, or the configured one) with its SHA-256 fingerprint, the
// company's IMAP/POP3 switches (also what a client sign-in then meets), whether a password is set; per user.
import { X509Certificate } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { parseConfig } from "../../../../server/config.ts";
import { ClientAuthError, signInClient } from "../../../../server/modules/mail/clients/auth.ts";
import { announcedPorts } from "../../../../server/modules/mail/clients/service.ts";
import { publicMailHost } from "../../../../server/modules/mail/clients/tls.ts";
import { createTestApp, signupCompany } from "../../../support/test-app.ts";

const PATH = "/api/mail/config/pop3/external/setting";
const t = await createTestApp();
const certFile = new URL("../../../support/tls/test-cert.pem", import.meta.url).pathname;
const keyFile = new URL("../../../support/tls/test-key.pem", import.meta.url).pathname;
const pub = await createTestApp({
  MAIL_CLIENTS_PUBLIC_HOST: "mail.example.com",
  MAIL_CLIENTS_PUBLIC_PORTS: "imaps=993,imap=143,submission=587,pop3s=995,unknown=1",
  TLS_CERT_FILE: certFile,
  TLS_KEY_FILE: keyFile,
});
type S = Awaited<ReturnType<typeof signupCompany>>;
let A: S, B: S;

beforeAll(async () => {
  A = await signupCompany(t, { domain: "mcset-alpha.test" });
  B = await signupCompany(t, { domain: "mcset-beta.test" });
});

describe("client server settings", () => {
  test("defaults: PUBLIC_URL host, the listening ports TLS first, a self-signed certificate, both protocols allowed", async () => {
    const r = await t.call("GET", PATH, { token: A.token });
    expect(r.status).toBe(200);
    const c = t.deps.config;
    expect(r.body).toEqual({
      host: "localhost",
      username: A.username.toLowerCase(),
      imapAllowed: true,
      pop3Allowed: true,
      imap: [{ port: c.IMAPS_PORT, security: "TLS" }, { port: c.IMAP_PORT, security: "STARTTLS" }],
      pop3: [{ port: c.POP3S_PORT, security: "TLS" }, { port: c.POP3_PORT, security: "STARTTLS" }],
      smtp: [{ port: c.SUBMISSIONS_PORT, security: "TLS" }, { port: c.SUBMISSION_PORT, security: "STARTTLS" }],
      certificate: "SELF_SIGNED",
      fingerprint: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
      passwordSet: false,
    });
    expect(c.IMAPS_PORT).toBe(1993);
    // The self-signed pair was made in this app's DATA_DIR, and the fingerprint is that certificate's.
    const cert = await Deno.readTextFile(`${t.dataDir}/tls/self-signed-cert.pem`);
    expect(r.body.fingerprint).toBe(new X509Certificate(cert).fingerprint256.toUpperCase());
    // Asked again: the same certificate.
    expect((await t.call("GET", PATH, { token: A.token })).body.fingerprint).toBe(r.body.fingerprint);
  });

  test("passwordSet follows the password", async () => {
    expect((await t.call("PUT", "/api/mail/config/pop3/password", { token: A.token, json: { password: "set4me" } })).status).toBe(200);
    expect((await t.call("GET", PATH, { token: A.token })).body.passwordSet).toBe(true);
    expect((await t.call("GET", PATH, { token: B.token })).body).toMatchObject({ passwordSet: false, username: B.username.toLowerCase() });
    await t.call("DELETE", "/api/mail/config/pop3/password", { token: A.token });
    expect((await t.call("GET", PATH, { token: A.token })).body.passwordSet).toBe(false);
  });

  test("the company switches are shown, and are what a client sign-in meets; one company's switch is not another's", async () => {
    const off = await t.call("PUT", "/api/admin/company/config/mail", { token: A.token, json: { imap: false } });
    expect(off.status).toBe(200);
    expect((await t.call("GET", PATH, { token: A.token })).body).toMatchObject({ imapAllowed: false, pop3Allowed: true });
    expect((await t.call("GET", PATH, { token: B.token })).body).toMatchObject({ imapAllowed: true, pop3Allowed: true });

    await t.call("PUT", "/api/mail/config/pop3", { token: A.token, json: { pop3Flag: true, clientProtocolType: "IMAP" } });
    await t.call("PUT", "/api/mail/config/pop3/password", { token: A.token, json: { password: "client9" } });
    const signIn = (protocol: "IMAP" | "POP3") =>
      signInClient(t.deps, { username: A.username, password: "client9", ip: "192.0.2.50", protocol })
        .then(() => "OK", (e) => e instanceof ClientAuthError ? e.reason : String(e));
    expect(await signIn("IMAP")).toBe("DISABLED");
    await t.call("PUT", "/api/admin/company/config/mail", { token: A.token, json: { imap: true, pop3: false } });
    expect((await t.call("GET", PATH, { token: A.token })).body).toMatchObject({ imapAllowed: true, pop3Allowed: false });
    expect(await signIn("IMAP")).toBe("OK");
    await t.call("PUT", "/api/admin/company/config/mail", { token: A.token, json: { pop3: true } });
  });

  test("MAIL_CLIENTS_PUBLIC_HOST and _PORTS (exactly the ports named) and a configured certificate", async () => {
    const s = await signupCompany(pub, { domain: "mcset-pub.test" });
    const r = await pub.call("GET", PATH, { token: s.token });
    expect(r.status).toBe(200);
    const cert = await Deno.readTextFile(certFile);
    expect(r.body).toMatchObject({
      host: "mail.example.com",
      imap: [{ port: 993, security: "TLS" }, { port: 143, security: "STARTTLS" }],
      pop3: [{ port: 995, security: "TLS" }],
      smtp: [{ port: 587, security: "STARTTLS" }],
      certificate: "CONFIGURED",
      fingerprint: new X509Certificate(cert).fingerprint256.toUpperCase(),
    });
  });

  test("the host falls back to MAIL_HOSTNAME, then the PUBLIC_URL host; no ports while the client servers are off, none of port 0", () => {
    expect(publicMailHost(parseConfig({ MAIL_HOSTNAME: "mx.example.org", PUBLIC_URL: "https://gw.example.org" }))).toBe("mx.example.org");
    expect(publicMailHost(parseConfig({ PUBLIC_URL: "https://gw.example.org:8443/x" }))).toBe("gw.example.org");
    expect(announcedPorts(parseConfig({ MAIL_CLIENTS_ENABLED: "false" }))).toEqual({ imap: [], pop3: [], smtp: [] });
    expect(announcedPorts(parseConfig({ IMAP_PORT: "0", POP3_PORT: "110", POP3S_PORT: "995" }))).toMatchObject({
      imap: [{ port: 1993, security: "TLS" }],
      pop3: [{ port: 995, security: "TLS" }, { port: 110, security: "STARTTLS" }],
    });
  });

  test("signed out: 401", async () => {
    expect((await t.call("GET", PATH)).status).toBe(401);
  });
});
