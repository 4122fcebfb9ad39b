// Acting on mails: read and star, read all, moving (the Sent rule), to the trash and back, deleting for
// ever (rows, message and blob), emptying the trash, tags. Counters stay exact and never below zero; a bad
// id anywhere in a call changes nothing.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailMessages, mailTags } from "../../../db/schema/index.ts";
import { collectBlobs } from "../../../server/jobs/blob-collector.ts";
import { fileMessage } from "../../../server/modules/mail/store/deliver.ts";
import { VIRTUAL_FOLDER_IDS } from "../../../shared/mail/constants.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";
import { adminWho, build, counts, file, folders, mailRow, member, privateFolder, type Who } from "./support.ts";

const t = await createTestApp();
let A: Awaited<ReturnType<typeof signupCompany>>;

const put = (who: Who, path: string, json: unknown) => t.call("PUT", path, { token: who.token, json });

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test" });
});

describe("read and star", () => {
  test("readStatus marks read and unread; the unread count follows exactly", async () => {
    const u = await member(t, A, "reader1");
    const f = await folders(t, u);
    const [a, b, c] = [await file(t, u, build({ subject: "a" })), await file(t, u, build({ subject: "b" })), await file(t, u, build({ subject: "c" }))];
    expect(await counts(t, f.INBOX)).toMatchObject({ totalCount: 3, newCount: 3 });
    const r = await put(u, "/api/mails/readStatus", { mailIds: [a, b], folderId: String(f.INBOX), readStatus: 1 });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ updated: 2 });
    expect(await counts(t, f.INBOX)).toMatchObject({ newCount: 1 });
    expect((await mailRow(t, a)).readAt).not.toBeNull();
    // Repeating changes nothing; the count never goes below zero.
    expect((await put(u, "/api/mails/readStatus", { mailIds: [a, b], readStatus: 1 })).body).toEqual({ updated: 0 });
    expect(await counts(t, f.INBOX)).toMatchObject({ newCount: 1 });
    // Form bodies with bracket arrays work too.
    const form = await t.call("PUT", "/api/mails/readStatus", { token: u.token, form: { mailIds: [b, c], readStatus: 0 } });
    expect(form.body).toEqual({ updated: 1 });
    expect(await counts(t, f.INBOX)).toMatchObject({ newCount: 2 });
    expect((await mailRow(t, b)).readAt).toBeNull();
  });

  test("importantStatus stars and unstars; read all zeroes a folder's unread count", async () => {
    const u = await member(t, A, "reader2");
    const f = await folders(t, u);
    const a = await file(t, u, build({ subject: "a" }));
    const b = await file(t, u, build({ subject: "b" }));
    const p = await privateFolder(t, u, "Keep");
    await file(t, u, build({ subject: "p" }), { folder: p });
    expect((await put(u, "/api/mails/importantStatus", { mailIds: [a], importantStatus: 1 })).body).toEqual({ updated: 1 });
    expect((await mailRow(t, a)).important).toBe(true);
    expect((await put(u, "/api/mails/importantStatus", { mailIds: [a, b], importantStatus: 0 })).body).toEqual({ updated: 1 });
    expect((await mailRow(t, a)).important).toBe(false);
    const all = await t.call("PUT", `/api/mails/${f.INBOX}/read`, { token: u.token });
    expect(all.body).toEqual({ updated: 2 });
    expect(await counts(t, f.INBOX)).toMatchObject({ totalCount: 2, newCount: 0 });
    expect(await counts(t, p)).toMatchObject({ newCount: 1 });
    expect((await t.call("PUT", `/api/mails/${VIRTUAL_FOLDER_IDS.ALL}/read`, { token: u.token })).body).toEqual({ updated: 1 });
    expect(await counts(t, p)).toMatchObject({ totalCount: 1, newCount: 0 });
    expect((await t.call("PUT", "/api/mails/999999/read", { token: u.token })).status).toBe(404);
  });

  test("bad bodies are refused", async () => {
    const u = await member(t, A, "reader3");
    const a = await file(t, u, build({ subject: "a" }));
    expect((await put(u, "/api/mails/readStatus", { mailIds: [], readStatus: 1 })).body.code).toBe("mail.ids_required");
    expect((await put(u, "/api/mails/readStatus", { readStatus: 1 })).body.code).toBe("mail.ids_required");
    expect((await put(u, "/api/mails/readStatus", { mailIds: [a], readStatus: 7 })).status).toBe(400);
    expect((await put(u, "/api/mails/readStatus", { mailIds: ["x"], readStatus: 1 })).status).toBe(400);
    expect((await put(u, "/api/mails/tags", { type: "rename", tag: "x", mailIds: [a] })).status).toBe(400);
  });
});

