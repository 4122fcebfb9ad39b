// Group commit of inbound deliveries (store/group-commit.ts): concurrent messages are filed in shared
// transactions, each answered only once its rows are committed, with the right ids; one failing message
// never fails the others; a message for two companies stays all or nothing; the counters stay exact.
import { beforeAll, describe, expect, test } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { mailFolders, mailMessages, mails, users } from "../../../db/schema/index.ts";
import { prepareFiling } from "../../../server/modules/mail/store/filing-rows.ts";
import { fileGrouped } from "../../../server/modules/mail/store/group-commit.ts";
import { systemFolders } from "../../../server/modules/mail/store/folders.ts";
import { parseMessage } from "../../../server/modules/mail/store/parse.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";

const t = await createTestApp();
let A: Awaited<ReturnType<typeof signupCompany>>;
let B: Awaited<ReturnType<typeof signupCompany>>;
let userA = 0;
let userB = 0;

const raw = (subject: string) =>
  new TextEncoder().encode(
    `From: Sender <s@remote.test>\r\nTo: x@alpha.test\r\nSubject: ${subject}\r\nMessage-ID: <${subject}@remote.test>\r\n\r\n본문 ${subject}\r\n`,
  );

async function filing(companyId: number, userId: number, folder: number, subject: string) {
  const bytes = raw(subject);
  const parsed = await parseMessage(bytes);
  const blob = await t.deps.blobs.put(bytes);
  return prepareFiling(
    { companyId, raw: bytes, parsed, receivedAt: t.clock.now(), targets: [{ userId, folder }] },
    parsed,
    blob.key,
  );
}

async function inboxOf(userId: number) {
  const [f] = await t.db.db.select().from(mailFolders).where(
    and(eq(mailFolders.userId, userId), eq(mailFolders.folderType, "INBOX")),
  );
  return f;
}

async function usedSize(userId: number) {
  const [u] = await t.db.db.select({ usedSize: users.usedSize }).from(users).where(eq(users.id, userId));
  return u.usedSize;
}

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test" });
  B = await signupCompany(t, { domain: "beta.test" });
  [{ id: userA }] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, A.username));
  [{ id: userB }] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, B.username));
});

describe("group commit", () => {
  test("concurrent messages share transactions, each gets its own rows, counters exact", async () => {
    const inbox = (await systemFolders(t.db.db, A.companyId, userA)).INBOX;
    const before = { folder: await inboxOf(userA), used: await usedSize(userA) };
    const filings = await Promise.all(
      Array.from({ length: 12 }, (_, i) => filing(A.companyId, userA, inbox, `grp-${i}`)),
    );
    const results = await Promise.all(filings.map((f) => fileGrouped(t.db.db, [f])));

    for (const [i, [r]] of results.entries()) {
      expect(r.mails).toHaveLength(1);
      const [row] = await t.db.db.select({
        subject: mailMessages.subject,
        userId: mails.userId,
        folderId: mails.folderId,
      })
        .from(mails).innerJoin(mailMessages, eq(mailMessages.id, mails.messageId)).where(
          eq(mails.id, r.mails[0].mailId),
        );
      expect(row).toEqual({ subject: `grp-${i}`, userId: userA, folderId: inbox });
      expect(r.messageId).toBeGreaterThan(0);
    }
    // Fewer transactions than messages: rows written by one transaction share its xmin.
    const ids = results.map(([r]) => r.mails[0].mailId);
    const xmins = await t.db.db.select({ x: sql<string>`${mails}.xmin::text` }).from(mails).where(
      inArray(mails.id, ids),
    );
    expect(new Set(xmins.map((r) => r.x)).size).toBeLessThan(12);

    const size = filings.reduce((n, f) => n + f.input.raw.length, 0);
    expect(await inboxOf(userA)).toMatchObject({
      totalCount: before.folder.totalCount + 12,
      newCount: before.folder.newCount + 12,
      usedSize: before.folder.usedSize + size,
    });
    expect(await usedSize(userA)).toBe(before.used + size);
  });

  test("a message that fails does not fail the ones filed with it; a two-company message is all or nothing", async () => {
    const inboxA = (await systemFolders(t.db.db, A.companyId, userA)).INBOX;
    const inboxB = (await systemFolders(t.db.db, B.companyId, userB)).INBOX;
    const before = {
      a: await inboxOf(userA),
      b: await inboxOf(userB),
      usedA: await usedSize(userA),
      usedB: await usedSize(userB),
    };
    const missingFolder = 2 ** 40; // no such folder: the insert fails on its foreign key
    const good = await Promise.all(
      Array.from({ length: 6 }, (_, i) => filing(A.companyId, userA, inboxA, `ok-${i}`)),
    );
    const bad = await filing(A.companyId, userA, missingFolder, "bad");
    // One message for both companies whose second half cannot be filed: neither half may stay.
    const split = [
      await filing(B.companyId, userB, inboxB, "split-b"),
      await filing(A.companyId, userA, missingFolder, "split-a"),
    ];

    const outcomes = await Promise.allSettled([
      ...good.slice(0, 3).map((f) => fileGrouped(t.db.db, [f])),
      fileGrouped(t.db.db, [bad]),
      fileGrouped(t.db.db, split),
      ...good.slice(3).map((f) => fileGrouped(t.db.db, [f])),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "rejected",
      "rejected",
      "fulfilled",
      "fulfilled",
      "fulfilled",
    ]);

    const subjects = await t.db.db.select({ subject: mailMessages.subject }).from(mailMessages)
      .where(inArray(mailMessages.subject, ["bad", "split-a", "split-b", ...good.map((_, i) => `ok-${i}`)]));
    expect(subjects.map((s) => s.subject).sort()).toEqual(good.map((_, i) => `ok-${i}`).sort());

    const size = good.reduce((n, f) => n + f.input.raw.length, 0);
    expect(await inboxOf(userA)).toMatchObject({
      totalCount: before.a.totalCount + 6,
      usedSize: before.a.usedSize + size,
    });
    expect(await inboxOf(userB)).toMatchObject({
      totalCount: before.b.totalCount,
      usedSize: before.b.usedSize,
    });
    expect(await usedSize(userA)).toBe(before.usedA + size);
    expect(await usedSize(userB)).toBe(before.usedB);
  });
});
