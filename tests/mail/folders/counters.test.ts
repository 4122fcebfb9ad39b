// The folder counters the tree shows (total, unread, size of each folder; the same over its starred mails and
// its mails with attachments; per folder and tag in mail_tag_counts) are kept by triggers on mails, so GET
// api/folders never counts mails. After a mix of every kind of change, through the web API, IMAP, SMTP
// delivery and filing, each counter must equal a fresh count of the mails.
import { beforeAll, describe, expect, test } from "vitest";
import { sql } from "drizzle-orm";
import { VIRTUAL_FOLDER_IDS } from "../../../shared/mail/constants.ts";
import { type MailFolder, TAG_ROOT_ID } from "../../../shared/mail/folders.ts";
import { imapflowClient, imapSetup } from "../clients/imap/helpers.ts";
import { type ClientTestUser, clientUser } from "../clients/support.ts";
import { arrive } from "../forward/helpers.ts";
import { until } from "../../support/until.ts";
import { file, find, newFolder, systemFolderId } from "./helpers.ts";

const { t, smtp, imap } = await imapSetup();
let A: ClientTestUser;

const enc = encodeURIComponent;
const put = (path: string, json: unknown) => t.call("PUT", path, { token: A.token, json });

type Counts = { n: number; u: number; s: number };
const num = (r: Record<string, unknown>): Counts => ({ n: Number(r.n), u: Number(r.u), s: Number(r.s) });

/** Every counter of the user's folders and tag rows beside a fresh count of the mails; answers both. */
async function kept(userId: number) {
  const folders = await t.db.db.execute<Record<string, string | number>>(sql`
    select f.id, f.folder_type,
           f.total_count, f.new_count, f.used_size,
           f.important_count, f.important_new_count, f.important_size,
           f.attach_count, f.attach_new_count, f.attach_size,
           count(m.id) as n, count(m.id) filter (where not m.read) as u, coalesce(sum(m.size), 0) as s,
           count(m.id) filter (where m.important) as imp_n,
           count(m.id) filter (where m.important and not m.read) as imp_u,
           coalesce(sum(m.size) filter (where m.important), 0) as imp_s,
           count(m.id) filter (where m.has_attachments) as att_n,
           count(m.id) filter (where m.has_attachments and not m.read) as att_u,
           coalesce(sum(m.size) filter (where m.has_attachments), 0) as att_s
      from mail_folders f left join mails m on m.folder_id = f.id
     where f.user_id = ${userId}
     group by f.id order by f.id`);
  const counters = folders.map((r) => ({
    id: Number(r.id),
    type: r.folder_type,
    all: [r.total_count, r.new_count, r.used_size].map(Number),
    important: [r.important_count, r.important_new_count, r.important_size].map(Number),
    attach: [r.attach_count, r.attach_new_count, r.attach_size].map(Number),
  }));
  const fresh = folders.map((r) => ({
    id: Number(r.id),
    type: r.folder_type,
    all: [r.n, r.u, r.s].map(Number),
    important: [r.imp_n, r.imp_u, r.imp_s].map(Number),
    attach: [r.att_n, r.att_u, r.att_s].map(Number),
  }));
  const tagRows = await t.db.db.execute<Record<string, string | number>>(sql`
    select folder_id, tag, total_count as n, new_count as u, used_size as s from mail_tag_counts
     where user_id = ${userId} order by folder_id, tag`);
  const tagFresh = await t.db.db.execute<Record<string, string | number>>(sql`
    select m.folder_id, t.tag, count(*) as n, count(*) filter (where not m.read) as u, sum(m.size) as s
      from mails m cross join lateral unnest(m.tags) as t(tag)
     where m.user_id = ${userId} group by m.folder_id, t.tag order by m.folder_id, t.tag`);
  const tagKey = (r: Record<string, unknown>) => ({ folderId: Number(r.folder_id), tag: r.tag, ...num(r) });
  return { counters, fresh, tags: tagRows.map(tagKey), tagsFresh: tagFresh.map(tagKey) };
}