describe("moving", () => {
  test("moves between folders with exact counters; into the trash keeps the origin", async () => {
    const u = await member(t, A, "mover1");
    const f = await folders(t, u);
    const p = await privateFolder(t, u, "Archive");
    const a = await file(t, u, build({ subject: "a" }));
    const b = await file(t, u, build({ subject: "b" }), { read: true });
    const size = (await mailRow(t, a)).size + (await mailRow(t, b)).size;
    const r = await put(u, "/api/mails/folderId", { targetFolderId: p, mailIds: [a, b] });
    expect(r.body).toEqual({ moved: 2, skipped: 0 });
    expect(await counts(t, f.INBOX)).toEqual({ totalCount: 0, newCount: 0, usedSize: 0 });
    expect(await counts(t, p)).toEqual({ totalCount: 2, newCount: 1, usedSize: size });
    await put(u, "/api/mails/folderId", { targetFolderId: f.DELETED, mailIds: [a] });
    expect(await mailRow(t, a)).toMatchObject({ folderId: f.DELETED, prevFolderId: p });
    await put(u, "/api/mails/folderId", { targetFolderId: f.INBOX, mailIds: [a] });
    expect(await mailRow(t, a)).toMatchObject({ folderId: f.INBOX, prevFolderId: null });
    for (const bad of [f.DRAFTS, f.SPAM, f.PRIVATE_ROOT, f.SEARCH_ROOT]) {
      expect((await put(u, "/api/mails/folderId", { targetFolderId: bad, mailIds: [a] })).body.code).toBe("mail.move_target_invalid");
    }
    expect((await put(u, "/api/mails/folderId", { targetFolderId: 99999999, mailIds: [a] })).body.code).toBe("mail.folder_not_found");
  });

  test("into Sent only sent mails move: none is refused, some move and the rest are counted", async () => {
    const u = await member(t, A, "mover2");
    const f = await folders(t, u);
    const p = await privateFolder(t, u, "Mixed");
    const received = await file(t, u, build({ subject: "received" }), { folder: p });
    const sent = await file(t, u, build({ subject: "sent" }), { folder: p, mailType: "SENT", read: true });
    const none = await put(u, "/api/mails/folderId", { targetFolderId: f.SENT, mailIds: [received] });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe("mail.move_sent_none");
    expect((await mailRow(t, received)).folderId).toBe(p);
    const some = await put(u, "/api/mails/folderId", { targetFolderId: f.SENT, mailIds: [received, sent] });
    expect(some.body).toEqual({ moved: 1, skipped: 1 });
    expect((await mailRow(t, sent)).folderId).toBe(f.SENT);
    expect((await mailRow(t, received)).folderId).toBe(p);
  });
});

