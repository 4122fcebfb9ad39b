// A POP3 server that lies about sizes cannot make the fetch buffer without end: RETR reads at most
// MAX_MESSAGE_BYTES whatever LIST said, then drops the connection; the message is remembered as seen (skipped
// for good), the fetch ends FAILED with mail.external_too_large, and the next fetch takes the rest.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { createServer, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import { openPop3 } from "../../../server/modules/mail/external/pop3-fetch.ts";
import { MessageTooLargeError } from "../../../server/modules/mail/external/source.ts";
import { createTestApp } from "../../support/test-app.ts";
import { type Co, company } from "../folders/helpers.ts";
import { fetchNow, inbox, message } from "./helpers.ts";

/** A fake POP3 server: message "huge" claims 100 bytes and then sends without end; "small" is honest. */
function fakePop3(): Promise<{ server: Server; port: number; closedMidMessage: () => number }> {
  const small = message("honest small").replace(/\r\n\./g, "\r\n..");
  let closedMid = 0;
  const server = createServer((s: Socket) => {
    s.on("error", () => {});
    s.write("+OK fake POP3 ready\r\n");
    let buf = "";
    s.on("data", async (chunk) => {
      buf += chunk.toString();
      let i;
      while ((i = buf.indexOf("\r\n")) >= 0) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 2);
        const [cmd, arg] = line.split(" ");
        if (cmd === "USER" || cmd === "PASS" || cmd === "DELE" || cmd === "NOOP") s.write("+OK\r\n");
        else if (cmd === "STAT") s.write("+OK 2 200\r\n");
        else if (cmd === "UIDL") s.write("+OK\r\n1 huge\r\n2 small\r\n.\r\n");
        else if (cmd === "LIST") s.write(`+OK\r\n1 100\r\n2 ${small.length}\r\n.\r\n`);
        else if (cmd === "RETR" && arg === "2") s.write(`+OK\r\n${small}\r\n.\r\n`);
        else if (cmd === "RETR" && arg === "1") {
          s.write("+OK\r\n");
          const line = "x".repeat(1022) + "\r\n";
          const chunk = line.repeat(1024); // 1 MiB
          while (!s.destroyed && s.writable) {
            if (s.write(chunk)) continue;
            await new Promise<void>((ok) => {
              const done = () => {
                s.off("drain", done);
                s.off("close", done);
                ok();
              };
              s.on("drain", done);
              s.on("close", done);
            });
          }
          closedMid++;
        } else if (cmd === "QUIT") s.end("+OK bye\r\n");
        else s.write("-ERR unknown\r\n");
      }
    });
  });
  return new Promise((ok) =>
    server.listen(0, "127.0.0.1", () => ok({ server, port: (server.address() as AddressInfo).port, closedMidMessage: () => closedMid }))
  );
}

const fake = await fakePop3();
afterAll(() => new Promise<void>((ok) => fake.server.close(() => ok())));
const t = await createTestApp();
let A: Co;

beforeAll(async () => {
  A = await company(t, "pop-limit.test");
});

describe("POP3 RETR is capped at MAX_MESSAGE_BYTES", () => {
  test("the client stops reading past the cap, whatever LIST said, and drops the connection", async () => {
    const source = await openPop3({ host: "127.0.0.1", port: fake.port, secure: false }, "me", "pw", 64 * 1024);
    const list = await source.list(new Set());
    expect(list.complete).toBe(true);
    expect(list.messages).toEqual([{ uid: "huge", size: 100 }, expect.objectContaining({ uid: "small" })]);
    const err = await source.retrieve("huge").catch((e) => e);
    expect(err).toBeInstanceOf(MessageTooLargeError);
    expect(err.dropped).toBe(true);
    await expect.poll(() => fake.closedMidMessage()).toBe(1);
    source.abort();
  });

  test("the fetch skips the oversized message for good and takes the rest next time", async () => {
    const r = await t.call("POST", "/api/mail/config/external", {
      token: A.token,
      json: {
        serverName: "CUSTOM", protocol: "POP3", host: "127.0.0.1", port: fake.port, secure: false, email: "me@outside.example",
        password: "pw", tag: "fake_box", keepOnServer: true, useSmtp: false, smtpHost: "127.0.0.1", smtpPort: 25,
        smtpSecure: false, privacyAgreed: true,
      },
    });
    expect([r.status, r.body.authStatus]).toEqual([201, "AUTH_SUCCESS"]);
    expect(await fetchNow(t, A, r.body.id, 60_000)).toMatchObject({ fetchStatus: "FAILED", lastProtocolMessage: "mail.external_too_large" });
    expect(await inbox(t, A)).toEqual([]);
    expect(await fetchNow(t, A, r.body.id, 60_000)).toMatchObject({ fetchStatus: "COMPLETE", fetchedCount: 1, totalCount: 1 });
    expect((await inbox(t, A)).map((m) => m.subject)).toEqual(["honest small"]);
  }, 90_000);
});
