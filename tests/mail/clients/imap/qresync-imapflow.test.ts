// imapflow with qresync: true against the real server: it enables QRESYNC, hears a mail deleted on the web
// as an "expunge" event with vanished: true while the mailbox is open, and after reopening the mailbox with
// its last UIDVALIDITY and HIGHESTMODSEQ it gets the mails moved and purged on the web meanwhile as
// VANISHED (EARLIER) and the mail read on the web as a "flags" event, without fetching the mailbox again.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ImapFlow, MailboxOpenOptions } from "imapflow";
import { arrive } from "../../forward/helpers.ts";
import { type ClientTestUser, clientUser } from "../support.ts";
import { folderId, imapflowClient, imapSetup, until, webList } from "./helpers.ts";

const { t, smtp, imap } = await imapSetup({ idlePollMs: 50 });
let A: ClientTestUser;
let client: ImapFlow;
type Expunge = { uid?: number; seq?: number; vanished: boolean; earlier?: boolean };
type Flags = { uid?: number; flags: Set<string>; modseq?: bigint };
const expunges: Expunge[] = [];
const flagEvents: Flags[] = [];

beforeAll(async () => {
  A = await clientUser(t, "imap-qresync-flow.test");
  for (const subject of ["one", "two", "three", "four", "five"]) await arrive(smtp.port, { from: "x@remote.example", to: A.username, subject });
  client = imapflowClient(imap.port, A, { qresync: true });
  client.on("expunge", (e: Expunge) => expunges.push(e));
  client.on("flags", (e: Flags) => flagEvents.push(e));
  await client.connect();
});

afterAll(async () => {
  await client?.logout().catch(() => {});
});

async function uidsBySubject(): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for await (const m of client.fetch("1:*", { uid: true, envelope: true })) out.set(m.envelope!.subject!, m.uid);
  return out;
}

describe("imapflow with qresync: true", () => {
  test("QRESYNC is enabled; a mail deleted on the web while open is a vanished expunge", async () => {
    expect(client.enabled.has("QRESYNC")).toBe(true);
    await client.mailboxOpen("INBOX");
    const uids = await uidsBySubject();
    const inbox = await webList(t, A.token, (await folderId(t, A.userId, { type: "INBOX" }))!);
    const one = inbox.find((m) => m.subject === "one")!;
    expect((await t.call("PUT", "/api/mails/deleteStatus", { token: A.token, json: { mailIds: [one.mailId] } })).status).toBe(200);
    await until(async () => {
      await client.noop();
      return expunges.length > 0;
    });
    expect(expunges).toEqual([expect.objectContaining({ uid: uids.get("one"), vanished: true, earlier: false })]);
    expect(client.mailbox && client.mailbox.exists).toBe(4);
  });

  test("reopening with UIDVALIDITY and HIGHESTMODSEQ: VANISHED (EARLIER) and changed flags only", async () => {
    const box = await client.mailboxOpen("INBOX");
    const uids = await uidsBySubject();
    const { uidValidity, highestModseq } = box;
    await client.mailboxClose();
    const inbox = await webList(t, A.token, (await folderId(t, A.userId, { type: "INBOX" }))!);
    const id = (s: string) => inbox.find((m) => m.subject === s)!.mailId;
    const trash = (await folderId(t, A.userId, { type: "DELETED" }))!;
    expect((await t.call("PUT", "/api/mails/folderId", { token: A.token, json: { mailIds: [id("two")], targetFolderId: trash } })).status).toBe(200);
    expect((await t.call("DELETE", "/api/mails", { token: A.token, json: { mailIds: [id("three")] } })).status).toBe(204);
    expect((await t.call("PUT", "/api/mails/readStatus", { token: A.token, json: { mailIds: [id("four")], readStatus: 1 } })).status).toBe(200);
    expunges.length = 0;
    flagEvents.length = 0;

    // imapflow's SELECT takes the QRESYNC values as options its types do not list.
    const resume = { uidValidity, changedSince: highestModseq };
    const again = await client.mailboxOpen("INBOX", resume as MailboxOpenOptions);
    expect(again.highestModseq).toBeGreaterThan(highestModseq!);
    expect(expunges.map((e) => [e.uid, e.vanished, e.earlier]).sort()).toEqual([[uids.get("two"), true, true], [uids.get("three"), true, true]].sort());
    expect(flagEvents.map((e) => [e.uid, [...e.flags]])).toEqual([[uids.get("four"), ["\\Seen"]]]);
    expect(again.exists).toBe(2);
  });
});
