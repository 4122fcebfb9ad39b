// Switching the smart mailbox (or one class) off hands its mail back to the inbox, category cleared, so mail is
// never left in a folder the user no longer sees (nor trashed by the 7-day clean-up); other users' mail and
// mail elsewhere are untouched; folder counts follow.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailFolders, mails, users } from "../../../db/schema/index.ts";
import { fileMessage } from "../../../server/modules/mail/store/deliver.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";
import { compose } from "../smtp/support.ts";

const t = await createTestApp();
let A: Awaited<ReturnType<typeof signupCompany>>;
let B: Awaited<ReturnType<typeof signupCompany>>;
const uidOf = async (username: string) => (await t.db.db.select({ id: users.id }).from(users).where(eq(users.username, username)))[0].id;

async function fileSmart(co: typeof A, category: string, subject: string) {
  const raw = await compose({ from: "news@news.example", to: co.username, subject, text: "Hi" });
  const r = await fileMessage(t.deps, {
    companyId: co.companyId,
    raw,
    receivedAt: new Date(),
    targets: [{ userId: await uidOf(co.username), folder: "SMART", category }],
  });
  return r.mails[0].mailId;
}
const where = async (mailId: number) =>
  (await t.db.db.select({ type: mailFolders.folderType, category: mails.category }).from(mails)
    .innerJoin(mailFolders, eq(mailFolders.id, mails.folderId)).where(eq(mails.id, mailId)))[0];
const smart = (co: typeof A, json: Record<string, unknown>) => t.call("PUT", "/api/mail/config/smartMailbox", { token: co.token, json });
const count = async (co: typeof A, type: string) =>
  ((await t.call("GET", "/api/folders", { token: co.token })).body as { folderType: string; totalCount: number }[])
    .find((f) => f.folderType === type)!.totalCount;

beforeAll(async () => {
  A = await signupCompany(t, { domain: "smart-off-a.test" });
  B = await signupCompany(t, { domain: "smart-off-b.test" });
});

describe("turning the smart mailbox off", () => {
  test("one class off: only that class goes back to the inbox, uncategorised", async () => {
    expect((await smart(A, { smartMailbox: true, classifyPromotion: true, classifySocial: true })).status).toBe(200);
    const promo = await fileSmart(A, "PROMOTION", "Sale");
    const social = await fileSmart(A, "SOCIAL", "Friend request");
    const inboxBefore = await count(A, "INBOX");
    expect((await smart(A, { classifySocial: false })).status).toBe(200);
    expect(await where(social)).toEqual({ type: "INBOX", category: null });
    expect(await where(promo)).toEqual({ type: "SMART", category: "PROMOTION" });
    expect(await count(A, "INBOX")).toBe(inboxBefore + 1);
  });

  test("the whole mailbox off: everything in SMART goes back; another company's SMART mail stays", async () => {
    expect((await smart(B, { smartMailbox: true, classifyPromotion: true, classifySocial: true })).status).toBe(200);
    const theirs = await fileSmart(B, "PROMOTION", "B's newsletter");
    const promo = await fileSmart(A, "PROMOTION", "Another sale");
    expect((await smart(A, { smartMailbox: false })).status).toBe(200);
    expect(await where(promo)).toEqual({ type: "INBOX", category: null });
    expect(await count(A, "SMART")).toBe(0);
    expect(await where(theirs)).toEqual({ type: "SMART", category: "PROMOTION" });
  });

  test("saving the same setting again, or turning it on, moves nothing", async () => {
    const promo = await fileSmart(B, "PROMOTION", "Kept");
    expect((await smart(B, { smartMailbox: true })).status).toBe(200);
    expect((await smart(B, { classifyPromotion: true })).status).toBe(200);
    expect(await where(promo)).toEqual({ type: "SMART", category: "PROMOTION" });
  });
});
