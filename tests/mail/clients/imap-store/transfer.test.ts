// COPY, MOVE, EXPUNGE and APPEND of the IMAP store on mail delivered over real SMTP: COPYUID/APPENDUID data,
// the effect on the web's folder counts and lists (mail types of Sent and Drafts copies), the size limit and
// the quota, and a mail the web trashed coming back through the store.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../../../db/schema/users.ts";
import { createImapStore } from "../../../../server/modules/mail/imap/store/index.ts";
import { createTestApp } from "../../../support/test-app.ts";
import { listen, localResolver } from "../../smtp/support.ts";
import { deliver, imapUser, mailboxNamed, refusal, type StoreUser, until, webFolder, webList } from "./helpers.ts";

const t = await createTestApp();
const smtp = await listen(t.deps, localResolver({}));
const store = createImapStore(t.deps);
let A: StoreUser;

const box = (u: StoreUser, name: string) => mailboxNamed(store, u, name);
const code = refusal;

beforeAll(async () => {
  A = await imapUser(t, "imapstore-t.test");
});

describe("copy, move, expunge, append", () => {
  test("effects on the web's folder counts, with COPYUID and APPENDUID data", async () => {
    const u = await imapUser(t, "imapstore-copy.test");
    const inbox = await box(u, "INBOX");
    const trash = await box(u, "Trash");
    const folder = await store.createMailbox(u, "보관함");
    for (let i = 0; i < 3; i++) await deliver(smtp.port, u.username);
    const snap = await store.snapshot(u, inbox.folderId, 1000);
    const [m1, m2, m3] = snap.messages;

    const copied = await store.copy(u, inbox.folderId, [m1.uid, m2.uid], folder.folderId);
    expect(copied.uidValidity).toBe(folder.folderId);
    expect(copied.pairs.map((p) => p[0])).toEqual([m1.uid, m2.uid]);
    expect(copied.pairs.map((p) => p[1])).toEqual([1, 2]);
    expect((await webFolder(t, u.token, folder.folderId)).totalCount).toBe(2);
    expect((await webFolder(t, u.token, inbox.folderId)).totalCount).toBe(3);

    const moved = await store.move(u, inbox.folderId, [m3.uid], trash.folderId);
    expect(moved.pairs).toEqual([[m3.uid, 1]]);
    expect((await webFolder(t, u.token, inbox.folderId)).totalCount).toBe(2);
    expect((await webFolder(t, u.token, trash.folderId)).totalCount).toBe(1);
    const inTrash = (await store.snapshot(u, trash.folderId, 1000)).messages;
    expect(inTrash.map((m) => m.mailId)).toEqual([m3.mailId]);

    // EXPUNGE removes only the \Deleted ones (and with UIDs given, only those among them).
    await store.store(u, folder.folderId, [1, 2], "add", ["\\Deleted"]);
    expect(await store.expunge(u, folder.folderId, [2])).toEqual([2]);
    expect(await store.expunge(u, folder.folderId)).toEqual([1]);
    expect((await webFolder(t, u.token, folder.folderId)).totalCount).toBe(0);
    expect((await webFolder(t, u.token, inbox.folderId)).totalCount).toBe(2); // the originals stay

    // APPEND into Sent (a client's own Sent copy) and Drafts.
    const sent = await box(u, "Sent");
    const raw = new TextEncoder().encode(
      `From: ${u.username}\r\nTo: friend@outside.test\r\nSubject: 보낸 편지\r\nMessage-ID: <append-1@client.test>\r\n\r\n안녕하세요\r\n`,
    );
    const date = new Date("2026-01-02T03:04:05Z");
    const appended = await store.append(u, sent.folderId, raw, ["\\Seen", "$Label1"], date);
    expect(appended.uidValidity).toBe(sent.folderId);
    expect(appended.pairs[0][1]).toBe(1);
    const [loaded] = await store.load(u, sent.folderId, [appended.pairs[0][1]], true);
    expect(loaded.internalDate.toISOString()).toBe(date.toISOString());
    expect(loaded.size).toBe(raw.length);
    expect(new TextDecoder().decode(loaded.raw)).toBe(new TextDecoder().decode(raw));
    expect(loaded.flags.sort()).toEqual(["$Label1", "\\Seen"]);
    expect((await webList(t, u.token, sent.folderId))[0].mailType).toBe("SENT");
    expect((await webFolder(t, u.token, sent.folderId)).totalCount).toBe(1);

    const drafts = await box(u, "Drafts");
    const d = await store.append(u, drafts.folderId, raw, []);
    const [draft] = await store.load(u, drafts.folderId, [d.pairs[0][1]], false);
    expect(draft.flags).toContain("\\Draft");
    expect((await webList(t, u.token, drafts.folderId))[0].mailType).toBe("DRAFT");

    const big = new Uint8Array(40 * 1024 * 1024 + 1);
    expect(await code(store.append(u, inbox.folderId, big, []))).toBe("TOOBIG");
  });

  test("quota: a copy or append beyond it is OVERQUOTA", async () => {
    const u = await imapUser(t, "imapstore-quota.test");
    const inbox = await box(u, "INBOX");
    await deliver(smtp.port, u.username);
    const [m] = (await store.snapshot(u, inbox.folderId, 1000)).messages;
    const [row] = await t.db.db.select({ used: users.usedSize }).from(users).where(eq(users.id, u.userId));
    await t.db.db.update(users).set({ totalQuota: row.used + 10 }).where(eq(users.id, u.userId));
    expect(await code(store.copy(u, inbox.folderId, [m.uid], (await box(u, "Trash")).folderId))).toBe("OVERQUOTA");
    expect(await code(store.append(u, inbox.folderId, new TextEncoder().encode("Subject: x\r\n\r\n" + "x".repeat(100)), []))).toBe("OVERQUOTA");
  });
});

describe("web moves and the store", () => {
  test("a mail the web trashes and the client restores keeps counts exact", async () => {
    const inbox = await box(A, "INBOX");
    await deliver(smtp.port, A.username, { subject: "trash and back" });
    const m = (await store.snapshot(A, inbox.folderId, 1000)).messages.at(-1)!;
    const r = await t.call("PUT", "/api/mails/deleteStatus", { token: A.token, json: { mailIds: [m.mailId] } });
    expect(r.status).toBe(200);
    const trash = await box(A, "Trash");
    const inTrash = (await store.snapshot(A, trash.folderId, 1000)).messages.find((x) => x.mailId === m.mailId)!;
    const back = await store.move(A, trash.folderId, [inTrash.uid], inbox.folderId);
    await until(async () => (await store.snapshot(A, inbox.folderId, 1000)).messages.some((x) => x.mailId === m.mailId), "the mail back in INBOX");
    expect(back.pairs[0][1]).toBeGreaterThan(m.uid);
  });
});
