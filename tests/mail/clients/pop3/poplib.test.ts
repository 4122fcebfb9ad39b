// The POP3 server driven by Python's poplib (a client nobody on the team wrote), with mail delivered over real
// SMTP: STAT/LIST/UIDL/TOP/RETR against the stored messages (CRLF-normalised bytes, exact sizes, oldest first,
// another company's mail never listed), the NEW and ALL fetch ranges across sessions, RETR with pop3ReadMark,
// DELE + QUIT with and without pop3Del (the web API then shows the mail in the trash, read), RSET, a dropped
// connection that applies nothing, STLS on the plain port and POP3S (implicit TLS).
import { beforeAll, describe, expect, test } from "vitest";
import { Buffer } from "node:buffer";
import { createTestApp } from "../../../support/test-app.ts";
import { arrive } from "../../forward/helpers.ts";
import { listen, localResolver } from "../../smtp/support.ts";
import { type ClientTestUser, clientUser, python } from "../support.ts";
import { folderIdOf, inboxOf, mailsOf, pop3Server, RawPop3, wireBytes } from "./helpers.ts";

const t = await createTestApp();
const smtp = await listen(t.deps, localResolver({}));
const plain = await pop3Server(t);
const secure = await pop3Server(t, true);
let A: ClientTestUser, B: ClientTestUser;

const POPLIB = `
import sys, json, poplib, ssl, base64
port, user, pw, mode, ops = int(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4], json.loads(sys.argv[5])
ctx = ssl.create_default_context(); ctx.check_hostname = False; ctx.verify_mode = ssl.CERT_NONE
p = poplib.POP3_SSL("127.0.0.1", port, context=ctx, timeout=20) if mode == "ssl" else poplib.POP3("127.0.0.1", port, timeout=20)
out = {"welcome": p.getwelcome().decode(), "capa": sorted(p.capa().keys())}
if mode == "stls": out["stls"] = p.stls(context=ctx).decode()
out["user"] = p.user(user).decode(); out["pass"] = p.pass_(pw).decode()
res = []
for op in ops:
    name, args = op[0], op[1:]
    if name == "stat": res.append(list(p.stat()))
    elif name in ("list", "uidl"):
        r = getattr(p, name)(*args)
        res.append(r.decode() if args else [x.decode() for x in r[1]])
    elif name in ("retr", "top"):
        r = getattr(p, name)(*args)
        res.append({"resp": r[0].decode(), "octets": r[2], "b64": base64.b64encode(b"".join(l + b"\\r\\n" for l in r[1])).decode()})
    elif name == "dele": res.append(p.dele(*args).decode())
    elif name == "rset": res.append(p.rset().decode())
    elif name == "quit": res.append(p.quit().decode())
out["results"] = res
print(json.dumps(out))
`;

type Op = (string | number)[];
type ListRow = { mailId: number; readStatus: number };
interface PopOut {
  welcome: string;
  capa: string[];
  stls?: string;
  pass: string;
  /** One answer per op, shaped by the op (a list, a string, {resp, octets, b64}). */
  // deno-lint-ignore no-explicit-any
  results: any[];
}

const pop = (u: ClientTestUser, ops: Op[], mode: "plain" | "stls" | "ssl" = "plain") =>
  python<PopOut>(POPLIB, [mode === "ssl" ? secure.port : plain.port, u.username, u.password, mode, JSON.stringify(ops)]);

const setConfig = async (u: ClientTestUser, json: Record<string, unknown>) => {
  const r = await t.call("PUT", "/api/mail/config/pop3", { token: u.token, json });
  expect(r.status).toBe(200);
};

const send = (u: ClientTestUser, subject: string) => arrive(smtp.port, { from: "Sender <sender@remote.example>", to: u.username, subject });

beforeAll(async () => {
  A = await clientUser(t, "pop-alpha.test", "POP3");
  B = await clientUser(t, "pop-beta.test", "POP3");
  for (const s of ["first", "second", "third"]) await send(A, `A ${s}`);
  await send(B, "B only");
});

