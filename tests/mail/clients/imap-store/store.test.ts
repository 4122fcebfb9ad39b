// The IMAP store (server/modules/mail/imap/store) called directly for client users signed in through the
// real client sign-in, on mail delivered over real SMTP: UIDs ascending and stable, new UIDs after moves
// made in the web, MODSEQ and \Seen following web changes, STORE changes the web shows, no UID ever lower
// than one handed out while deliveries and snapshots run in parallel, the message limit, and another
// company's folders answering like missing ones (COPY/MOVE/EXPUNGE/APPEND: transfer.test.ts).
import { beforeAll, describe, expect, test } from "vitest";
import { createImapStore } from "../../../../server/modules/mail/imap/store/index.ts";
import { createTestApp } from "../../../support/test-app.ts";
import { listen, localResolver } from "../../smtp/support.ts";
import { deliver, imapUser, mailboxNamed, refusal, type StoreUser, webFolder, webList } from "./helpers.ts";

const t = await createTestApp();
const smtp = await listen(t.deps, localResolver({}));
const store = createImapStore(t.deps);
let A: StoreUser, B: StoreUser;

const box = (u: StoreUser, name: string) => mailboxNamed(store, u, name);
const code = refusal;

beforeAll(async () => {
  A = await imapUser(t, "imapstore-a.test");
  B = await imapUser(t, "imapstore-b.test");
});

describe("mailboxes", () => {
  test("system folders under English names with SPECIAL-USE; roots and saved searches are not mailboxes", async () => {
    const list = await store.listMailboxes(A);
    const byName = new Map(list.map((m) => [m.name, m]));
    expect(byName.get("INBOX")?.specialUse).toBeNull();
    expect(byName.get("Sent")?.specialUse).toBe("\\Sent");
    expect(byName.get("Drafts")?.specialUse).toBe("\\Drafts");
    expect(byName.get("Trash")?.specialUse).toBe("\\Trash");
    expect(byName.get("Junk")?.specialUse).toBe("\\Junk");
    expect(byName.has("To Me")).toBe(true);
    expect(list.some((m) => /My folders|Search folders/.test(m.name))).toBe(false);
    expect(list.every((m) => m.system && m.subscribed)).toBe(true);
    expect((await store.findMailbox(A, "inbox"))?.name).toBe("INBOX");
  });

  test("create, rename and delete with Korean names, through the web's folder rules", async () => {
    const seoul = await store.createMailbox(A, "프로젝트/서울");
    expect(seoul.name).toBe("프로젝트/서울");
    expect(seoul.system).toBe(false);
    const parent = await box(A, "프로젝트");
    expect(parent.hasChildren).toBe(true);
    expect(await code(store.createMailbox(A, "프로젝트/서울"))).toBe("ALREADYEXISTS");
    expect(await code(store.createMailbox(A, "프로젝트/" + "가".repeat(51)))).toBe("CANNOT");
    expect(await code(store.createMailbox(A, "INBOX/하위"))).toBe("CANNOT");
    // The web sees the same tree.
    const tree = await t.call("GET", "/api/folders", { token: A.token });
    expect(JSON.stringify(tree.body)).toContain("서울");

    const moved = await store.renameMailbox(A, seoul.folderId, "보관/부산");
    expect(moved).toMatchObject({ folderId: seoul.folderId, name: "보관/부산" });
    expect(await store.findMailbox(A, "프로젝트/서울")).toBeNull();
    expect(await code(store.renameMailbox(A, (await box(A, "Sent")).folderId, "보낸"))).toBe("CANNOT");
    expect(await code(store.renameMailbox(A, parent.folderId, "보관"))).toBe("ALREADYEXISTS");

    expect(await code(store.deleteMailbox(A, (await box(A, "보관")).folderId))).toBe("CANNOT"); // has a child
    expect(await code(store.deleteMailbox(A, (await box(A, "INBOX")).folderId))).toBe("CANNOT");
    await store.deleteMailbox(A, seoul.folderId);
    expect(await store.findMailbox(A, "보관/부산")).toBeNull();
    expect(await code(store.snapshot(A, seoul.folderId, 100))).toBe("NONEXISTENT");

    await store.setSubscribed(A, parent.folderId, false);
    expect((await box(A, "프로젝트")).subscribed).toBe(false);
  });

  test("deleting a folder that holds mail sends the mail to the trash", async () => {
    const folder = await store.createMailbox(A, "지울폴더");
    const inbox = await box(A, "INBOX");
    await deliver(smtp.port, A.username, { subject: "to be kept in trash" });
    const snap = await store.snapshot(A, inbox.folderId, 1000);
    const last = snap.messages.at(-1)!;
    await store.move(A, inbox.folderId, [last.uid], folder.folderId);
    const trash = await box(A, "Trash");
    const before = (await webFolder(t, A.token, trash.folderId)).totalCount;
    await store.deleteMailbox(A, folder.folderId);
    expect((await webFolder(t, A.token, trash.folderId)).totalCount).toBe(before + 1);
  });

  test("another company's folders answer like missing ones", async () => {
    const other = await box(B, "INBOX");
    expect(await code(store.snapshot(A, other.folderId, 10))).toBe("NONEXISTENT");
    expect(await code(store.status(A, other.folderId, 10))).toBe("NONEXISTENT");
    expect(await code(store.fingerprint(A, other.folderId))).toBe("NONEXISTENT");
    expect(await code(store.renameMailbox(A, other.folderId, "x"))).toBe("NONEXISTENT");
    expect(await code(store.deleteMailbox(A, other.folderId))).toBe("NONEXISTENT");
    expect(await code(store.setSubscribed(A, other.folderId, false))).toBe("NONEXISTENT");
    expect(await code(store.append(A, other.folderId, new TextEncoder().encode("Subject: x\r\n\r\nx"), []))).toBe("NONEXISTENT");
    const mine = await box(A, "INBOX");
    expect(await code(store.copy(A, mine.folderId, [1], other.folderId))).toBe("NONEXISTENT");
    expect(await code(store.move(A, mine.folderId, [1], other.folderId))).toBe("NONEXISTENT");
    expect((await store.listMailboxes(A)).some((m) => m.folderId === other.folderId)).toBe(false);
  });
});