async function expectExact(userId: number) {
  const k = await kept(userId);
  expect(k.counters).toEqual(k.fresh);
  expect(k.tags).toEqual(k.tagsFresh);
  return k;
}

/** The tree's virtual and tag folders beside fresh counts over every folder but trash, spam and drafts. */
async function expectTreeExact() {
  const r = await t.call("GET", "/api/folders", { token: A.token });
  expect(r.status).toBe(200);
  const tree = r.body as MailFolder[];
  const [fresh] = await t.db.db.execute<Record<string, string | number>>(sql`
    select count(*) filter (where m.important) as imp_n, count(*) filter (where m.important and not m.read) as imp_u,
           coalesce(sum(m.size) filter (where m.important), 0) as imp_s,
           count(*) filter (where m.has_attachments) as att_n,
           count(*) filter (where m.has_attachments and not m.read) as att_u,
           coalesce(sum(m.size) filter (where m.has_attachments), 0) as att_s
      from mails m join mail_folders f on f.id = m.folder_id
     where m.user_id = ${A.userId} and f.folder_type not in ('DELETED', 'SPAM', 'DRAFTS')`);
  const shown = (n: MailFolder | undefined) => [n?.totalCount, n?.newCount, n?.usedSize];
  expect(shown(find(tree, VIRTUAL_FOLDER_IDS.IMPORTANT))).toEqual([fresh.imp_n, fresh.imp_u, fresh.imp_s].map(Number));
  expect(shown(find(tree, VIRTUAL_FOLDER_IDS.ATTACH))).toEqual([fresh.att_n, fresh.att_u, fresh.att_s].map(Number));
  // The lists of those virtual folders take their totals from the same counters.
  for (const [id, n] of [[VIRTUAL_FOLDER_IDS.IMPORTANT, fresh.imp_n], [VIRTUAL_FOLDER_IDS.ATTACH, fresh.att_n]]) {
    const list = await t.call("GET", `/api/mails?folderId=${id}&pageSize=200`, { token: A.token });
    expect(list.status).toBe(200);
    expect([list.body.totalElements, list.body.mails.length]).toEqual([Number(n), Number(n)]);
  }
  const tagFresh = await t.db.db.execute<Record<string, string | number>>(sql`
    select t.tag, count(*) as n, count(*) filter (where not m.read) as u, sum(m.size) as s
      from mails m join mail_folders f on f.id = m.folder_id cross join lateral unnest(m.tags) as t(tag)
     where m.user_id = ${A.userId} and f.folder_type not in ('DELETED', 'SPAM', 'DRAFTS') group by t.tag`);
  const byTag = new Map(tagFresh.map((r) => [String(r.tag), num(r)]));
  const tagRoot = find(tree, TAG_ROOT_ID)!;
  for (const node of tagRoot.children) {
    const f = byTag.get(node.tag!) ?? { n: 0, u: 0, s: 0 };
    expect(shown(node), node.tag).toEqual([f.n, f.u, f.s]);
  }
  return tree;
}

async function mailIdsIn(folderId: number): Promise<number[]> {
  const rows = await t.db.db.execute<{ id: string }>(sql`select id from mails where folder_id = ${folderId} order by id`);
  return rows.map((r) => Number(r.id));
}

let inbox: number, trash: number, work: number;

beforeAll(async () => {
  A = await clientUser(t, "counters.test");
  inbox = await systemFolderId(t, A, "INBOX");
  trash = await systemFolderId(t, A, "DELETED");
  work = (await newFolder(t, A, { nameFolder: "Work" })).id as number;
  for (const tag of ["urgent", "later", "old"]) expect((await t.call("POST", `/api/tag/${enc(tag)}`, { token: A.token })).status).toBe(201);
});

