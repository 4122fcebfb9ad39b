// GET /api/mails/main, the mail summary of the home widget and the app shell: the newest inbox mails as
// list rows, the inbox and all-mail counts exact after opening, read/unread and moves to the trash, and
// nothing of another user or another company.
import { beforeAll, describe, expect, test } from "vitest";
import { MAIL_MAIN_DEFAULT_SIZE, MAIL_MAIN_MAX_SIZE } from "../../../shared/mail/main.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";
import { build, file, folders, member, privateFolder, type Who } from "./support.ts";

const t = await createTestApp();
let A: Awaited<ReturnType<typeof signupCompany>>;
let B: Awaited<ReturnType<typeof signupCompany>>;

const main = (who: Who, q = "") => t.call("GET", `/api/mails/main${q}`, { token: who.token });
const ids = (r: { body: { mails: { mailId: number }[] } }) => r.body.mails.map((m) => m.mailId);

beforeAll(async () => {
  A = await signupCompany(t, { domain: "main-a.test" });
  B = await signupCompany(t, { domain: "main-b.test" });
});

describe("GET /api/mails/main", () => {
  let u: Who;
  let f: Awaited<ReturnType<typeof folders>>;
  const inbox: number[] = [];
  let inPrivate: number, readInbox: number;

  beforeAll(async () => {
    u = await member(t, A, "mainer");
    f = await folders(t, u);
    for (let i = 0; i < 24; i++) inbox.push(await file(t, u, build({ subject: `Inbox ${i}`, text: `body ${i}` })));
    readInbox = await file(t, u, build({ subject: "Already read" }), { read: true });
    inbox.push(readInbox);
    const priv = await privateFolder(t, u, "Projects");
    inPrivate = await file(t, u, build({ subject: "In a private folder" }), { folder: priv });
    await file(t, u, build({ subject: "Trashed" }), { folder: "DELETED" });
    await file(t, u, build({ subject: "Spam" }), { folder: "SPAM" });
    await file(t, u, build({ subject: "Draft" }), { folder: "DRAFTS", mailType: "DRAFT", read: true });
    await file(t, u, build({ subject: "Sent copy" }), { folder: "SENT", mailType: "SENT", read: true });
  });

  test("the newest inbox mails as list rows, 5 by default, and the counts", async () => {
    const r = await main(u);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.mails).toHaveLength(MAIL_MAIN_DEFAULT_SIZE);
    expect(ids(r)).toEqual(inbox.slice().reverse().slice(0, 5));
    // Exactly the rows the list API answers for the inbox.
    const list = await t.call("GET", `/api/mails?folderId=${f.INBOX}&pageSize=5`, { token: u.token });
    expect(r.body.mails).toEqual(list.body.mails);
    expect(r.body.mails[0]).toMatchObject({ subject: "Already read", readStatus: 1, folderId: f.INBOX, fromAddress: "kim@partner.example" });
    expect(r.body.inbox).toEqual({ folderId: f.INBOX, newCount: 24, totalCount: 25 });
    // All mail: inbox, private folder and sent; not trash, spam or drafts.
    expect(r.body.all).toEqual({ newCount: 25, totalCount: 27 });
    // The same counts as the folder tree's virtual folders.
    const unread = await t.call("GET", `/api/mails?folderId=-3&pageSize=1`, { token: u.token });
    expect(unread.body.totalElements).toBe(25);
    const all = await t.call("GET", `/api/mails?folderId=-1&pageSize=1`, { token: u.token });
    expect(all.body.totalElements).toBe(27);
  });

  test("size: 1 to 20, anything else refused", async () => {
    expect(ids(await main(u, "?size=1"))).toEqual([readInbox]);
    const max = await main(u, `?size=${MAIL_MAIN_MAX_SIZE}`);
    expect(ids(max)).toEqual(inbox.slice().reverse().slice(0, 20));
    for (const bad of ["0", "21", "-1", "abc"]) expect((await main(u, `?size=${bad}`)).status, bad).toBe(400);
    expect((await t.call("GET", "/api/mails/main")).status).toBe(401);
  });

  test("counts follow opening, read/unread, and moving to the trash", async () => {
    const opened = await t.call("GET", `/api/mails/view/${inbox[3]}`, { token: u.token });
    expect(opened.status).toBe(200);
    let r = await main(u);
    expect(r.body.inbox).toMatchObject({ newCount: 23, totalCount: 25 });
    expect(r.body.all).toEqual({ newCount: 24, totalCount: 27 });

    const read = await t.call("PUT", "/api/mails/readStatus", { token: u.token, json: { mailIds: [inbox[4], inbox[5], inPrivate], readStatus: 1 } });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    r = await main(u);
    expect(r.body.inbox).toMatchObject({ newCount: 21, totalCount: 25 });
    expect(r.body.all).toEqual({ newCount: 21, totalCount: 27 });

    await t.call("PUT", "/api/mails/readStatus", { token: u.token, json: { mailIds: [inbox[3], readInbox, inPrivate], readStatus: 0 } });
    r = await main(u);
    expect(r.body.inbox).toMatchObject({ newCount: 23, totalCount: 25 });
    expect(r.body.all).toEqual({ newCount: 24, totalCount: 27 });
    expect(r.body.mails[0]).toMatchObject({ mailId: readInbox, readStatus: 0 });

    const trashed = await t.call("PUT", "/api/mails/deleteStatus", { token: u.token, json: { mailIds: [readInbox, inbox[23]] } });
    expect(trashed.status, JSON.stringify(trashed.body)).toBe(200);
    r = await main(u);
    expect(ids(r)).toEqual(inbox.slice(0, 23).reverse().slice(0, 5));
    expect(r.body.inbox).toMatchObject({ newCount: 21, totalCount: 23 });
    expect(r.body.all).toEqual({ newCount: 22, totalCount: 25 });
  });

  test("another user's and another company's mail never appear", async () => {
    const colleague = await member(t, A, "colleague");
    const outsider = await member(t, B, "outsider");
    const theirs = await file(t, colleague, build({ subject: "Colleague's own" }));
    const foreign = await file(t, outsider, build({ subject: "Other company's" }));
    const mine = await main(u, "?size=20");
    expect(ids(mine)).not.toContain(theirs);
    expect(ids(mine)).not.toContain(foreign);
    const c = await main(colleague);
    expect(ids(c)).toEqual([theirs]);
    expect(c.body.inbox).toMatchObject({ newCount: 1, totalCount: 1 });
    expect(c.body.all).toEqual({ newCount: 1, totalCount: 1 });
    const o = await main(outsider);
    expect(ids(o)).toEqual([foreign]);
    expect(o.body.all).toEqual({ newCount: 1, totalCount: 1 });
  });

  test("a mailbox never touched answers its new inbox, empty", async () => {
    const fresh = await member(t, A, "fresh");
    const r = await main(fresh);
    expect(r.status).toBe(200);
    expect(r.body.mails).toEqual([]);
    expect(r.body.inbox.folderId).toBeGreaterThan(0);
    expect(r.body.inbox).toMatchObject({ newCount: 0, totalCount: 0 });
    expect(r.body.all).toEqual({ newCount: 0, totalCount: 0 });
    expect(r.body.inbox.folderId).toBe((await folders(t, fresh)).INBOX);
  });
});
