// The folder tree: system, virtual, private, search, tag and sharing roots in display order, with counts
// that follow the mails filed (virtual folders leave out Trash, Spam and Drafts), and the sync repair.
import { beforeAll, describe, expect, test } from "vitest";
import { eq, sql } from "drizzle-orm";
import { mailFolders, mails } from "../../../db/schema/index.ts";
import type { MailFolder } from "../../../shared/mail/folders.ts";
import { folderScope } from "../../../server/modules/mail/folders/scope.ts";
import { adminApi, USER_PASSWORD } from "../../support/admin-api.ts";
import { createTestApp, login } from "../../support/test-app.ts";
import { byType, type Co, company, file, find, folderRow, newFolder, systemFolderId } from "./helpers.ts";

const t = await createTestApp();
let A: Co;
let work: MailFolder, reports: MailFolder;
const sizes: Record<string, number> = {};

beforeAll(async () => {
  A = await company(t, "tree-alpha.test");
  work = await newFolder(t, A, { nameFolder: "Work" });
  reports = await newFolder(t, A, { nameFolder: "Reports", parentId: work.id });
  expect((await t.call("POST", "/api/tag/urgent", { token: A.token, form: { color: "#FF0000" } })).status).toBe(201);
  expect((await t.call("POST", "/api/tag/later", { token: A.token })).status).toBe(201);
  // Inbox: one unread, one read and starred (tagged urgent).
  sizes.inbox1 = (await file(t, A, { folder: "INBOX" }, "first")).size;
  sizes.inbox2 = (await file(t, A, { folder: "INBOX", read: true, important: true, tags: ["urgent"] }, "second")).size;
  // A private sub-folder: one unread with an attachment, tagged urgent and later.
  sizes.reports = (await file(t, A, { folder: reports.id as number, tags: ["urgent", "later"] }, "report", true)).size;
  // Trash and spam: unread, starred, with attachments, tagged: left out of every virtual and tag folder.
  await file(t, A, { folder: "DELETED", important: true, tags: ["urgent"] }, "trashed", true);
  await file(t, A, { folder: "SPAM", important: true }, "spam", true);
});

describe("GET api/folders", () => {
  test("needs a signed-in caller", async () => {
    expect((await t.call("GET", "/api/folders")).status).toBe(401);
  });

  test("the top level comes in display order, system folders first", async () => {
    const r = await t.call("GET", "/api/folders", { token: A.token });
    expect(r.status).toBe(200);
    expect(r.body.map((f: MailFolder) => f.folderType)).toEqual([
      "INBOX", "TOME", "SENT", "DRAFTS", "DELETED", "SPAM", "SMART", "ALL", "IMPORTANT", "UNREAD", "ATTACH", "FLOW",
      "PRIVATE_ROOT", "SEARCH_ROOT", "TAG_ROOT", "SHARED_ROOT", "SHARING_ROOT",
    ]);
    const ids = r.body.map((f: MailFolder) => f.id);
    // The flow folder (-17, the mails made into tasks: tests/flow/mail-tasks.test.ts) where the company uses flow.
    expect(ids.slice(7, 12)).toEqual([-1, -2, -3, -4, -17]);
    expect(ids.slice(-2)).toEqual([-9, -15]);
    const sortOrders = r.body.map((f: MailFolder) => f.sortOrder);
    expect([...sortOrders].sort((a, b) => a - b)).toEqual(sortOrders);
    for (const f of r.body as MailFolder[]) {
      expect(Object.keys(f)).toEqual(expect.arrayContaining([
        "id", "parentId", "folderType", "nameFolder", "color", "icon", "childCount", "children", "sortOrder", "newCount",
        "totalCount", "usedSize", "options", "shareFolders",
      ]));
    }
  });

  test("system and private folders carry their exact counters; private folders nest", async () => {
    const tree: MailFolder[] = (await t.call("GET", "/api/folders", { token: A.token })).body;
    expect(byType(tree, "INBOX")).toMatchObject({ totalCount: 2, newCount: 1, usedSize: sizes.inbox1 + sizes.inbox2, icon: "inbox" });
    expect(byType(tree, "DELETED")).toMatchObject({ totalCount: 1, newCount: 1 });
    const root = byType(tree, "PRIVATE_ROOT");
    expect(root.childCount).toBe(1);
    expect(root.children[0]).toMatchObject({ id: work.id, nameFolder: "Work", childCount: 1, totalCount: 0, parentId: root.id });
    expect(root.children[0].children[0]).toMatchObject({
      id: reports.id, parentId: work.id, folderType: "PRIVATE", totalCount: 1, newCount: 1, usedSize: sizes.reports,
      childCount: 0, children: [], shareFolders: null, shareable: true,
    });
  });

  test("virtual folders count everything but trash, spam and drafts", async () => {
    const tree: MailFolder[] = (await t.call("GET", "/api/folders", { token: A.token })).body;
    expect(byType(tree, "ALL")).toMatchObject({
      id: -1, totalCount: 3, newCount: 2, usedSize: sizes.inbox1 + sizes.inbox2 + sizes.reports,
    });
    expect(byType(tree, "IMPORTANT")).toMatchObject({ id: -2, totalCount: 1, newCount: 0, usedSize: sizes.inbox2 });
    expect(byType(tree, "UNREAD")).toMatchObject({ id: -3, totalCount: 2, newCount: 2 });
    expect(byType(tree, "ATTACH")).toMatchObject({ id: -4, totalCount: 1, newCount: 1, usedSize: sizes.reports });
  });

  test("one tag folder per tag, with colour and counts", async () => {
    const tree: MailFolder[] = (await t.call("GET", "/api/folders", { token: A.token })).body;
    const tags = byType(tree, "TAG_ROOT");
    expect(tags.children.map((c) => c.id)).toEqual(["t_later", "t_urgent"]);
    expect(tags.children[1]).toMatchObject({
      folderType: "TAG", tag: "urgent", color: "#ff0000", parentId: tags.id, totalCount: 2, newCount: 1,
    });
    expect(tags.children[0]).toMatchObject({ tag: "later", color: null, totalCount: 1, newCount: 1 });
  });

  test("counts follow reading a mail", async () => {
    const inbox = await systemFolderId(t, A, "INBOX");
    await t.db.db.update(mails).set({ read: true }).where(eq(mails.folderId, inbox));
    const tree: MailFolder[] = (await t.call("GET", "/api/folders", { token: A.token })).body;
    expect(byType(tree, "INBOX")).toMatchObject({ totalCount: 2, newCount: 0 });
    expect(byType(tree, "UNREAD")).toMatchObject({ totalCount: 1, newCount: 1 });
  });

  test("an org-chart-restricted user sees no sharing root and nothing shareable", async () => {
    const u = await adminApi(t).newUser(A.token, { loginId: "restricted", accountName: "Rita" });
    expect((await t.call("PUT", `/api/admin/users/${u.id}`, { token: A.token, json: { isOrgChartRestricted: true } })).status).toBe(200);
    const token = (await login(t, u.username, USER_PASSWORD)).access_token;
    expect((await t.call("POST", "/api/folders", { token, json: { folderType: "PRIVATE", nameFolder: "Mine" } })).status).toBe(201);
    const tree: MailFolder[] = (await t.call("GET", "/api/folders", { token })).body;
    expect(tree.map((f) => f.folderType)).not.toContain("SHARING_ROOT");
    expect(tree.map((f) => f.folderType)).toContain("SHARED_ROOT");
    expect(byType(tree, "PRIVATE_ROOT").children[0]).toMatchObject({ nameFolder: "Mine", shareable: false });
    expect((await t.call("GET", "/api/folders/-15", { token })).status).toBe(404);
  });
});

