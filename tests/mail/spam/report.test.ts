// Reporting a mail as spam and unblocking it: the mail moves to spam as REPORT_MAIL and back to where it was
// as NORMAL; blocked mail cannot be reported twice; system-blocked mail stays blocked; counters follow; a
// second company's mail answers 404 and is left as it was.
import { beforeAll, describe, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mails } from "../../../db/schema/mail.ts";
import { fileMessage } from "../../../server/modules/mail/store/deliver.ts";
import { systemFolders } from "../../../server/modules/mail/store/folders.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";

const t = await createTestApp();
let A: Awaited<ReturnType<typeof signupCompany>>;
let B: Awaited<ReturnType<typeof signupCompany>>;
let aUser = 0;
let bUser = 0;
let folders: Awaited<ReturnType<typeof systemFolders>>;

const raw = (n: number) =>
  new TextEncoder().encode(`From: Shop <deals${n}@shop.example>\r\nTo: admin@alpha.test\r\nSubject: Deal ${n}\r\n\r\nBuy now.\r\n`);

async function file(companyId: number, userId: number, n: number, extra: Record<string, unknown> = {}) {
  const r = await fileMessage(t.deps, { companyId, raw: raw(n), receivedAt: t.clock.now(), targets: [{ userId, folder: "INBOX", ...extra }] });
  return r.mails[0].mailId;
}
const row = async (id: number) => (await t.db.db.select().from(mails).where(eq(mails.id, id)))[0];
const folderCounts = async (id: number) =>
  (await t.db.sql`select total_count, new_count from mail_folders where id = ${id}`)[0];

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test" });
  B = await signupCompany(t, { domain: "beta.test" });
  aUser = (await t.call("GET", "/api/users/detail", { token: A.token })).body.id;
  bUser = (await t.call("GET", "/api/users/detail", { token: B.token })).body.id;
  folders = await systemFolders(t.db.db, A.companyId, aUser);
});

describe("report and unblock", () => {
  test("reporting moves the mail to spam as REPORT_MAIL; unblocking brings it back as NORMAL", async () => {
    const id = await file(A.companyId, aUser, 1);
    const r = await t.call("POST", "/api/mails/report", { token: A.token, json: { mailId: id, reportContents: "phishing" } });
    expect(r).toMatchObject({ status: 200, body: { mailId: id, folderId: folders.SPAM, mailType: "REPORT_MAIL" } });
    expect(await row(id)).toMatchObject({ folderId: folders.SPAM, prevFolderId: folders.INBOX, spamReason: "REPORTED" });
    expect(await folderCounts(folders.INBOX)).toEqual({ total_count: 0, new_count: 0 });
    expect(await folderCounts(folders.SPAM)).toEqual({ total_count: 1, new_count: 1 });

    const again = await t.call("POST", "/api/mails/report", { token: A.token, json: { mailId: id } });
    expect(again).toMatchObject({ status: 409, body: { code: "mail.already_blocked" } });

    const u = await t.call("PATCH", `/api/mails/${id}/unblock`, { token: A.token });
    expect(u).toMatchObject({ status: 200, body: { mailId: id, folderId: folders.INBOX, mailType: "NORMAL" } });
    expect(await row(id)).toMatchObject({ folderId: folders.INBOX, prevFolderId: null, spamReason: null, mailType: "NORMAL" });
    expect(await folderCounts(folders.SPAM)).toEqual({ total_count: 0, new_count: 0 });

    const notBlocked = await t.call("PATCH", `/api/mails/${id}/unblock`, { token: A.token });
    expect(notBlocked).toMatchObject({ status: 409, body: { code: "mail.not_blocked" } });
  });

  test("mail the system blocked stays blocked", async () => {
    const id = await file(A.companyId, aUser, 2, { folder: "SPAM", spamReason: "SYSTEM" });
    const u = await t.call("PATCH", `/api/mails/${id}/unblock`, { token: A.token });
    expect(u).toMatchObject({ status: 403, body: { code: "mail.system_blocked" } });
    expect(await row(id)).toMatchObject({ folderId: folders.SPAM, spamReason: "SYSTEM" });
    const rep = await t.call("POST", "/api/mails/report", { token: A.token, json: { mailId: id } });
    expect(rep).toMatchObject({ status: 409, body: { code: "mail.already_blocked" } });
  });

  test("blocked mail shows neither content nor attachments until it is unblocked", async () => {
    const withFile = new TextEncoder().encode(
      "From: x@phish.example\r\nTo: admin@alpha.test\r\nSubject: Invoice\r\nMIME-Version: 1.0\r\n" +
        "Content-Type: multipart/mixed; boundary=b\r\n\r\n--b\r\nContent-Type: text/plain\r\n\r\nOpen the file.\r\n" +
        "--b\r\nContent-Type: application/octet-stream; name=invoice.exe\r\nContent-Disposition: attachment; filename=invoice.exe\r\n" +
        "Content-Transfer-Encoding: base64\r\n\r\nTVqQAAMAAAAEAAAA\r\n--b--\r\n",
    );
    const r = await fileMessage(t.deps, {
      companyId: A.companyId, raw: withFile, receivedAt: t.clock.now(), targets: [{ userId: aUser, folder: "SPAM", spamReason: "AUTH_FAIL" }],
    });
    const id = r.mails[0].mailId;
    const v = await t.call("GET", `/api/mails/view/${id}`, { token: A.token });
    expect(v.body).toMatchObject({ blocked: true, content: "", attachList: [], subject: "Invoice" });
    const file = await t.call("GET", `/api/mails/view/${id}/attach/0`, { token: A.token });
    expect(file).toMatchObject({ status: 403, body: { code: "mail.blocked" } });

    expect((await t.call("PATCH", `/api/mails/${id}/unblock`, { token: A.token })).status).toBe(200);
    const after = await t.call("GET", `/api/mails/view/${id}`, { token: A.token });
    expect(after.body).toMatchObject({ blocked: false, content: expect.stringContaining("Open the file."), folderId: folders.INBOX });
    expect(after.body.attachList).toHaveLength(1);
    expect((await t.call("GET", `/api/mails/view/${id}/attach/0`, { token: A.token })).status).toBe(200);
  });

  test("bad input is refused and a second company's mail answers 404, unchanged", async () => {
    expect((await t.call("POST", "/api/mails/report", { token: A.token, json: { mailId: "x" } })).status).toBe(400);
    expect((await t.call("POST", "/api/mails/report", { token: A.token, json: { mailId: 1, reportContents: "x".repeat(1001) } })).status)
      .toBe(400);
    const theirs = await file(B.companyId, bUser, 3);
    const before = await row(theirs);
    const r = await t.call("POST", "/api/mails/report", { token: A.token, json: { mailId: theirs } });
    const missing = await t.call("POST", "/api/mails/report", { token: A.token, json: { mailId: 999999 } });
    expect(r.status).toBe(404);
    expect(r.body).toEqual(missing.body);
    expect((await t.call("PATCH", `/api/mails/${theirs}/unblock`, { token: A.token })).status).toBe(404);
    expect(await row(theirs)).toEqual(before);
    expect((await t.call("POST", "/api/mails/report", { json: { mailId: theirs } })).status).toBe(401);
  });
});
