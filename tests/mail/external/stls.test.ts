// POP3 STLS (RFC 2595) against a real dovecot offering it on its plain port (the test dovecot, reloaded with
// TLS on and the localhost test certificate): the client upgrades whenever CAPA offers STLS, verifies the
// certificate, and only then sends USER/PASS; a certificate it cannot verify ends the session before any
// password is sent (no fall-back to plaintext), and is reported as an untrusted certificate; with the
// certificate in EXTERNAL_MAIL_CA_FILE the same account logs in. Seen on the wire through a recording relay
// (tap.ts).
import { beforeAll, describe, expect, test } from "vitest";
import { openPop3, Pop3Client } from "../../../server/modules/mail/external/pop3-fetch.ts";
import { externalNet } from "../../../server/modules/mail/external/trust.ts";
import { createTestApp } from "../../support/test-app.ts";
import { testTls } from "../clients/support.ts";
import { type Co, company } from "../folders/helpers.ts";
import { accountBody, dovecotFor, message, PASSWORD, pop3Capa, reconfigure } from "./helpers.ts";
import { tapFor } from "./tap.ts";

const BOX = "tls@mail.example";
const t = await createTestApp();
const d = await dovecotFor([BOX]);
const material = await testTls();
// An instance that trusts the test certificate through EXTERNAL_MAIL_CA_FILE.
const caFile = await Deno.makeTempFile({ suffix: ".pem" });
await Deno.writeTextFile(caFile, material.cert);
const trusting = await createTestApp({ EXTERNAL_MAIL_CA_FILE: caFile });
let A: Co;

/** Turns TLS on in the running dovecot (the localhost test certificate) and waits until POP3 offers STLS. */
async function enableTls() {
  await Deno.writeTextFile(`${d.dir}/cert.pem`, material.cert);
  await Deno.writeTextFile(`${d.dir}/key.pem`, material.key);
  await reconfigure(d, (conf) => conf.replace("ssl = no", `ssl = yes\nssl_cert = <${d.dir}/cert.pem\nssl_key = <${d.dir}/key.pem`),
    async () => (await pop3Capa(d.pop3Port)).includes("STLS"));
}

beforeAll(async () => {
  A = await company(t, "ext-stls.test");
  await d.deliver(BOX, message("over tls"));
  await enableTls();
});

describe("POP3 STLS", () => {
  test("a plain port offering STLS is upgraded, the certificate verified, and only then the login sent", async () => {
    const tap = await tapFor(d.pop3Port);
    const { client, tls } = await Pop3Client.connect({ host: "127.0.0.1", port: tap.port, secure: false, ca: material.cert });
    expect(tls).toBe(true);
    try {
      await client.login(BOX, PASSWORD);
      expect((await client.stat()).count).toBe(1);
    } finally {
      await client.quit();
    }
    const sent = tap.sent();
    expect(sent).toMatch(/^CAPA\r\nSTLS\r\n/);
    expect(sent).not.toContain("USER");
    expect(sent).not.toContain(PASSWORD);
    // Dovecot logged the login as made over TLS.
    const until = Date.now() + 5000;
    while (!/pop3-login: (Info: )?Login: user=<tls@mail\.example>.*, TLS,/.test(await d.log())) {
      if (Date.now() > until) throw new Error(`no TLS login in the log: ${await d.log()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  test("the whole source over STLS: list and retrieve", async () => {
    const source = await openPop3({ host: "127.0.0.1", port: d.pop3Port, secure: false, ca: material.cert }, BOX, PASSWORD);
    try {
      const { messages } = await source.list(new Set());
      expect(messages).toHaveLength(1);
      expect(new TextDecoder().decode(await source.retrieve(messages[0].uid))).toContain("Subject: over tls");
    } finally {
      await source.close();
    }
  });

  test("a certificate that does not verify ends the session before any password: the account's login fails", async () => {
    const tap = await tapFor(d.pop3Port);
    const r = await t.call("POST", "/api/mail/config/external", { token: A.token, json: accountBody(d, BOX, "POP3", { port: tap.port }) });
    expect(r.status).toBe(201);
    // Said as what it is (not "could not connect"), so the user knows what to ask the administrator for.
    expect(r.body).toMatchObject({ authStatus: "AUTH_FAILURE", lastProtocolMessage: "mail.external_cert_untrusted" });
    const sent = tap.sent();
    expect(sent).toContain("STLS\r\n");
    expect(sent).not.toContain("USER");
    expect(sent).not.toContain(PASSWORD);
  });

  test("with the server's certificate in EXTERNAL_MAIL_CA_FILE, the same account logs in and fetches", async () => {
    const B = await company(trusting, "ext-stls-trust.test");
    const r = await trusting.call("POST", "/api/mail/config/external", { token: B.token, json: accountBody(d, BOX, "POP3") });
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ authStatus: "AUTH_SUCCESS" });
    // IMAP (imapflow's STARTTLS) the same: untrusted without the file, trusted with it.
    const imap = { ...accountBody(d, BOX, "IMAP"), tag: "imap_tls" };
    const C = await company(t, "ext-stls-imap.test");
    const refused = await t.call("POST", "/api/mail/config/external", { token: C.token, json: imap });
    expect(refused.body).toMatchObject({ authStatus: "AUTH_FAILURE", lastProtocolMessage: "mail.external_cert_untrusted" });
    const D = await company(trusting, "ext-stls-trust-imap.test");
    const trusted = await trusting.call("POST", "/api/mail/config/external", { token: D.token, json: imap });
    expect(trusted.body).toMatchObject({ authStatus: "AUTH_SUCCESS" });
    await Deno.remove(caFile);
  });

  test("an EXTERNAL_MAIL_CA_FILE that cannot be read, or holds no certificate, is refused naming the variable", async () => {
    const empty = await Deno.makeTempFile({ suffix: ".pem" });
    try {
      expect(() => externalNet({ EXTERNAL_MAIL_ALLOW_PRIVATE_HOSTS: false, EXTERNAL_MAIL_CA_FILE: `${empty}.missing` }))
        .toThrow(/^EXTERNAL_MAIL_CA_FILE: cannot read .*ENOENT/);
      await Deno.writeTextFile(empty, "not a certificate");
      expect(() => externalNet({ EXTERNAL_MAIL_ALLOW_PRIVATE_HOSTS: false, EXTERNAL_MAIL_CA_FILE: empty }))
        .toThrow(/^EXTERNAL_MAIL_CA_FILE: .* holds no PEM certificate$/);
      expect(externalNet({ EXTERNAL_MAIL_ALLOW_PRIVATE_HOSTS: true })).toEqual({ allowPrivate: true });
    } finally {
      await Deno.remove(empty);
    }
  });
});
