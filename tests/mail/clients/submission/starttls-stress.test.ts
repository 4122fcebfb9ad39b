// STARTTLS on the submission port (587 style, submission/server.ts through smtp/serve.ts) under repetition:
// 60 upgrades in a row by nodemailer (requireTLS, the test CA), every tenth one signing in (AUTH PLAIN) on the
// TLS session; each has a deadline, and none may hang or fail (the Deno TLS hello race that the IMAP/POP3
// STARTTLS switch had to avoid, clients/net.ts switchToTls; smtp-server upgrades by itself). And on TLS, EHLO
// offers no REQUIRETLS.
import { afterAll, beforeAll, expect, test } from "vitest";
import { startSubmissionServer, type SubmissionServer } from "../../../../server/modules/mail/submission/server.ts";
import { createTestApp } from "../../../support/test-app.ts";
import { stressUpgrades, tlsEhloFeatures } from "../../smtp/starttls-support.ts";
import { CLIENT_PASSWORD, clientUser, testTls } from "../support.ts";

const t = await createTestApp();
const tlsPair = await testTls();
let server: SubmissionServer;
let username: string;

beforeAll(async () => {
  server = await startSubmissionServer(t.deps, { port: 0, host: "127.0.0.1", tls: tlsPair, implicitTls: false });
  ({ username } = await clientUser(t, "starttls-sub.test"));
});
afterAll(() => server.close());

test("60 STARTTLS upgrades in a row (every tenth signs in): none hangs, none fails", { timeout: 60_000 }, async () => {
  const r = await stressUpgrades(60, {
    port: server.port,
    ca: tlsPair.cert,
    deadlineMs: 3_000,
    after: (conn, i) =>
      i % 10 === 0
        ? new Promise<void>((resolve, reject) =>
          conn.login({ user: username, pass: CLIENT_PASSWORD, method: "PLAIN" }, (e) => e ? reject(e) : resolve())
        )
        : Promise.resolve(),
  });
  expect(r).toEqual({ attempts: 60, ok: 60, hangs: 0, failures: [] });
});

test("on TLS, EHLO does not offer REQUIRETLS (the outbound queue does not enforce it on the next hop)", async () => {
  const offered = await tlsEhloFeatures(server.port, tlsPair.cert);
  expect(offered).toEqual(expect.arrayContaining(["8BITMIME", "SMTPUTF8"]));
  expect(offered).not.toContain("REQUIRETLS");
});
