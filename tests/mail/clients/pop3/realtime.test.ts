// POP3 changes reach the user's open browsers: a RETR that marks a mail read (pop3ReadMark) and DELE + QUIT
// that send mails to the trash (pop3Del) publish MAIL_CHANGED with the folders they changed, as IMAP changes
// do. Driven by Python's poplib; the browser side is a real websocket on the realtime endpoint, subscribed
// to the user's mail topic.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { mailTopic, type ServerFrame } from "../../../../shared/realtime.ts";
import { createTestApp } from "../../../support/test-app.ts";
import { type Client, open, serve, subscribe } from "../../../realtime/support.ts";
import { arrive } from "../../forward/helpers.ts";
import { listen, localResolver } from "../../smtp/support.ts";
import { type ClientTestUser, clientUser, python } from "../support.ts";
import { folderIdOf, pop3Server } from "./helpers.ts";

const t = await createTestApp();
const smtp = await listen(t.deps, localResolver({}));
const server = await pop3Server(t);
const { ws } = serve(t.app);
let A: ClientTestUser;
let browser: Client;

const POPLIB = `
import sys, json, poplib
port, user, pw, ops = int(sys.argv[1]), sys.argv[2], sys.argv[3], json.loads(sys.argv[4])
p = poplib.POP3("127.0.0.1", port, timeout=20)
p.user(user); p.pass_(pw)
res = []
for name, n in ops:
    if name == "retr": res.append(p.retr(n)[0].decode())
    elif name == "dele": res.append(p.dele(n).decode())
res.append(p.quit().decode())
print(json.dumps(res))
`;

const pop = (ops: [string, number][]) => python<string[]>(POPLIB, [server.port, A.username, A.password, JSON.stringify(ops)]);

const changed = (f: ServerFrame) => f.type === "MESSAGE" && f.event === "MAIL_CHANGED";

beforeAll(async () => {
  A = await clientUser(t, "pop-realtime.test", "POP3");
  const r = await t.call("PUT", "/api/mail/config/pop3", { token: A.token, json: { pop3ReadMark: true, pop3Del: true } });
  expect(r.status).toBe(200);
  for (const s of ["one", "two"]) await arrive(smtp.port, { from: "s@remote.example", to: A.username, subject: s });
});

afterAll(() => browser?.close());

describe("POP3 changes announced to the browser", () => {
  test("RETR with the read mark announces the inbox", async () => {
    browser = await open(ws, A.token);
    await subscribe(t.deps, browser, mailTopic(A.username));
    const inbox = await folderIdOf(t, A.userId, "INBOX");
    const out = await pop([["retr", 1]]);
    expect(out.every((l) => l.startsWith("+OK"))).toBe(true);
    const f = await browser.next(changed);
    expect(f).toMatchObject({ topic: mailTopic(A.username), data: { folderIds: String(inbox) } });
  });

  test("DELE + QUIT into the trash announces the inbox and the trash", async () => {
    const inbox = await folderIdOf(t, A.userId, "INBOX");
    const trash = await folderIdOf(t, A.userId, "DELETED");
    browser.frames.length = 0;
    const out = await pop([["dele", 1]]);
    expect(out.every((l) => l.startsWith("+OK"))).toBe(true);
    const f = await browser.next(changed);
    expect(f).toMatchObject({ data: { folderIds: `${inbox},${trash}` } });
  });
});
