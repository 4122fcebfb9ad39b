// Two companies: company A's user tries every folder and tag call with company B's folder ids and tags.
// Each answers exactly as a missing id does (404), and nothing of B changes.
import { beforeAll, expect, test } from "vitest";
import { eq } from "drizzle-orm";
import { mailFolders, mails, mailTags } from "../../../db/schema/index.ts";
import type { MailFolder } from "../../../shared/mail/folders.ts";
import { createTestApp } from "../../support/test-app.ts";
import { type Co, company, file, find, newFolder, systemFolderId } from "./helpers.ts";

const t = await createTestApp();
let A: Co, B: Co;
let aFolder = 0;
const b: Record<string, number> = {};

async function snapshotB() {
  const folders = await t.db.db.select().from(mailFolders).where(eq(mailFolders.companyId, B.companyId)).orderBy(mailFolders.id);
  const tags = await t.db.db.select().from(mailTags).where(eq(mailTags.companyId, B.companyId)).orderBy(mailTags.id);
  const mailRows = await t.db.db.select({ id: mails.id, tags: mails.tags, folderId: mails.folderId }).from(mails)
    .where(eq(mails.companyId, B.companyId)).orderBy(mails.id);
  const shares = await t.db.sql`select * from shares where company_id = ${B.companyId} order by id`;
  return JSON.stringify({ folders, tags, mailRows, shares });
}

beforeAll(async () => {
  A = await company(t, "iso-alpha.test");
  B = await company(t, "iso-beta.test");
  aFolder = (await newFolder(t, A, { nameFolder: "A folder" })).id as number;
  b.private = (await newFolder(t, B, { nameFolder: "B private" })).id as number;
  b.child = (await newFolder(t, B, { nameFolder: "B child", parentId: b.private })).id as number;
  b.search = (await t.call("POST", "/api/folders", {
    token: B.token, json: { folderType: "SEARCH", nameFolder: "B search", options: { query: "secret" } },
  })).body.id;
  b.inbox = await systemFolderId(t, B, "INBOX");
  b.privateRoot = await systemFolderId(t, B, "PRIVATE_ROOT");
  b.searchRoot = await systemFolderId(t, B, "SEARCH_ROOT");
  expect((await t.call("POST", "/api/tag/shared_name", { token: B.token })).status).toBe(201);
  expect((await t.call("POST", "/api/tag/only_b", { token: B.token })).status).toBe(201);
  expect((await t.call("POST", "/api/tag/shared_name", { token: A.token })).status).toBe(201);
  await file(t, B, { folder: "INBOX", tags: ["shared_name", "only_b"] });
  await file(t, B, { folder: b.child, tags: ["shared_name"] });
  await file(t, A, { folder: "INBOX", tags: ["shared_name"] });
  // B's inbox counters knocked off: A's sync must not repair (or touch) them.
  await t.db.db.update(mailFolders).set({ totalCount: 99 }).where(eq(mailFolders.id, b.inbox));
});

test("every folder and tag call with B's ids answers 404 to A, and B is unchanged", async () => {
  const before = await snapshotB();
  const calls: [string, string, Record<string, unknown>?][] = [];
  for (const id of Object.values(b)) {
    calls.push(
      ["GET", `/api/folders/${id}`],
      ["PUT", `/api/folders/${id}/nameFolder`, { form: { nameFolder: "Hijacked" } }],
      ["PUT", `/api/folders/${id}/color`, { form: { color: "#000000" } }],
      ["PUT", `/api/folders/${id}/search`, { json: { nameFolder: "Hijacked", options: { query: "x" } } }],
      ["DELETE", `/api/folders/${id}`],
      ["PUT", `/api/folders/move/${id}/${aFolder}/inner`],
      ["PUT", `/api/folders/move/${aFolder}/${id}/inner`],
      ["PUT", `/api/folders/move/${aFolder}/${id}/before`],
      ["POST", "/api/folders", { json: { folderType: "PRIVATE", nameFolder: "In B", parentId: id } }],
      ["POST", "/api/folders", { json: { folderType: "SEARCH", nameFolder: "In B", parentId: id, options: { query: "x" } } }],
      ["GET", `/api/share/MAIL/${id}/members`],
      ["POST", `/api/share/MAIL/${id}`, { json: { members: [{ memberType: "USER", memberId: A.userId, permission: 3 }] } }],
    );
  }
  for (const tag of ["t_only_b"]) {
    calls.push(
      ["GET", `/api/folders/${tag}`],
      ["PUT", `/api/folders/${tag}/tag`, { json: { type: "update", tag: "renamed" } }],
      ["PUT", `/api/folders/${tag}/tag`, { json: { type: "delete" } }],
    );
  }
  for (const [method, path, opts] of calls) {
    const r = await t.call(method, path, { token: A.token, ...opts });
    expect([r.status, r.body?.code], `${method} ${path}`).toEqual([404, "common.404"]);
  }
  expect(await snapshotB()).toBe(before);
});

test("A's own tag and folder changes and sync leave B's same-named tag, mails and counters alone", async () => {
  const before = await snapshotB();
  expect((await t.call("PUT", "/api/folders/t_shared_name/tag", { token: A.token, json: { type: "update", tag: "renamed_a" } })).status).toBe(200);
  expect((await t.call("PUT", "/api/folders/t_renamed_a/tag", { token: A.token, json: { type: "delete" } })).status).toBe(204);
  expect((await t.call("PUT", "/api/folders/sync", { token: A.token })).status).toBe(200);
  expect((await t.call("PUT", `/api/folders/${aFolder}/nameFolder`, { token: A.token, form: { nameFolder: "B private" } })).status).toBe(200);
  expect(await snapshotB()).toBe(before);
  // A sees nothing of B in its tree or tags.
  const tree: MailFolder[] = (await t.call("GET", "/api/folders", { token: A.token })).body;
  for (const id of Object.values(b)) expect(find(tree, id)).toBeUndefined();
  const tags = (await t.call("GET", "/api/tag", { token: A.token })).body.content;
  expect(tags).toEqual([]);
  expect((await t.call("GET", "/api/tag/only", { token: A.token })).body).toEqual([]);
  // B's own sync repairs B.
  const synced = await t.call("PUT", "/api/folders/sync", { token: B.token });
  expect(find(synced.body, b.inbox)).toMatchObject({ totalCount: 1 });
});