describe("UIDs and MODSEQs", () => {
  test("ascending and stable; a mail moved in the web gets a new, higher UID and leaves the old snapshot", async () => {
    const inbox = await box(B, "INBOX");
    for (let i = 0; i < 3; i++) await deliver(smtp.port, B.username);
    const first = await store.snapshot(B, inbox.folderId, 1000);
    const uids = first.messages.map((m) => m.uid);
    expect(uids.length).toBe(3);
    expect(uids).toEqual([...uids].sort((a, b) => a - b));
    expect(first.uidNext).toBeGreaterThan(uids.at(-1)!);
    expect(first.uidValidity).toBe(inbox.folderId);
    expect(first.unseen).toBe(3);
    expect((await store.snapshot(B, inbox.folderId, 1000)).messages).toEqual(first.messages);

    const project = await store.createMailbox(B, "Projects");
    const moving = first.messages[0];
    const r = await t.call("PUT", "/api/mails/folderId", { token: B.token, json: { mailIds: [moving.mailId], targetFolderId: project.folderId } });
    expect(r.status).toBe(200);
    const after = await store.snapshot(B, inbox.folderId, 1000);
    expect(after.messages.map((m) => m.mailId)).not.toContain(moving.mailId);
    expect((await store.snapshot(B, project.folderId, 1000)).messages.map((m) => m.mailId)).toEqual([moving.mailId]);

    await t.call("PUT", "/api/mails/folderId", { token: B.token, json: { mailIds: [moving.mailId], targetFolderId: inbox.folderId } });
    const back = await store.snapshot(B, inbox.folderId, 1000);
    const returned = back.messages.find((m) => m.mailId === moving.mailId)!;
    expect(returned.uid).toBeGreaterThan(uids.at(-1)!);
    expect(back.messages.at(-1)!.mailId).toBe(moving.mailId);
  });

  test("a read set in the web changes MODSEQ and \\Seen; the fingerprint notices", async () => {
    const inbox = await box(B, "INBOX");
    const before = await store.snapshot(B, inbox.folderId, 1000);
    const print = await store.fingerprint(B, inbox.folderId);
    const m = before.messages[0];
    expect(m.flags).not.toContain("\\Seen");
    await t.call("PUT", "/api/mails/readStatus", { token: B.token, json: { mailIds: [m.mailId], readStatus: true } });
    expect(await store.fingerprint(B, inbox.folderId)).not.toBe(print);
    const after = await store.snapshot(B, inbox.folderId, 1000);
    const changed = after.messages.find((x) => x.mailId === m.mailId)!;
    expect(changed.flags).toContain("\\Seen");
    expect(changed.modseq).toBeGreaterThan(before.highestModseq);
    expect(after.highestModseq).toBe(changed.modseq);
    expect(after.unseen).toBe(before.unseen - 1);
    // Nothing changed: the same fingerprint twice.
    const p1 = await store.fingerprint(B, inbox.folderId);
    expect(await store.fingerprint(B, inbox.folderId)).toBe(p1);
  });

  test("concurrent deliveries while snapshots run never show a UID lower than one already seen", async () => {
    const u = await imapUser(t, "imapstore-race.test");
    const inbox = await box(u, "INBOX");
    const N = 12;
    let done = false;
    const watcher = async () => {
      let seenMax = 0;
      const seen = new Set<number>();
      while (!done) {
        const snap = await store.snapshot(u, inbox.folderId, 1000);
        for (const m of snap.messages) {
          if (!seen.has(m.uid)) {
            expect(m.uid, "a new UID below one already seen").toBeGreaterThan(seenMax);
            seen.add(m.uid);
          }
        }
        seenMax = Math.max(seenMax, ...snap.messages.map((m) => m.uid), 0);
        expect(snap.uidNext).toBeGreaterThan(seenMax);
      }
      return seen.size;
    };
    const watchers = [watcher(), watcher(), watcher()];
    await Promise.all(Array.from({ length: N }, (_, i) => deliver(smtp.port, u.username, { subject: `race ${i}` })));
    done = true;
    await Promise.all(watchers);
    const final = await store.snapshot(u, inbox.folderId, 1000);
    expect(final.messages.length).toBe(N);
    expect(new Set(final.messages.map((m) => m.uid)).size).toBe(N);
    expect((await store.status(u, inbox.folderId, 1000)).messages).toBe(N);
  });

  test("web changes, STOREs and hand-outs running together neither deadlock nor lose a change", async () => {
    const u = await imapUser(t, "imapstore-mix.test");
    const inbox = await box(u, "INBOX");
    const other = await store.createMailbox(u, "섞기");
    for (let i = 0; i < 6; i++) await deliver(smtp.port, u.username, { subject: `mix ${i}` });
    const snap = await store.snapshot(u, inbox.folderId, 1000);
    const ids = snap.messages.map((m) => m.mailId);
    const jobs: Promise<unknown>[] = [];
    for (let round = 0; round < 4; round++) {
      jobs.push(t.call("PUT", "/api/mails/readStatus", { token: u.token, json: { mailIds: ids, readStatus: round % 2 === 0 } })
        .then((r) => expect(r.status, JSON.stringify(r.body)).toBe(200)));
      jobs.push(t.call("PUT", "/api/mails/importantStatus", { token: u.token, json: { mailIds: ids.slice(0, 3), importantStatus: round % 2 === 0 } })
        .then((r) => expect(r.status, JSON.stringify(r.body)).toBe(200)));
      jobs.push(store.snapshot(u, inbox.folderId, 1000));
      jobs.push(store.store(u, inbox.folderId, snap.messages.map((m) => m.uid), "add", ["$Mixed"]));
      jobs.push(deliver(smtp.port, u.username, { subject: `mix more ${round}` }));
    }
    await Promise.all(jobs);
    // (A move is left out of the concurrent batch: the web's own setRead answers 404 for a mail moved while it
    // waits for the row, its join with the old folder row failing the re-check; that is the web's, not IMAP's.)
    await Promise.all([
      t.call("PUT", "/api/mails/folderId", { token: u.token, json: { mailIds: ids.slice(3), targetFolderId: other.folderId } }),
      store.snapshot(u, inbox.folderId, 1000),
      store.snapshot(u, other.folderId, 1000),
      store.store(u, inbox.folderId, snap.messages.map((m) => m.uid), "remove", ["$Mixed"]),
    ]);
    const inInbox = await store.snapshot(u, inbox.folderId, 1000);
    const inOther = await store.snapshot(u, other.folderId, 1000);
    expect(inInbox.messages.length + inOther.messages.length).toBe(10);
    expect(inOther.messages.map((m) => m.mailId).sort()).toEqual(ids.slice(3).sort());
    const web = await webFolder(t, u.token, inbox.folderId);
    expect(web.totalCount).toBe(inInbox.messages.length);
    expect(web.newCount).toBe(inInbox.unseen);
    for (const m of [...inInbox.messages, ...inOther.messages]) expect(m.modseq).toBeGreaterThan(1);
  });

  test("the message limit: the newest messages by UID", async () => {
    const inbox = await box(B, "INBOX");
    const all = await store.snapshot(B, inbox.folderId, 1000);
    const two = await store.snapshot(B, inbox.folderId, 2);
    expect(two.messages).toEqual(all.messages.slice(-2));
    const status = await store.status(B, inbox.folderId, 2);
    expect(status.messages).toBe(2);
    expect(status.uidNext).toBe(all.uidNext);
  });
});