describe("deleting", () => {
  test("deleteStatus: to the trash first (a scheduled mail is cancelled), then for ever with its message (the blob left to the collector)", async () => {
    const u = await member(t, A, "deleter1");
    const f = await folders(t, u);
    const a = await file(t, u, build({ subject: "unique body for deleting" }));
    const reserve = await file(t, u, build({ subject: "later" }), { folder: "SENT", mailType: "RESERVE", reserveAt: new Date(Date.now() + 86_400_000), read: true });
    const r = await put(u, "/api/mails/deleteStatus", { folderId: String(f.INBOX), mailIds: [a, reserve] });
    expect(r.body).toEqual({ trashed: 2, deleted: 0 });
    expect(await counts(t, f.INBOX)).toMatchObject({ totalCount: 0, newCount: 0 });
    expect(await counts(t, f.DELETED)).toMatchObject({ totalCount: 2, newCount: 1 });
    expect(await mailRow(t, a)).toMatchObject({ folderId: f.DELETED, prevFolderId: f.INBOX });
    expect(await mailRow(t, reserve)).toMatchObject({ mailType: "RESERVE_CANCEL", reserveAt: null, prevFolderId: f.SENT });

    const { messageId } = await mailRow(t, a);
    const [msg] = await t.db.db.select().from(mailMessages).where(eq(mailMessages.id, messageId));
    expect(await t.deps.blobs.size(msg.blobKey)).not.toBeNull();
    const forever = await put(u, "/api/mails/deleteStatus", { folderId: String(f.DELETED), mailIds: [a] });
    expect(forever.body).toEqual({ trashed: 0, deleted: 1 });
    expect(await mailRow(t, a)).toBeUndefined();
    expect(await t.db.db.select().from(mailMessages).where(eq(mailMessages.id, messageId))).toEqual([]);
    // The bytes stay for the blob collector, which now finds nothing refers to them.
    expect(await t.deps.blobs.size(msg.blobKey)).not.toBeNull();
    await collectBlobs(t.deps, 0);
    expect(await t.deps.blobs.size(msg.blobKey)).toBeNull();
    expect(await counts(t, f.DELETED)).toMatchObject({ totalCount: 1, newCount: 0 });
  });

  test("a message shared by two mailboxes stays until its last mail goes", async () => {
    const u = await member(t, A, "deleter2");
    const v = await member(t, A, "deleter3");
    const raw = await build({ subject: "to two people" });
    const filed = await fileMessage(t.deps, {
      companyId: u.companyId, raw, receivedAt: t.clock.now(),
      targets: [{ userId: u.userId, folder: "INBOX" }, { userId: v.userId, folder: "INBOX" }],
    });
    const [mu, mv] = filed.mails.map((m) => m.mailId);
    expect((await t.call("DELETE", "/api/mails", { token: u.token, json: { mailIds: [mu] } })).status).toBe(204);
    const [msg] = await t.db.db.select().from(mailMessages).where(eq(mailMessages.id, filed.messageId));
    expect(msg).toBeDefined();
    await collectBlobs(t.deps, 0);
    expect(await t.deps.blobs.size(msg.blobKey)).toBe(raw.length);
    expect((await t.call("GET", `/api/mails/view/${mv}`, { token: v.token })).status).toBe(200);
    expect((await t.call("DELETE", "/api/mails", { token: v.token, form: { mailIds: [mv] } })).status).toBe(204);
    expect(await t.db.db.select().from(mailMessages).where(eq(mailMessages.id, filed.messageId))).toEqual([]);
  });

  test("emptying the trash zeroes its counts; only trash or spam can be emptied", async () => {
    const u = await member(t, A, "cleaner");
    const f = await folders(t, u);
    await file(t, u, build({ subject: "t1" }), { folder: "DELETED" });
    await file(t, u, build({ subject: "t2" }), { folder: "DELETED", read: true });
    const keep = await file(t, u, build({ subject: "keep" }));
    const r = await t.call("PUT", `/api/mails/trash/${f.DELETED}/clean`, { token: u.token });
    expect(r.body).toEqual({ deleted: 2 });
    expect(await counts(t, f.DELETED)).toEqual({ totalCount: 0, newCount: 0, usedSize: 0 });
    expect(await mailRow(t, keep)).toBeDefined();
    expect((await t.call("PUT", `/api/mails/trash/${f.INBOX}/clean`, { token: u.token })).body.code).toBe("mail.clean_target_invalid");
    expect((await t.call("PUT", `/api/mails/trash/${f.DELETED}/clean`, { token: u.token })).body).toEqual({ deleted: 0 });
  });
});

