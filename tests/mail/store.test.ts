// The mail store's core: a message is parsed (legacy Korean charsets included), stored once in the blob
// store, filed for every target in one transaction, and the folder and quota counters follow exactly.
import { beforeAll, describe, expect, test } from "vitest";
import { readFile } from "node:fs/promises";
import { and, eq } from "drizzle-orm";
import { mailFolders, mailMessages, mails, users } from "../../db/schema/index.ts";
import { fileMessage } from "../../server/modules/mail/store/deliver.ts";
import { systemFolders } from "../../server/modules/mail/store/folders.ts";
import { createTestApp, signupCompany } from "../support/test-app.ts";

const t = await createTestApp();
let A: Awaited<ReturnType<typeof signupCompany>>;
let userId = 0;

const sample = (name: string) => readFile(new URL(`./samples/${name}`, import.meta.url)).then((b) => new Uint8Array(b));

async function folder(type: string) {
  const [f] = await t.db.db.select().from(mailFolders).where(and(eq(mailFolders.userId, userId), eq(mailFolders.folderType, type)));
  return f;
}

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test" });
  [{ id: userId }] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, A.username));
});

describe("filing a message", () => {
  test("system folders are created once, whatever the number of concurrent first touches", async () => {
    const all = await Promise.all([1, 2, 3, 4].map(() => systemFolders(t.db.db, A.companyId, userId)));
    expect(new Set(all.map((f) => f.INBOX)).size).toBe(1);
    const rows = await t.db.db.select().from(mailFolders).where(eq(mailFolders.userId, userId));
    expect(rows.map((r) => r.folderType).sort()).toEqual(["DELETED", "DRAFTS", "INBOX", "PRIVATE_ROOT", "SEARCH_ROOT", "SENT", "SMART", "SPAM", "TOME"]);
  });

  test("an EUC-KR (ks_c_5601-1987) message is decoded, stored in the blob store and counted", async () => {
    const raw = await sample("euc-kr-attachment.eml");
    const r = await fileMessage(t.deps, { companyId: A.companyId, raw, receivedAt: t.clock.now(), targets: [{ userId, folder: "INBOX" }] });
    const [m] = await t.db.db.select().from(mailMessages).where(eq(mailMessages.id, r.messageId));
    expect(m.subject).toBe("주간 회의록 공유");
    expect(m.fromName).toBe("김철수");
    expect(m.fromAddress).toBe("chulsoo@partner.example");
    expect(m.textBody).toContain("이번 주 회의록을 첨부합니다");
    expect(m.attachments).toEqual([expect.objectContaining({ position: 0, name: "회의록.txt", contentType: "text/plain" })]);
    expect(m.hasAttachments).toBe(true);
    expect(await t.deps.blobs.get(m.blobKey)).toEqual(raw);

    const inbox = await folder("INBOX");
    expect(inbox).toMatchObject({ totalCount: 1, newCount: 1, usedSize: raw.length });
    const [u] = await t.db.db.select({ usedSize: users.usedSize }).from(users).where(eq(users.id, userId));
    expect(u.usedSize).toBe(raw.length);
  });

  test("counters follow reads, moves and deletes, and never go below zero", async () => {
    const inbox = await folder("INBOX");
    const trash = await folder("DELETED");
    await t.db.db.update(mails).set({ read: true }).where(eq(mails.folderId, inbox.id));
    expect(await folder("INBOX")).toMatchObject({ totalCount: 1, newCount: 0 });
    await t.db.db.update(mails).set({ folderId: trash.id, read: false }).where(eq(mails.folderId, inbox.id));
    expect(await folder("INBOX")).toMatchObject({ totalCount: 0, newCount: 0, usedSize: 0 });
    expect(await folder("DELETED")).toMatchObject({ totalCount: 1, newCount: 1 });
    await t.db.db.delete(mails).where(eq(mails.folderId, trash.id));
    expect(await folder("DELETED")).toMatchObject({ totalCount: 0, newCount: 0, usedSize: 0 });
    const [u] = await t.db.db.select({ usedSize: users.usedSize }).from(users).where(eq(users.id, userId));
    expect(u.usedSize).toBe(0);
  });

  test("the search vector answers two-syllable Korean words by field", async () => {
    const raw = await sample("euc-kr-attachment.eml");
    await fileMessage(t.deps, { companyId: A.companyId, raw, receivedAt: t.clock.now(), targets: [{ userId, folder: "INBOX" }] });
    const hits = async (q: string) =>
      (await t.db.sql`select count(*)::int as n from mails where user_id = ${userId} and search_vector @@ ${q}::tsquery`)[0].n;
    expect(await hits("'회의':A & '의록':A")).toBe(1); // subject
    expect(await hits("'첨부':C")).toBe(1); // body
    expect(await hits("'첨부':A")).toBe(0); // not in the subject
    expect(await hits("'chulsoo':*B")).toBe(1); // sender address, as a prefix
  });
});