describe("flags", () => {
  test("STORE maps \\Seen and \\Flagged onto the web's read and star; other flags are kept; the web shows them", async () => {
    const inbox = await box(A, "INBOX");
    await deliver(smtp.port, A.username, { subject: "flag me" });
    const snap = await store.snapshot(A, inbox.folderId, 1000);
    const m = snap.messages.at(-1)!;
    const r = await store.store(A, inbox.folderId, [m.uid], "add", ["\\seen", "\\Flagged", "\\Answered", "$Forwarded", "\\Recent"]);
    expect(r.modified).toEqual([]);
    expect(r.changed.length).toBe(1);
    expect(r.changed[0].flags.sort()).toEqual(["$Forwarded", "\\Answered", "\\Flagged", "\\Seen"].sort());
    expect(r.changed[0].modseq).toBeGreaterThan(snap.highestModseq);
    const web = (await webList(t, A.token, inbox.folderId)).find((x) => x.mailId === m.mailId)!;
    expect(web.readStatus).toBe(1);
    expect(web.importantStatus).toBe(1);

    const removed = await store.store(A, inbox.folderId, [m.uid], "remove", ["\\Flagged", "$Forwarded"]);
    expect(removed.changed[0].flags.sort()).toEqual(["\\Answered", "\\Seen"].sort());
    expect((await webList(t, A.token, inbox.folderId)).find((x) => x.mailId === m.mailId)!.importantStatus).toBe(0);

    // UNCHANGEDSINCE: an older MODSEQ leaves the message alone.
    const stale = await store.store(A, inbox.folderId, [m.uid], "set", ["\\Deleted"], removed.changed[0].modseq - 1);
    expect(stale).toEqual({ changed: [], modified: [m.uid] });
    const set = await store.store(A, inbox.folderId, [m.uid], "set", [], removed.changed[0].modseq);
    expect(set.changed[0].flags).toEqual([]);
    expect((await webList(t, A.token, inbox.folderId)).find((x) => x.mailId === m.mailId)!.readStatus).toBe(0);

    const seen = await store.markSeen(A, inbox.folderId, [m.uid]);
    expect(seen.map((x) => x.flags)).toEqual([["\\Seen"]]);
    expect(await store.markSeen(A, inbox.folderId, [m.uid])).toEqual([]);
  });
});
