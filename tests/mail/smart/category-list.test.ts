// The SMART folder's list one class at a time (issue 7, "classify promotion and social mail into their
// folders"): GET /api/mails?folderId=<SMART>&category=PROMOTION|SOCIAL lists only that class, with its own
// total and paging; items carry their category; without category the folder lists both; the class only
// narrows (any folder); an unknown class is refused with 400.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema/index.ts";
import type { SmartCategory } from "../../../shared/mail/smart.ts";
import { fileMessage } from "../../../server/modules/mail/store/deliver.ts";
import { systemFolders } from "../../../server/modules/mail/store/folders.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";

const t = await createTestApp();
let A: Awaited<ReturnType<typeof signupCompany>>;
let uid = 0;
let folders: Awaited<ReturnType<typeof systemFolders>>;
const promotion: number[] = [];
const social: number[] = [];
let inboxMail = 0;

let tick = 0;
/** Files one message for A the way the smart mailbox does (folder SMART with a category), or into the inbox. */
async function file(subject: string, from: string, target: { folder: "SMART"; category: SmartCategory } | { folder: "INBOX" }) {
  const raw = new TextEncoder().encode(`From: ${from}\r\nTo: ${A.username}\r\nSubject: ${subject}\r\n\r\nHi\r\n`);
  const r = await fileMessage(t.deps, {
    companyId: A.companyId, raw, receivedAt: new Date(t.clock.now().getTime() - 3_600_000 + ++tick * 1000),
    targets: [{ userId: uid, ...target }],
  });
  return r.mails[0].mailId;
}

type Item = { mailId: number; folderId: number; category: string | null; subject: string };
const list = async (query: string) => {
  const r = await t.call("GET", `/api/mails?${query}`, { token: A.token });
  return r as { status: number; body: { mails: Item[]; totalElements: number; totalPages: number; code?: string } };
};

beforeAll(async () => {
  A = await signupCompany(t, { domain: "smart-list.test" });
  [{ id: uid }] = await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, A.username));
  folders = await systemFolders(t.db.db, A.companyId, uid);
  for (let i = 0; i < 5; i++) promotion.push(await file(`Deal ${i}`, "deals@shop.example", { folder: "SMART", category: "PROMOTION" }));
  for (let i = 0; i < 3; i++) social.push(await file(`Friend ${i}`, "notification@facebookmail.com", { folder: "SMART", category: "SOCIAL" }));
  inboxMail = await file("Contract", "partner@partner.example", { folder: "INBOX" });
});

describe("GET /api/mails with category", () => {
  test("without category the SMART folder lists both classes, each item with its category", async () => {
    const r = await list(`folderId=${folders.SMART}`);
    expect(r.status).toBe(200);
    expect(r.body.totalElements).toBe(8);
    expect(r.body.mails.map((m) => m.mailId)).toEqual([...promotion, ...social].sort((a, b) => b - a));
    for (const m of r.body.mails) expect(m.category).toBe(promotion.includes(m.mailId) ? "PROMOTION" : "SOCIAL");
  });

  test("PROMOTION lists only promotion mail, newest first, with its own total", async () => {
    const r = await list(`folderId=${folders.SMART}&category=PROMOTION`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ totalElements: 5, totalPages: 1 });
    expect(r.body.mails.map((m) => m.mailId)).toEqual(promotion.slice().reverse());
    expect(r.body.mails.every((m) => m.category === "PROMOTION" && m.folderId === folders.SMART)).toBe(true);
  });

  test("SOCIAL lists only social mail, and pages by the class's total", async () => {
    const r = await list(`folderId=${folders.SMART}&category=SOCIAL`);
    expect(r.body).toMatchObject({ totalElements: 3, totalPages: 1 });
    expect(r.body.mails.map((m) => m.mailId)).toEqual(social.slice().reverse());
    expect(r.body.mails.every((m) => m.category === "SOCIAL")).toBe(true);
    const p0 = await list(`folderId=${folders.SMART}&category=PROMOTION&pageSize=2`);
    expect(p0.body).toMatchObject({ totalElements: 5, totalPages: 3 });
    const p2 = await list(`folderId=${folders.SMART}&category=PROMOTION&pageSize=2&page=2`);
    expect(p2.body.mails.map((m) => m.mailId)).toEqual([promotion[0]]);
  });

  test("the class only narrows: the all-mail virtual folder by class, an inbox by class is empty", async () => {
    const all = await list(`folderId=-1&category=SOCIAL`);
    expect(all.body.totalElements).toBe(3);
    expect(all.body.mails.map((m) => m.mailId)).toEqual(social.slice().reverse());
    const everything = await list(`folderId=-1`);
    expect(everything.body.totalElements).toBe(9);
    expect(everything.body.mails.find((m) => m.mailId === inboxMail)).toMatchObject({ category: null });
    const inbox = await list(`folderId=${folders.INBOX}&category=PROMOTION`);
    expect(inbox.body).toMatchObject({ totalElements: 0, totalPages: 0, mails: [] });
  });

  test("an unknown class is refused", async () => {
    for (const bad of ["promotion", "SPAM", ""]) {
      const r = await list(`folderId=${folders.SMART}&category=${bad}`);
      expect(r.status, bad).toBe(400);
    }
  });
});