describe("folderScope (the list's view of a folder)", () => {
  test("holds exactly the mails each folder of the tree counts", async () => {
    const tree: MailFolder[] = (await t.call("GET", "/api/folders", { token: A.token })).body;
    const ids = ["-1", "-2", "-3", "-4", "all", "t_urgent", "t_later", String(reports.id), String(byType(tree, "INBOX").id)];
    for (const id of ids) {
      const scope = await folderScope(t.db.db, A.companyId, A.userId, id);
      if (!scope || scope.kind === "search") throw new Error(`no list scope for ${id}`);
      const [{ n, unread }] = await t.db.db.select({ n: sql<number>`count(*)::int`, unread: sql<number>`(count(*) filter (where not ${mails.read}))::int` })
        .from(mails).where(scope.where);
      const node = find(tree, id === "all" ? -1 : /^-?\d+$/.test(id) ? Number(id) : id)!;
      expect([n, unread], id).toEqual([node.totalCount, node.newCount]);
    }
    for (const id of ["-5", "-9", "t_nope", "999999", "x"]) expect(await folderScope(t.db.db, A.companyId, A.userId, id), id).toBeUndefined();
  });
});

describe("GET api/folders/{id}", () => {
  test("a real folder with its sub-folders, a virtual folder, a root and a tag folder", async () => {
    const w = await t.call("GET", `/api/folders/${work.id}`, { token: A.token });
    expect(w.status).toBe(200);
    expect(w.body).toMatchObject({ id: work.id, childCount: 1, children: [{ id: reports.id }] });
    expect((await t.call("GET", "/api/folders/-4", { token: A.token })).body).toMatchObject({ folderType: "ATTACH", totalCount: 1 });
    expect((await t.call("GET", "/api/folders/-100", { token: A.token })).body).toMatchObject({ folderType: "TAG_ROOT", childCount: 2 });
    expect((await t.call("GET", "/api/folders/-9", { token: A.token })).body).toMatchObject({ folderType: "SHARED_ROOT", children: [] });
    expect((await t.call("GET", "/api/folders/t_urgent", { token: A.token })).body).toMatchObject({ tag: "urgent", totalCount: 2 });
  });

  test("unknown ids answer 404", async () => {
    for (const id of ["999999", "-7", "-1000", "t_nope", "abc", "t_"]) {
      expect((await t.call("GET", `/api/folders/${id}`, { token: A.token })).status, id).toBe(404);
    }
  });
});

describe("PUT api/folders/sync", () => {
  test("recounts every folder from the mails and answers the tree", async () => {
    const inbox = await systemFolderId(t, A, "INBOX");
    // Counters knocked off by hand (what the repair exists for).
    await t.db.db.update(mailFolders).set({ totalCount: 40, newCount: 7, usedSize: 1 }).where(eq(mailFolders.id, inbox));
    await t.db.db.update(mailFolders).set({ totalCount: 0, newCount: 0, usedSize: 0 }).where(eq(mailFolders.id, reports.id as number));
    const r = await t.call("PUT", "/api/folders/sync", { token: A.token });
    expect(r.status).toBe(200);
    expect(byType(r.body, "INBOX")).toMatchObject({ totalCount: 2, newCount: 0, usedSize: sizes.inbox1 + sizes.inbox2 });
    expect(find(r.body, reports.id)).toMatchObject({ totalCount: 1, newCount: 1, usedSize: sizes.reports });
    expect(await folderRow(t, inbox)).toMatchObject({ totalCount: 2, newCount: 0 });
    // Counters kept by the triggers afterwards still add up.
    await file(t, A, { folder: "INBOX" }, "after sync");
    expect(await folderRow(t, inbox)).toMatchObject({ totalCount: 3, newCount: 1 });
  });
});