describe("tags", () => {
  test("adds a known tag once and removes it; an unknown tag is refused", async () => {
    const u = await member(t, A, "tagger");
    const a = await file(t, u, build({ subject: "a" }));
    const b = await file(t, u, build({ subject: "b" }));
    await t.db.db.insert(mailTags).values({ companyId: u.companyId, userId: u.userId, tag: "회의", color: "#f00" });
    expect((await put(u, "/api/mails/tags", { type: "add", tag: "회의", mailIds: [a, b] })).body).toEqual({ updated: 2 });
    expect((await put(u, "/api/mails/tags", { type: "add", tag: "회의", mailIds: [a] })).body).toEqual({ updated: 0 });
    expect((await mailRow(t, a)).tags).toEqual(["회의"]);
    const listed = await t.call("GET", `/api/mails?folderId=${encodeURIComponent("t_회의")}`, { token: u.token });
    expect(listed.body.totalElements).toBe(2);
    expect((await put(u, "/api/mails/tags", { type: "delete", tag: "회의", mailIds: [a] })).body).toEqual({ updated: 1 });
    expect((await mailRow(t, a)).tags).toEqual([]);
    const unknown = await put(u, "/api/mails/tags", { type: "add", tag: "nope", mailIds: [a] });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("mail.tag_not_found");
  });
});

describe("other people's mail", () => {
  test("a foreign or missing id anywhere in a call answers 404 and nothing changes", async () => {
    const u = await member(t, A, "owner");
    const other = await member(t, A, "intruder");
    const B = await signupCompany(t, { domain: "beta.test" });
    const fb = await folders(t, await adminWho(t, B));
    const mine = await file(t, other, build({ subject: "mine" }));
    const theirs = await file(t, u, build({ subject: "theirs" }), { tags: [] });
    await t.db.db.insert(mailTags).values({ companyId: other.companyId, userId: other.userId, tag: "x" });
    const f = await folders(t, u);
    const fo = await folders(t, other);
    const before = { mine: await mailRow(t, mine), theirs: await mailRow(t, theirs), inbox: await counts(t, f.INBOX) };
    const calls: [string, string, unknown][] = [
      ["PUT", "/api/mails/readStatus", { mailIds: [mine, theirs], readStatus: 1 }],
      ["PUT", "/api/mails/importantStatus", { mailIds: [mine, theirs], importantStatus: 1 }],
      ["PUT", "/api/mails/folderId", { targetFolderId: fo.DELETED, mailIds: [mine, theirs] }],
      ["PUT", "/api/mails/deleteStatus", { mailIds: [mine, theirs] }],
      ["PUT", "/api/mails/tags", { type: "add", tag: "x", mailIds: [mine, theirs] }],
      ["DELETE", "/api/mails", { mailIds: [mine, theirs] }],
      ["PUT", "/api/mails/readStatus", { mailIds: [mine, 99999999], readStatus: 1 }],
    ];
    for (const [method, path, json] of calls) {
      const r = await t.call(method, path, { token: other.token, json });
      expect(r.status, path).toBe(404);
      expect(r.body.code, path).toBe("mail.not_found");
    }
    for (const path of [`/api/mails/${f.INBOX}/read`, `/api/mails/trash/${f.DELETED}/clean`]) {
      expect((await t.call("PUT", path, { token: other.token })).status, path).toBe(404);
    }
    // A folder of another company as a move target.
    expect((await put(other, "/api/mails/folderId", { targetFolderId: fb.INBOX, mailIds: [mine] })).status).toBe(404);
    expect(await mailRow(t, mine)).toEqual(before.mine);
    expect(await mailRow(t, theirs)).toEqual(before.theirs);
    expect(await counts(t, f.INBOX)).toEqual(before.inbox);
    // The other company's admin sees none of it either.
    for (const path of [`/api/mails/view/${theirs}`, `/api/mails?folderId=${f.INBOX}`]) {
      expect((await t.call("GET", path, { token: B.token })).status, path).toBe(404);
    }
    expect((await t.call("PUT", "/api/mails/readStatus", { token: B.token, json: { mailIds: [theirs], readStatus: 1 } })).status).toBe(404);
    expect(await mailRow(t, theirs)).toEqual(before.theirs);
  });
});
