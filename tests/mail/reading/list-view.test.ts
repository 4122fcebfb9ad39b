// The mail list (every folder kind, paging, totals from the counters) and opening a mail: read marking,
// counters, content with inline images, attachments byte for byte, the original message, the conversation
// and the sender history.
import { beforeAll, describe, expect, test } from "vitest";
import { mailFolders } from "../../../db/schema/index.ts";
import { VIRTUAL_FOLDER_IDS } from "../../../shared/mail/constants.ts";
import { createTestApp, signupCompany } from "../../support/test-app.ts";
import { build, counts, file, folders, mailRow, member, privateFolder, type Who } from "./support.ts";

const t = await createTestApp();
let A: Awaited<ReturnType<typeof signupCompany>>;

const list = (who: Who, folderId: string | number, extra = "") =>
  t.call("GET", `/api/mails?folderId=${encodeURIComponent(String(folderId))}${extra}`, { token: who.token });

beforeAll(async () => {
  A = await signupCompany(t, { domain: "alpha.test" });
});

describe("GET /api/mails", () => {
  let u: Who;
  let f: Awaited<ReturnType<typeof folders>>;
  const ids: number[] = [];

  beforeAll(async () => {
    u = await member(t, A, "lister");
    f = await folders(t, u);
    for (let i = 0; i < 25; i++) ids.push(await file(t, u, build({ subject: `Inbox mail ${i}`, text: `body ${i}` })));
  });

  test("pages the inbox newest first, 20 by default, with the counter's total", async () => {
    const p0 = await list(u, f.INBOX);
    expect(p0.status).toBe(200);
    expect(p0.body).toMatchObject({ totalElements: 25, totalPages: 2, page: 0, pageSize: 20 });
    expect(p0.body.mails.map((m: { mailId: number }) => m.mailId)).toEqual(ids.slice().reverse().slice(0, 20));
    const p1 = await list(u, f.INBOX, "&page=1");
    expect(p1.body.mails.map((m: { mailId: number }) => m.mailId)).toEqual(ids.slice(0, 5).reverse());
    const small = await list(u, f.INBOX, "&page=2&pageSize=10");
    expect(small.body).toMatchObject({ totalElements: 25, totalPages: 3 });
    expect(small.body.mails).toHaveLength(5);
    const item = p0.body.mails[0];
    expect(item).toMatchObject({
      mailId: ids[24], folderId: f.INBOX, dataId: String(ids[24]), readStatus: 0, importantStatus: 0, mailType: "NORMAL",
      tags: [], exchange: 0, receipt: null, fromName: "Partner Kim", fromAddress: "kim@partner.example", subject: "Inbox mail 24",
      snippet: "body 24", hasAttach: false, priority: 3, to: [{ name: "", address: "someone@alpha.test" }], toCount: 1,
    });
    expect(item.emlSize).toBeGreaterThan(100);
    expect(typeof item.receivedTimeMillis).toBe("number");
  });

  test("bad page input and unknown or foreign folders are refused", async () => {
    expect((await list(u, f.INBOX, "&page=-1")).status).toBe(400);
    expect((await list(u, f.INBOX, "&pageSize=0")).status).toBe(400);
    expect((await list(u, "abc")).body.code).toBe("mail.folder_not_found");
    expect((await list(u, VIRTUAL_FOLDER_IDS.EXCHANGED)).status).toBe(404);
    const other = await member(t, A, "otherlister");
    const foreign = await list(other, f.INBOX);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("mail.folder_not_found");
    expect((await t.call("GET", `/api/mails?folderId=${f.INBOX}`)).status).toBe(401);
  });

  test("virtual folders, tags, private and saved-search folders", async () => {
    const v = await member(t, A, "virtual");
    const vf = await folders(t, v);
    expect((await t.call("POST", "/api/tag/work", { token: v.token })).status).toBe(201); // its tag folder exists
    const plain = await file(t, v, build({ subject: "plain" }));
    const starred = await file(t, v, build({ subject: "starred" }), { important: true });
    const read = await file(t, v, build({ subject: "read one" }), { read: true });
    const attach = await file(t, v, build({ subject: "with file", attachments: [{ filename: "a.txt", content: "A" }] }));
    const internal = await file(t, v, build({ subject: "colleague" }), { internal: true, tags: ["work"] });
    const trashed = await file(t, v, build({ subject: "trashed" }), { folder: "DELETED", important: true, tags: ["work"] });
    const spam = await file(t, v, build({ subject: "spam" }), { folder: "SPAM" });
    await file(t, v, build({ subject: "draft" }), { folder: "DRAFTS", mailType: "DRAFT", read: true });
    const priv = await privateFolder(t, v, "Projects");
    const inPriv = await file(t, v, build({ subject: "in private folder" }), { folder: priv });
    const ids = async (folderId: string | number) => {
      const r = await list(v, folderId);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.totalElements).toBe(r.body.mails.length);
      return r.body.mails.map((m: { mailId: number }) => m.mailId).sort((a: number, b: number) => a - b);
    };
    const sorted = (...xs: number[]) => xs.sort((a, b) => a - b);
    const everything = sorted(plain, starred, read, attach, internal, inPriv);
    expect(await ids(VIRTUAL_FOLDER_IDS.ALL)).toEqual(everything);
    expect(await ids("all")).toEqual(everything);
    expect(await ids(VIRTUAL_FOLDER_IDS.IMPORTANT)).toEqual([starred]);
    expect(await ids(VIRTUAL_FOLDER_IDS.UNREAD)).toEqual(sorted(plain, starred, attach, internal, inPriv));
    expect(await ids(VIRTUAL_FOLDER_IDS.READ)).toEqual([read]);
    expect(await ids(VIRTUAL_FOLDER_IDS.ATTACH)).toEqual([attach]);
    expect(await ids(VIRTUAL_FOLDER_IDS.INTERNAL)).toEqual([internal]);
    expect(await ids(VIRTUAL_FOLDER_IDS.SPAM)).toEqual([spam]);
    expect(await ids(vf.DELETED)).toEqual([trashed]);
    expect(await ids(priv)).toEqual([inPriv]);
    expect(await ids("t_work")).toEqual([internal]);
    expect((await list(v, "t_none")).status).toBe(404); // no such tag: no such folder, as the tree says
    const [search] = await t.db.db.insert(mailFolders).values({
      companyId: v.companyId, userId: v.userId, parentId: vf.SEARCH_ROOT, folderType: "SEARCH", name: "Files",
      options: { querySubject: "file" },
    }).returning({ id: mailFolders.id });
    expect(await ids(search.id)).toEqual([attach]);
  });
});

