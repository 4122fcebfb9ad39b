// POP3 APOP against a real dovecot that allows no plaintext password on an unencrypted connection from
// elsewhere (disable_plaintext_auth = yes, APOP on): reached from another loopback address (through tap.ts),
// its CAPA lists no USER and its greeting carries a timestamp, so the account logs in with APOP — the
// password never crosses — and its mail is fetched. Where USER is allowed, USER/PASS is used as before.
import { beforeAll, describe, expect, test } from "vitest";
import { createTestApp } from "../../support/test-app.ts";
import { type Co, company } from "../folders/helpers.ts";
import { accountBody, dovecotFor, fetchNow, inbox, message, PASSWORD, pop3Capa, reconfigure } from "./helpers.ts";
import { tapFor } from "./tap.ts";

const BOX = "apop@mail.example";
const ELSEWHERE = "127.0.0.2";
const t = await createTestApp();
const d = await dovecotFor([BOX]);
let A: Co;

beforeAll(async () => {
  A = await company(t, "ext-apop.test");
  await d.deliver(BOX, message("apop one"));
  await reconfigure(
    d,
    (conf) => conf.replace("disable_plaintext_auth = no", "disable_plaintext_auth = yes").replace("auth_mechanisms = plain login", "auth_mechanisms = plain login apop"),
    async () => {
      const answer = await pop3Capa(d.pop3Port, ELSEWHERE);
      return /^\+OK .*<[^>]+@[^>]+>/.test(answer) && !/\r\nUSER\r\n/.test(answer);
    },
  );
});

const add = async (port: number, extra: Record<string, unknown> = {}) =>
  await t.call("POST", "/api/mail/config/external", { token: A.token, json: accountBody(d, BOX, "POP3", { port, ...extra }) });

describe("POP3 APOP", () => {
  test("a server refusing USER/PASS in plaintext: APOP, the password never sent; the mail is fetched", async () => {
    const tap = await tapFor(d.pop3Port, ELSEWHERE);
    const r = await add(tap.port, { tag: "apop_box" });
    expect([r.status, r.body.authStatus]).toEqual([201, "AUTH_SUCCESS"]);
    expect(await fetchNow(t, A, r.body.id)).toMatchObject({ fetchStatus: "COMPLETE", fetchedCount: 1 });
    expect((await inbox(t, A)).map((m) => m.subject)).toEqual(["apop one"]);
    const sent = tap.sent();
    expect(sent).toMatch(new RegExp(`\\r\\nAPOP ${BOX.replace(".", "\\.")} [0-9a-f]{32}\\r\\n`));
    expect(sent).not.toContain("USER ");
    expect(sent).not.toContain(PASSWORD);
  });

  test("a wrong password over APOP is AUTH_FAILURE with dovecot's answer", async () => {
    const tap = await tapFor(d.pop3Port, ELSEWHERE);
    const r = await t.call("POST", "/api/mail/config/external", {
      token: A.token,
      json: accountBody(d, "apop2@mail.example", "POP3", { port: tap.port, loginId: BOX, password: "wrong-pass" }),
    });
    expect(r.status).toBe(201);
    expect(r.body.authStatus).toBe("AUTH_FAILURE");
    expect(r.body.lastProtocolMessage).toMatch(/auth/i);
    expect(tap.sent()).toContain("APOP ");
  });

  test("where USER is allowed (a connection from the server's own address), USER/PASS as before", async () => {
    const tap = await tapFor(d.pop3Port);
    const r = await t.call("POST", "/api/mail/config/external", {
      token: A.token,
      json: accountBody(d, "apop3@mail.example", "POP3", { port: tap.port, loginId: BOX }),
    });
    expect(r.body.authStatus).toBe("AUTH_SUCCESS");
    expect(tap.sent()).toContain(`USER ${BOX}\r\n`);
    expect(tap.sent()).not.toContain("APOP");
  });
});