describe("trigger-kept folder counters", () => {
  test("equal a fresh count after delivery, web changes, IMAP changes, tag renames and deletes", async () => {
    // Delivery: filed (as inbound delivery and rules file) and over real SMTP.
    await file(t, A, { folder: "INBOX", important: true, tags: ["urgent"] }, "starred tagged", true);
    await file(t, A, { folder: "INBOX", tags: ["urgent", "later"] }, "two tags", true);
    await file(t, A, { folder: "INBOX", read: true, tags: ["old"] }, "old one");
    await file(t, A, { folder: "SPAM", important: true, tags: ["urgent"] }, "spam", true);
    await file(t, A, { folder: work, important: true }, "in work", true);
    for (const subject of ["smtp one", "smtp two", "smtp three"]) await arrive(smtp.port, { from: "s@remote.example", to: A.username, subject });
    await expectExact(A.userId);
    await expectTreeExact();

    // The web: read, unread, star, tags, move, copy-free moves to trash and back, delete for good, clean.
    const ids = await mailIdsIn(inbox);
    expect(ids.length).toBe(6);
    expect((await put("/api/mails/readStatus", { mailIds: ids.slice(0, 3), readStatus: 1 })).status).toBe(200);
    expect((await put("/api/mails/readStatus", { mailIds: [ids[0]], readStatus: 0 })).status).toBe(200);
    expect((await put("/api/mails/importantStatus", { mailIds: [ids[1], ids[3]], importantStatus: 1 })).status).toBe(200);
    expect((await put("/api/mails/importantStatus", { mailIds: [ids[0]], importantStatus: 0 })).status).toBe(200);
    expect((await put("/api/mails/tags", { type: "add", tag: "later", mailIds: [ids[0], ids[4]] })).status).toBe(200);
    expect((await put("/api/mails/tags", { type: "delete", tag: "urgent", mailIds: [ids[1]] })).status).toBe(200);
    expect((await put("/api/mails/folderId", { targetFolderId: work, mailIds: [ids[1], ids[4]] })).status).toBe(200);
    expect((await put("/api/mails/deleteStatus", { folderId: String(inbox), mailIds: [ids[0], ids[5]] })).status).toBe(200);
    await expectExact(A.userId);
    expect((await put("/api/mails/folderId", { targetFolderId: inbox, mailIds: [ids[5]] })).status).toBe(200);
    expect((await put("/api/mails/deleteStatus", { folderId: String(trash), mailIds: [ids[0]] })).status).toBe(200);
    expect((await t.call("PUT", `/api/mails/${work}/read`, { token: A.token })).status).toBe(200);
    await expectExact(A.userId);
    await expectTreeExact();

    // Several changes at once on the same folders (the triggers lock the counter rows in one order).
    const now = await mailIdsIn(inbox);
    const answers = await Promise.all([
      put("/api/mails/readStatus", { mailIds: now, readStatus: 0 }),
      put("/api/mails/importantStatus", { mailIds: now, importantStatus: 1 }),
      put("/api/mails/tags", { type: "add", tag: "old", mailIds: now }),
      file(t, A, { folder: "INBOX", tags: ["old"] }, "meanwhile", true),
      arrive(smtp.port, { from: "s@remote.example", to: A.username, subject: "meanwhile smtp" }),
    ]);
    for (const a of answers.slice(0, 3)) expect((a as { status: number }).status).toBe(200);
    await expectExact(A.userId);

    // IMAP: \Seen and \Flagged set and cleared, COPY, MOVE, APPEND, STORE \Deleted + EXPUNGE.
    const client = imapflowClient(imap.port, A);
    await client.connect();
    try {
      await client.mailboxOpen("INBOX");
      expect(await client.messageFlagsAdd("1:2", ["\\Seen"])).toBe(true);
      expect(await client.messageFlagsRemove("3", ["\\Seen", "\\Flagged"])).toBe(true);
      expect(await client.messageFlagsAdd("4", ["\\Flagged"])).toBe(true);
      await client.messageCopy("1:3", "Work");
      await client.messageMove("4", "Trash");
      await client.append("INBOX", `From: x@remote.example\r\nTo: ${A.username}\r\nSubject: appended\r\n\r\nhi\r\n`, ["\\Flagged"]);
      await client.messageDelete("1");
      await client.mailboxOpen("Work");
      await client.messageFlagsRemove("1:*", ["\\Seen"]);
      await client.messageDelete("1");
    } finally {
      await client.logout();
    }
    await expectExact(A.userId);
    await expectTreeExact();

    // Tags renamed and deleted everywhere; trash emptied.
    expect((await t.call("PUT", `/api/folders/${enc("t_later")}/tag`, { token: A.token, json: { type: "update", tag: "soon" } })).status)
      .toBe(200);
    expect((await t.call("PUT", `/api/folders/${enc("t_old")}/tag`, { token: A.token, json: { type: "update", tag: "older" } })).status)
      .toBe(200);
    await expectExact(A.userId);
    expect((await t.call("PUT", `/api/folders/${enc("t_urgent")}/tag`, { token: A.token, json: { type: "delete" } })).status).toBe(204);
    expect((await t.call("PUT", `/api/mails/trash/${trash}/clean`, { token: A.token })).status).toBe(200);
    const k = await expectExact(A.userId);
    await expectTreeExact();
    // The mix left something in each kind of counter.
    expect(k.counters.some((c) => c.important[0] > 0)).toBe(true);
    expect(k.counters.some((c) => c.attach[0] > 0)).toBe(true);
    expect(k.tags.length).toBeGreaterThan(0);
    expect(k.tags.every((r) => r.n > 0)).toBe(true); // rows that reach 0 are removed
  });

  test("PUT api/folders/sync repairs the starred, attachment and tag counters too", async () => {
    await t.db.db.execute(sql`update mail_folders set important_count = 77, attach_size = 1, attach_new_count = 5
      where user_id = ${A.userId}`);
    await t.db.db.execute(sql`update mail_tag_counts set total_count = total_count + 3 where user_id = ${A.userId}`);
    await t.db.db.execute(sql`insert into mail_tag_counts (folder_id, tag, company_id, user_id, total_count)
      values (${inbox}, 'ghost', ${A.companyId}, ${A.userId}, 4)`);
    expect((await t.call("PUT", "/api/folders/sync", { token: A.token })).status).toBe(200);
    await expectExact(A.userId);
    await expectTreeExact();
  });

  test("a tag-only change locks its folder first, so it cannot deadlock with a read change in another order", async () => {
    const box = await newFolder(t, A, { nameFolder: "Lock order" });
    const one = (await file(t, A, { folder: box.id as number, tags: ["x"] }, "one")).mailId;
    const two = (await file(t, A, { folder: box.id as number, tags: ["y"] }, "two")).mailId;
    const three = (await file(t, A, { folder: box.id as number }, "three")).mailId;
    const db = t.deps.sql;
    // T2 tags a mail y (the folder's y row only, before), T1 marks a mail tagged y read (folder row, then y row),
    // then T2 marks another mail of the folder read (folder row). With the tag change taking the folder row first, T1
    // simply waits for T2; before, each held what the other wanted and PostgreSQL aborted one.
    let first!: Promise<unknown>;
    await db.begin(async (t2) => {
      await t2`update mails set tags = array_append(tags, 'y') where id = ${one}`;
      first = db.begin((t1) => t1`update mails set read = not read where id = ${two}`);
      first.catch(() => {});
      await until(async () => {
        const rows = await db`select 1 from pg_stat_activity
          where datname = current_database() and wait_event_type = 'Lock' and state = 'active'`;
        return rows.length > 0;
      }, "the read change to wait on a lock", 10_000);
      await t2`update mails set read = not read where id = ${three}`;
    });
    await first;
    await expectExact(A.userId);
  });

  test("a user's mails, folders and tag rows go together when the user row is deleted", async () => {
    const B = await clientUser(t, "counters-two.test");
    await file(t, B, { folder: "INBOX", tags: ["x"], important: true }, "b's mail", true);
    await expectExact(B.userId);
    await t.db.db.execute(sql`delete from users where id = ${B.userId}`);
    const [left] = await t.db.db.execute<{ n: string }>(sql`select count(*) as n from mail_tag_counts where user_id = ${B.userId}`);
    expect(Number(left.n)).toBe(0);
  });
});