describe("POP3 with poplib", () => {
  test("STAT, LIST, UIDL, TOP and RETR match the store; oldest first; no other company's mail", async () => {
    const inbox = await inboxOf(t, A.userId);
    expect(inbox.map((m) => m.subject)).toEqual(["A first", "A second", "A third"]);
    const wire = await Promise.all(inbox.map((m) => wireBytes(t, m)));
    const out = await pop(A, [["stat"], ["list"], ["uidl"], ["list", 2], ["uidl", 3], ["top", 1, 0], ["top", 2, 1], ["retr", 1], ["retr", 2], ["retr", 3], ["quit"]]);
    expect(out.welcome).toMatch(/^\+OK/);
    expect(out.capa).toEqual(expect.arrayContaining(["TOP", "UIDL", "USER", "STLS", "RESP-CODES", "AUTH-RESP-CODE", "SASL", "PIPELINING"]));
    expect(out.pass).toMatch(/^\+OK/);
    const [stat, list, uidl, list2, uidl3, top0, top1, ...rest] = out.results;
    expect(stat).toEqual([3, wire.reduce((s, b) => s + b.length, 0)]);
    expect(list).toEqual(wire.map((b, i) => `${i + 1} ${b.length}`));
    expect(uidl).toEqual(inbox.map((m, i) => `${i + 1} ${m.id}`));
    expect(list2).toBe(`+OK 2 ${wire[1].length}`);
    expect(uidl3).toBe(`+OK 3 ${inbox[2].id}`);
    const header = wire[0].subarray(0, wire[0].indexOf("\r\n\r\n") + 4);
    expect(Buffer.from(top0.b64, "base64").equals(header)).toBe(true);
    const top1Bytes = Buffer.from(top1.b64, "base64");
    expect(top1Bytes.toString()).toMatch(/\r\n\r\nBody text\r\n$/);
    for (const [i, r] of rest.slice(0, 3).entries()) {
      expect(Buffer.from(r.b64, "base64").equals(wire[i])).toBe(true);
      expect(r.octets).toBe(wire[i].length);
    }
    expect(out.results.join(" ")).not.toContain("B only");
    // Downloaded, not read (pop3ReadMark is off by default), still in the inbox (no DELE).
    const after = await inboxOf(t, A.userId);
    expect(after.map((m) => [m.subject, m.read, m.pop3FetchedAt !== null])).toEqual([
      ["A first", false, true],
      ["A second", false, true],
      ["A third", false, true],
    ]);
  });

  test("NEW range: the next session offers only mail not downloaded yet; ALL offers every inbox mail", async () => {
    await send(A, "A fourth");
    const fourth = (await inboxOf(t, A.userId)).at(-1)!;
    let out = await pop(A, [["stat"], ["uidl"], ["quit"]]);
    expect(out.results[0][0]).toBe(1);
    expect(out.results[1]).toEqual([`1 ${fourth.id}`]);
    await setConfig(A, { pop3FetchRange: "ALL" });
    out = await pop(A, [["stat"], ["quit"]]);
    expect(out.results[0][0]).toBe(4);
    await setConfig(A, { pop3FetchRange: "NEW" });
  });

  test("pop3ReadMark + pop3Del: RETR marks read, DELE + QUIT moves to the trash (web API shows it)", async () => {
    await setConfig(A, { pop3ReadMark: true, pop3Del: true, pop3FetchRange: "ALL" });
    const first = (await inboxOf(t, A.userId))[0];
    const out = await pop(A, [["retr", 1], ["dele", 1], ["quit"]]);
    expect(out.results[1]).toMatch(/^\+OK/);
    const row = (await mailsOf(t, A.userId)).find((m) => m.id === first.id)!;
    expect(row).toMatchObject({ folderType: "DELETED", read: true, prevFolderId: await folderIdOf(t, A.userId, "INBOX") });
    expect(row.readAt).not.toBeNull();
    const trash = await t.call("GET", `/api/mails?folderId=${await folderIdOf(t, A.userId, "DELETED")}`, { token: A.token });
    expect(trash.body.mails.map((m: ListRow) => [m.mailId, m.readStatus])).toEqual([[first.id, 1]]);
    const inboxList = await t.call("GET", `/api/mails?folderId=${await folderIdOf(t, A.userId, "INBOX")}`, { token: A.token });
    expect(inboxList.body.mails.map((m: ListRow) => m.mailId)).not.toContain(first.id);
  });

  test("RSET unmarks; a dropped connection (no QUIT) deletes nothing", async () => {
    const before = await inboxOf(t, A.userId);
    const out = await pop(A, [["dele", 1], ["dele", 2], ["rset"], ["stat"], ["quit"]]);
    expect(out.results[3][0]).toBe(before.length);
    expect((await inboxOf(t, A.userId)).length).toBe(before.length);

    const c = await RawPop3.signedIn(plain.port, A.username, A.password);
    expect(await c.cmd("DELE 1")).toMatch(/^\+OK/);
    c.destroy();
    // The session lock goes once the server has seen the close: the next session signs in.
    const deadline = Date.now() + 10_000;
    let next: PopOut | null = null;
    while (!next && Date.now() < deadline) next = await pop(A, [["stat"], ["quit"]]).catch(() => null);
    expect(next!.results[0][0]).toBe(before.length);
    expect((await inboxOf(t, A.userId)).map((m) => m.id)).toEqual(before.map((m) => m.id));
  });

  test("without pop3Del, DELE + QUIT keeps the mail in the inbox but the NEW range no longer offers it", async () => {
    await setConfig(A, { pop3Del: false, pop3FetchRange: "NEW", pop3ReadMark: false });
    await send(A, "A fifth");
    const fifth = (await inboxOf(t, A.userId)).at(-1)!;
    // "A fourth" was only listed so far (UIDL is no download), so it is still new too.
    const fourth = (await inboxOf(t, A.userId)).at(-2)!;
    let out = await pop(A, [["uidl"], ["dele", 1], ["dele", 2], ["quit"]]);
    expect(out.results[0]).toEqual([`1 ${fourth.id}`, `2 ${fifth.id}`]);
    const row = (await mailsOf(t, A.userId)).find((m) => m.id === fifth.id)!;
    expect(row).toMatchObject({ folderType: "INBOX", read: false });
    expect(row.pop3FetchedAt).not.toBeNull();
    out = await pop(A, [["stat"], ["quit"]]);
    expect(out.results[0]).toEqual([0, 0]);
  });

  test("STLS on the plain port and POP3S with implicit TLS", async () => {
    await setConfig(A, { pop3FetchRange: "ALL" });
    const count = (await inboxOf(t, A.userId)).length;
    const viaStls = await pop(A, [["stat"], ["quit"]], "stls");
    expect(viaStls.stls).toMatch(/^\+OK/);
    expect(viaStls.results[0][0]).toBe(count);
    const viaSsl = await pop(A, [["stat"], ["uidl"], ["quit"]], "ssl");
    expect(viaSsl.capa).not.toContain("STLS");
    expect(viaSsl.results[0][0]).toBe(count);
    const b = await pop(B, [["stat"], ["top", 1, 0], ["quit"]], "ssl");
    expect(b.results[0][0]).toBe(1);
    expect(Buffer.from(b.results[1].b64, "base64").toString()).toContain("Subject: B only");
  });
});
