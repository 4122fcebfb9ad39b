// The memory of expunged UIDs for QRESYNC (server/modules/mail/imap/store/vanished.ts, the triggers of
// migrations/0012), through the store on mail delivered over real SMTP: removals made by the web (move,
// trash, delete for ever) and by the store (EXPUNGE, MOVE) are each recorded once and raise HIGHESTMODSEQ;
// mails no IMAP session saw leave nothing behind; pruning keeps the newest and answers null below the floor;
// a deleted folder takes its records along.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailImapVanished } from "../../../../db/schema/index.ts";
import { createImapStore } from "../../../../server/modules/mail/imap/store/index.ts";
import { pruneVanished } from "../../../../server/modules/mail/imap/store/vanished.ts";
import { createTestApp } from "../../../support/test-app.ts";
import { listen, localResolver } from "../../smtp/support.ts";
import { deliver, imapUser, mailboxNamed, type StoreUser, webList } from "./helpers.ts";

const t = await createTestApp();
const smtp = await listen(t.deps, localResolver({}));
const store = createImapStore(t.deps);
let A: StoreUser;
let inbox: number;

const snapshot = () => store.snapshot(A, inbox, 1000);
const recorded = async (folderId: number) =>
  (await t.db.db.select().from(mailImapVanished).where(eq(mailImapVanished.folderId, folderId))).map((r) => r.uid).sort((a, b) => a - b);

beforeAll(async () => {
  A = await imapUser(t, "imap-vanished.test");
  for (let i = 0; i < 8; i++) await deliver(smtp.port, A.username);
  inbox = (await mailboxNamed(store, A, "INBOX")).folderId;
});

describe("expunged UIDs", () => {
  test("web move, trash and delete for ever: recorded once, with one new MODSEQ", async () => {
    const before = await snapshot();
    const [m0, m1, m2] = before.messages;
    const archive = await store.createMailbox(A, "Archive");
    const ok = (status: number) => expect([200, 204]).toContain(status);
    ok((await t.call("PUT", "/api/mails/folderId", { token: A.token, json: { mailIds: [m0.mailId], targetFolderId: archive.folderId } })).status);
    ok((await t.call("PUT", "/api/mails/deleteStatus", { token: A.token, json: { mailIds: [m1.mailId] } })).status);
    ok((await t.call("DELETE", "/api/mails", { token: A.token, json: { mailIds: [m2.mailId] } })).status);
    expect(await store.vanished(A, inbox, before.highestModseq)).toEqual([]); // not handed out yet: no snapshot
    const after = await snapshot();
    expect(after.highestModseq).toBe(before.highestModseq + 1);
    expect(await store.vanished(A, inbox, before.highestModseq)).toEqual([m0.uid, m1.uid, m2.uid]);
    expect(await store.vanished(A, inbox, after.highestModseq)).toEqual([]);
    expect((await store.status(A, inbox, 1000)).highestModseq).toBe(after.highestModseq);
  });

  test("the store's EXPUNGE and MOVE; a mail no session saw leaves nothing behind", async () => {
    const before = await snapshot();
    const [m0, m1] = before.messages;
    await store.store(A, inbox, [m0.uid], "add", ["\\Deleted"]);
    expect(await store.expunge(A, inbox)).toEqual([m0.uid]);
    const trash = await mailboxNamed(store, A, "Trash");
    await store.move(A, inbox, [m1.uid], trash.folderId);
    const after = await snapshot();
    expect(after.highestModseq).toBeGreaterThan(before.highestModseq);
    expect(await store.vanished(A, inbox, before.highestModseq)).toEqual([m0.uid, m1.uid]);
    // Delivered and deleted on the web before any IMAP look: it never had a UID.
    const subject = await deliver(smtp.port, A.username);
    const listed = await webList(t, A.token, inbox) as { mailId: number; subject?: string }[];
    const fresh = listed.find((m) => m.subject === subject)!;
    expect((await t.call("DELETE", "/api/mails", { token: A.token, json: { mailIds: [fresh.mailId] } })).status).toBe(204);
    const again = await snapshot();
    expect(again.highestModseq).toBe(after.highestModseq);
    expect(await store.vanished(A, inbox, after.highestModseq)).toEqual([]);
  });

  test("pruning keeps the newest records; below the floor the answer is null", async () => {
    const start = await snapshot();
    const [m0, m1] = start.messages;
    expect((await t.call("DELETE", "/api/mails", { token: A.token, json: { mailIds: [m0.mailId] } })).status).toBe(204);
    const middle = await snapshot();
    expect((await t.call("DELETE", "/api/mails", { token: A.token, json: { mailIds: [m1.mailId] } })).status).toBe(204);
    const end = await snapshot();
    await t.db.db.transaction((tx) => pruneVanished(tx, inbox, 1, 0));
    expect(await recorded(inbox)).toEqual([m1.uid]);
    expect(await store.vanished(A, inbox, start.highestModseq)).toBeNull();
    expect(await store.vanished(A, inbox, middle.highestModseq)).toEqual([m1.uid]);
    expect(await store.vanished(A, inbox, end.highestModseq)).toEqual([]);
  });

  test("a deleted folder takes its records along", async () => {
    const box = await store.createMailbox(A, "Short-lived");
    const trash = await mailboxNamed(store, A, "Trash");
    const inTrash = (await store.snapshot(A, trash.folderId, 1000)).messages;
    await store.move(A, trash.folderId, [inTrash[0].uid], box.folderId);
    const moved = (await store.snapshot(A, box.folderId, 1000)).messages;
    await store.move(A, box.folderId, [moved[0].uid], trash.folderId);
    await store.snapshot(A, box.folderId, 1000);
    expect(await recorded(box.folderId)).toEqual([moved[0].uid]);
    await store.deleteMailbox(A, box.folderId);
    expect(await recorded(box.folderId)).toEqual([]);
  });
});
