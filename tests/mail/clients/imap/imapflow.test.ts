// A real IMAP session driven by the imapflow package (plain port, STARTTLS with the test certificate):
// list, mailboxOpen, fetch (envelope, bodyStructure, source), messageFlagsAdd, messageMove, append, search,
// and IDLE: mail delivered over real SMTP while imapflow idles arrives as an "exists" event, a mail marked
// read on the web as a "flags" event.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { ImapFlow } from "imapflow";
import { arrive } from "../../forward/helpers.ts";
import { type ClientTestUser, clientUser } from "../support.ts";
import { folderId, imapflowClient, imapSetup, until, webList } from "./helpers.ts";

const { t, smtp, imap } = await imapSetup({ idlePollMs: 100 });
let A: ClientTestUser;
let client: ImapFlow;

beforeAll(async () => {
  A = await clientUser(t, "imapflow-a.test");
  await arrive(smtp.port, { from: "Kim <kim@remote.example>", to: A.username, subject: "회의 안내" });
  await arrive(smtp.port, { from: "Lee <lee@remote.example>", to: A.username, subject: "Plain hello" });
  client = imapflowClient(imap.port, A);
  await client.connect();
});

afterAll(async () => {
  await client?.logout().catch(() => {});
});

describe("imapflow session", () => {
  test("STARTTLS happened; list shows the special-use folders", async () => {
    expect(client.secureConnection).toBe(true);
    const boxes = await client.list();
    const byUse = Object.fromEntries(boxes.filter((b) => b.specialUse).map((b) => [b.specialUse, b.path]));
    expect(byUse["\\Sent"]).toBeTruthy();
    expect(byUse["\\Trash"]).toBeTruthy();
    expect(boxes.map((b) => b.path)).toContain("INBOX");
  });

  test("mailboxOpen, fetch envelope + bodyStructure + source", async () => {
    const box = await client.mailboxOpen("INBOX");
    expect(box.exists).toBe(2);
    const got = [];
    for await (const m of client.fetch("1:*", { uid: true, flags: true, envelope: true, bodyStructure: true, source: true })) got.push(m);
    expect(got.map((m) => m.envelope?.subject)).toEqual(["회의 안내", "Plain hello"]);
    expect(got[0].envelope?.from?.[0]).toMatchObject({ name: "Kim", address: "kim@remote.example" });
    expect(got[0].bodyStructure?.type).toMatch(/^text\/plain$/);
    expect(got[0].source?.toString()).toContain("Body text");
    // Source is fetched with PEEK: no \Seen; \Recent, as this is the first session to see the message.
    expect([...(got[0].flags ?? [])]).toEqual(["\\Recent"]);
  });

  test("messageFlagsAdd \\Flagged shows as important on the web; search finds it", async () => {
    await client.mailboxOpen("INBOX");
    expect(await client.messageFlagsAdd("1", ["\\Flagged"])).toBe(true);
    const flagged = await client.search({ flagged: true }, { uid: true });
    expect(flagged).toHaveLength(1);
    const unseen = await client.search({ seen: false });
    expect(unseen).toEqual([1, 2]);
    const inbox = await webList(t, A.token, (await folderId(t, A.userId, { type: "INBOX" }))!);
    expect(inbox.find((m) => m.subject === "회의 안내")!.importantStatus).toBe(1);
  });

  test("append to Sent, messageMove to Trash", async () => {
    const sentPath = (await client.list()).find((b) => b.specialUse === "\\Sent")!.path;
    const trashPath = (await client.list()).find((b) => b.specialUse === "\\Trash")!.path;
    const appended = await client.append(sentPath, `From: ${A.username}\r\nTo: x@remote.example\r\nSubject: From imapflow\r\n\r\nhi\r\n`, ["\\Seen"]);
    expect(appended && appended.uid).toBeGreaterThan(0);
    const sent = await webList(t, A.token, (await folderId(t, A.userId, { type: "SENT" }))!);
    expect(sent.map((m) => m.subject)).toContain("From imapflow");

    await client.mailboxOpen("INBOX");
    const moved = await client.messageMove("2", trashPath);
    expect(moved && moved.uidMap?.size).toBe(1);
    const trash = await webList(t, A.token, (await folderId(t, A.userId, { type: "DELETED" }))!);
    expect(trash.map((m) => m.subject)).toContain("Plain hello");
  });

  test("IDLE: SMTP delivery → exists event; read on the web → flags event", async () => {
    const box = await client.mailboxOpen("INBOX");
    const before = box.exists;
    const events: { exists: number[]; flags: { uid?: number; flags: Set<string> }[] } = { exists: [], flags: [] };
    client.on("exists", (e: { count: number }) => events.exists.push(e.count));
    client.on("flags", (e: { uid?: number; flags: Set<string> }) => events.flags.push(e));
    const idling = client.idle();
    await arrive(smtp.port, { from: "park@remote.example", to: A.username, subject: "While idling" });
    await until(() => events.exists.includes(before + 1));

    const inbox = await webList(t, A.token, (await folderId(t, A.userId, { type: "INBOX" }))!);
    const fresh = inbox.find((m) => m.subject === "While idling")!;
    const r = await t.call("PUT", "/api/mails/readStatus", { token: A.token, json: { mailIds: [fresh.mailId], readStatus: 1 } });
    expect(r.status).toBe(200);
    await until(() => events.flags.some((e) => e.flags.has("\\Seen")));
    await client.noop(); // ends IDLE
    await idling;
  });
});
