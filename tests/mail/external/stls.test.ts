// POP3 STLS (RFC 2595) against a real dovecot offering it on its plain port (the test dovecot, reloaded with
// TLS on and the localhost test certificate): the client upgrades whenever CAPA offers STLS, verifies the
// certificate, and only then sends USER/PASS; a certificate it cannot verify ends the session before any
// password is sent (no fall-back to plaintext). Seen on the wire through a recording relay (tap.ts).
import { beforeAll, describe, expect, test } from "vitest";
import { openPop3, Pop3Client } from "../../../server/modules/mail/external/pop3-fetch.ts";
import { createTestApp } from "../../support/test-app.ts";
import { testTls } from "../clients/support.ts";
import { type Co, company } from "../folders/helpers.ts";
import { accountBody, dovecotFor, message, PASSWORD, pop3Capa, reconfigure } from "./helpers.ts";
import { tapFor } from "./tap.ts";

const BOX = "tls@mail.example";
const t = await createTestApp();
const d = await dovecotFor([BOX]);
const material = await testTls();
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
    expect(r.body).toMatchObject({ authStatus: "AUTH_FAILURE", lastProtocolMessage: "mail.external_unreachable" });
    const sent = tap.sent();
    expect(sent).toContain("STLS\r\n");
    expect(sent).not.toContain("USER");
    expect(sent).not.toContain(PASSWORD);
  });
});