describe("GET /api/mails/view/{id}", () => {
  let u: Who;
  let f: Awaited<ReturnType<typeof folders>>;
  const png = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10, 0, 1, 2, 3, 250, 251, 252]);
  const pdf = new Uint8Array(Array.from({ length: 3000 }, (_, i) => (i * 7) % 256));
  let mailId = 0;

  beforeAll(async () => {
    u = await member(t, A, "reader");
    f = await folders(t, u);
    mailId = await file(t, u, build({
      subject: "분기 보고서",
      to: ["Reader <reader@alpha.test>"],
      cc: "Boss <boss@alpha.test>",
      html: `<p>안녕하세요 <img src="cid:logo@x"> <script>alert(1)</script></p>`,
      attachments: [
        { filename: "logo.png", content: png, contentType: "image/png", cid: "logo@x" },
        { filename: "분기 보고서 (최종).pdf", content: pdf, contentType: "application/pdf" },
      ],
    }));
  });

  test("answers the view item, marks it read and lowers the unread count once", async () => {
    expect(await counts(t, f.INBOX)).toMatchObject({ totalCount: 1, newCount: 1 });
    const openedAt = t.clock.now().getTime();
    const r = await t.call("GET", `/api/mails/view/${mailId}`, { token: u.token });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      mailId, dataId: String(mailId), mailType: "NORMAL", readStatus: 1, importantStatus: 0, subject: "분기 보고서",
      from: { name: "Partner Kim", address: "kim@partner.example" }, to: [{ name: "Reader", address: "reader@alpha.test" }],
      cc: [{ name: "Boss", address: "boss@alpha.test" }], bcc: [], contentType: "html", folderId: f.INBOX, folderType: "INBOX",
      readTimeMillis: openedAt, attachPosition: null,
    });
    expect(r.body.content).not.toContain("<script");
    expect(r.body.content).not.toContain("cid:");
    expect(r.body.attachList).toMatchObject([
      { position: 0, name: "logo.png", size: png.length, contentType: "image/png", contentId: "logo@x", inline: true },
      { position: 1, name: "분기 보고서 (최종).pdf", size: pdf.length, contentType: "application/pdf", inline: false },
    ]);
    expect(await counts(t, f.INBOX)).toMatchObject({ totalCount: 1, newCount: 0 });
    expect((await mailRow(t, mailId)).read).toBe(true);
    t.clock.advance(60_000);
    const again = await t.call("GET", `/api/mails/view/${mailId}`, { token: u.token });
    expect(again.body.readTimeMillis).toBe(openedAt);
    expect(await counts(t, f.INBOX)).toMatchObject({ newCount: 0 });
  });

  test("attachments download byte for byte with an RFC 5987 file name", async () => {
    const res = await t.app.request(`/api/mails/view/${mailId}/attach/1`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="__ ___ (__).pdf"; filename*=UTF-8''${encodeURIComponent("분기 보고서 (최종).pdf").replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`,
    );
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(pdf);
    expect((await t.call("GET", `/api/mails/view/${mailId}/attach/2`, { token: u.token })).body.code).toBe("mail.attach_not_found");
    expect((await t.call("GET", `/api/mails/view/${mailId}/attach/x`, { token: u.token })).status).toBe(404);
    expect((await t.call("GET", `/api/mails/view/${mailId}/attach/0`)).status).toBe(401);
  });

  test("inline images load through the signed URL without a bearer header, and only while it is valid", async () => {
    const r = await t.call("GET", `/api/mails/view/${mailId}`, { token: u.token });
    const src = /<img src="([^"]+)"/.exec(r.body.content)![1].replace(/&amp;/g, "&");
    expect(src).toMatch(new RegExp(`^/api/mail-inline/${mailId}/0\\?token=`));
    const res = await t.app.request(src);
    expect(res.status).toBe(200);
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(png);
    expect(r.body.attachList[1].url).toContain(`/api/mail-inline/${mailId}/1?token=`);
    // Another mail's id, a forged signature, or after expiry: 404 like a missing mail.
    const token = new URL(src, "http://x").searchParams.get("token")!;
    expect((await t.app.request(`/api/mail-inline/${mailId + 1}/0?token=${encodeURIComponent(token)}`)).status).toBe(404);
    expect((await t.app.request(`/api/mail-inline/${mailId}/0?token=${encodeURIComponent(token.slice(0, -2) + "AA")}`)).status).toBe(404);
    expect((await t.app.request(`/api/mail-inline/${mailId}/0`)).status).toBe(404);
    const before = t.clock.now();
    t.clock.advance(3 * 60 * 60 * 1000);
    expect((await t.app.request(src)).status).toBe(404);
    t.clock.set(before);
  });

  test("the original message, to view or to download", async () => {
    const raw = await t.app.request(`/api/mails/view/original/${mailId}/download`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(raw.status).toBe(200);
    expect(raw.headers.get("content-type")).toBe("message/rfc822");
    expect(raw.headers.get("content-disposition")).toContain(`filename*=UTF-8''${encodeURIComponent("분기 보고서.eml")}`);
    const text = await raw.text();
    expect(text).toContain("Content-Type: multipart/");
    const view = await t.app.request(`/api/mails/view/original/${mailId}/view`, { headers: { authorization: `Bearer ${u.token}` } });
    expect(view.headers.get("content-type")).toBe("text/plain; charset=utf-8");
    expect(await view.text()).toBe(text);
    expect((await t.call("GET", `/api/mails/view/original/${mailId}/other`, { token: u.token })).status).toBe(404);
  });

  test("a missing, foreign or malformed id answers 404 and marks nothing", async () => {
    const other = await member(t, A, "snoop");
    const unread = await file(t, u, build({ subject: "not yours" }));
    for (const path of [`/api/mails/view/${unread}`, `/api/mails/view/${unread}/attach/0`, `/api/mails/view/original/${unread}/view`,
      `/api/mails/references?mailId=${unread}`, `/api/mails/${unread}/history`, "/api/mails/view/99999999", "/api/mails/view/abc"]) {
      const r = await t.call("GET", path, { token: other.token });
      expect(r.status, path).toBe(404);
    }
    expect((await mailRow(t, unread)).read).toBe(false);
  });
});

describe("conversation and history", () => {
  test("references list the other mails of the thread; basedMailId gives the ref dataId", async () => {
    const u = await member(t, A, "threads");
    const first = await file(t, u, build({ subject: "Plan", messageId: "<plan-1@partner.example>" }));
    const reply = await file(t, u, build({ subject: "Re: Plan", messageId: "<plan-2@partner.example>", inReplyTo: "<plan-1@partner.example>", references: ["<plan-1@partner.example>"] }), { folder: "SENT", mailType: "SENT", read: true });
    const lone = await file(t, u, build({ subject: "Other" }));
    const refs = await t.call("GET", `/api/mails/references?mailId=${reply}`, { token: u.token });
    expect(refs.body.mails.map((m: { mailId: number }) => m.mailId)).toEqual([first]);
    const listed = await list(u, VIRTUAL_FOLDER_IDS.ALL);
    const byId = new Map(listed.body.mails.map((m: { mailId: number; exchange: number }) => [m.mailId, m.exchange]));
    expect([byId.get(first), byId.get(reply), byId.get(lone)]).toEqual([1, 1, 0]);
    const v = await t.call("GET", `/api/mails/view/${first}?includesReference=true&basedMailId=${reply}`, { token: u.token });
    expect(v.body.dataId).toBe(`${first}_ref_${reply}`);
    expect(v.body.references.map((m: { mailId: number }) => m.mailId)).toEqual([reply]);
    expect((await t.call("GET", `/api/mails/view/${lone}?basedMailId=${reply}`, { token: u.token })).status).toBe(404);
    expect((await t.call("GET", "/api/mails/references?mailId=x", { token: u.token })).status).toBe(400);
  });

  test("history lists mails received from the sender and sent to them", async () => {
    const u = await member(t, A, "historian");
    const a = await file(t, u, build({ subject: "from lee 1", from: "Lee <lee@client.example>" }));
    const b = await file(t, u, build({ subject: "to lee", from: "me@alpha.test", to: "Lee <lee@client.example>" }), { folder: "SENT", mailType: "SENT" });
    await file(t, u, build({ subject: "from park", from: "park@client.example" }));
    await file(t, u, build({ subject: "from lee, trashed", from: "lee@client.example" }), { folder: "DELETED" });
    const c = await file(t, u, build({ subject: "from lee 2", from: "lee@client.example" }));
    const r = await t.call("GET", `/api/mails/${c}/history`, { token: u.token });
    expect(r.status).toBe(200);
    expect(r.body.mails.map((m: { mailId: number }) => m.mailId)).toEqual([c, b, a]);
    expect(r.body.totalElements).toBe(3);
    const p = await t.call("GET", `/api/mails/${c}/history?page=1&pageSize=2`, { token: u.token });
    expect(p.body.mails.map((m: { mailId: number }) => m.mailId)).toEqual([a]);
  });
});
