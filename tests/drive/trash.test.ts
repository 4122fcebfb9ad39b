// The trash: DELETE (to the trash, with deleteTimeMillis; the sub-tree goes along), PUT restore (back where it
// was, or the ROOT, "(n)" when taken), DELETE {id}/clean, DELETE trash, and the 7-day purge job; the quota
// counts trash until purged; shares and links of purged items are forgotten.
import { beforeAll, describe, expect, it } from "vitest";
import type { DriveItem } from "../../shared/drive/items.ts";
import { purgeTrash } from "../../server/modules/drive/trash/service.ts";
import { createTestApp } from "../support/test-app.ts";
import { driveCast, usedSize } from "./helpers.ts";

const t = await createTestApp();
const { api, A, B, member: alice, root } = await driveCast(t, "trash");
let trash: DriveItem;

beforeAll(async () => {
  trash = await api.trash(A.admin);
});

const trashNames = async () => await api.names(A.admin, { folderId: trash.id, sort: "deleteTimeMillis" });

describe("DELETE (to the trash)", () => {
  it("moves items to the trash with their deletion time; the sub-tree is hidden with them", async () => {
    const f = await api.folder(A.admin, root.id, "Old");
    const inner = await api.uploadOk(A.admin, f.id, "inner.txt", "123");
    const before = await usedSize(t, A.admin.id);
    const at = t.clock.now().getTime();
    await api.ok(204, "DELETE", "/api/drive", A.admin, { fileIds: [f.id, inner.id] });
    const list = await api.list(A.admin, { folderId: trash.id });
    expect(list.list.content.map((i) => [i.fileName, i.deleteTimeMillis])).toEqual([["Old", at]]);
    expect(await api.names(A.admin, { folderId: root.id })).not.toContain("Old");
    expect(await usedSize(t, A.admin.id)).toBe(before);
    expect((await api.raw("GET", `/api/drive/list?folderId=${f.id}`, A.admin)).status).toBe(404);
    expect(await api.names(A.admin, { folderId: -4, searchWord: "inner" })).toEqual([]);
  });

  it("bad input, others and other companies", async () => {
    const f = await api.uploadOk(A.admin, root.id, "keep.txt");
    expect((await api.raw("DELETE", "/api/drive", A.admin, {})).status).toBe(400);
    expect((await api.raw("DELETE", "/api/drive", A.admin, { fileIds: [root.id] })).status).toBe(404);
    expect((await api.raw("DELETE", "/api/drive", alice, { fileIds: [f.id] })).status).toBe(403);
    expect((await api.raw("DELETE", "/api/drive", B.admin, { fileIds: [f.id] })).status).toBe(404);
    expect(await api.names(A.admin, { folderId: root.id })).toContain("keep.txt");
  });
});

describe("PUT restore", () => {
  it("puts items back where they were, or in the ROOT when that folder is gone, '(n)' when the name is taken", async () => {
    const home = await api.folder(A.admin, root.id, "Home");
    const a = await api.uploadOk(A.admin, home.id, "a.txt");
    const b = await api.uploadOk(A.admin, home.id, "b.txt");
    await api.ok(204, "DELETE", "/api/drive", A.admin, { fileIds: [a.id] });
    await api.uploadOk(A.admin, home.id, "a.txt", "new one");
    const [back] = await api.ok<DriveItem[]>(200, "PUT", "/api/drive/restore", A.admin, { fileIds: [a.id] });
    expect(back).toMatchObject({ parentId: home.id, fileName: "a (1).txt", deleteTimeMillis: null });
    await api.ok(204, "DELETE", "/api/drive", A.admin, { fileIds: [b.id] });
    await api.ok(204, "DELETE", "/api/drive", A.admin, { fileIds: [home.id] });
    const [orphan] = await api.ok<DriveItem[]>(200, "PUT", "/api/drive/restore", A.admin, { fileIds: [b.id] });
    expect(orphan.parentId).toBe(root.id);
    const [folderBack] = await api.ok<DriveItem[]>(200, "PUT", "/api/drive/restore", A.admin, { fileIds: [home.id] });
    expect(folderBack.parentId).toBe(root.id);
    expect((await api.names(A.admin, { folderId: home.id, sort: "fileName", dir: "asc" }))).toEqual(["a (1).txt", "a.txt"]);
  });

  it("refuses live items (drive.not_in_trash), items inside a trashed folder, others' items", async () => {
    const live = await api.uploadOk(A.admin, root.id, "live.txt");
    expect((await api.raw("PUT", "/api/drive/restore", A.admin, { fileIds: [live.id] })).body.code).toBe("drive.not_in_trash");
    const f = await api.folder(A.admin, root.id, "Box");
    const inside = await api.uploadOk(A.admin, f.id, "inside.txt");
    await api.ok(204, "DELETE", "/api/drive", A.admin, { fileIds: [f.id] });
    expect((await api.raw("PUT", "/api/drive/restore", A.admin, { fileIds: [inside.id] })).status).toBe(404);
    expect((await api.raw("PUT", "/api/drive/restore", alice, { fileIds: [f.id] })).status).toBe(404);
    expect((await api.raw("PUT", "/api/drive/restore", B.admin, { fileIds: [f.id] })).status).toBe(404);
    expect((await api.raw("PUT", "/api/drive/restore", A.admin, { fileIds: ["x"] })).status).toBe(400);
  });
});

describe("deleting for good", () => {
  it("DELETE {id}/clean removes a trash item and its sub-tree; the bytes leave the quota", async () => {
    const f = await api.folder(A.admin, root.id, "Clean");
    await api.uploadOk(A.admin, f.id, "x.bin", "0123456789");
    const before = await usedSize(t, A.admin.id);
    const live = await api.raw("DELETE", `/api/drive/${f.id}/clean`, A.admin);
    expect([live.status, live.body.code]).toEqual([400, "drive.not_in_trash"]);
    await api.ok(204, "DELETE", "/api/drive", A.admin, { fileIds: [f.id] });
    expect(await usedSize(t, A.admin.id)).toBe(before);
    expect((await api.raw("DELETE", `/api/drive/${f.id}/clean`, B.admin)).status).toBe(404);
    expect((await api.raw("DELETE", `/api/drive/${f.id}/clean`, alice)).status).toBe(404);
    expect((await api.raw("DELETE", `/api/drive/${f.id}/clean`, A.admin)).status).toBe(204);
    expect(await usedSize(t, A.admin.id)).toBe(before - 10);
    const rows = await t.db.sql`select count(*)::int as n from drive_items where company_id = ${A.companyId} and name in ('Clean', 'x.bin')`;
    expect(rows[0].n).toBe(0);
  });

  it("DELETE trash empties the caller's trash only", async () => {
    const mine = await api.uploadOk(A.admin, root.id, "mine-empty.txt");
    const theirs = await api.uploadOk(B.admin, (await api.root(B.admin)).id, "theirs-empty.txt");
    await api.ok(204, "DELETE", "/api/drive", A.admin, { fileIds: [mine.id] });
    await api.ok(204, "DELETE", "/api/drive", B.admin, { fileIds: [theirs.id] });
    await api.ok(204, "DELETE", "/api/drive/trash", A.admin);
    expect(await trashNames()).toEqual([]);
    expect(await api.names(B.admin, { folderId: (await api.trash(B.admin)).id })).toEqual(["theirs-empty.txt"]);
  });

  it("the purge job removes what has been in the trash over 7 days, with its shares and links", async () => {
    const old = await api.folder(A.admin, root.id, "Purge old");
    await api.ok(201, "POST", `/api/share/drive/${old.id}`, A.admin, { members: [{ memberType: "USER", memberId: alice.id, permission: 2 }] });
    await api.ok(201, "POST", "/api/share/links", A.admin, { moduleType: "drive", objectId: String(old.id), permission: "READ" });
    const recent = await api.uploadOk(A.admin, root.id, "purge-recent.txt");
    await api.ok(204, "DELETE", "/api/drive", A.admin, { fileIds: [old.id, recent.id] });
    // Deleted 7 days and a second ago, and 6 days ago.
    const now = t.clock.now().getTime();
    await t.db.sql`update drive_items set deleted_at = ${new Date(now - 7 * 86_400_000 - 1000).toISOString()} where id = ${old.id}`;
    await t.db.sql`update drive_items set deleted_at = ${new Date(now - 6 * 86_400_000).toISOString()} where id = ${recent.id}`;
    expect(await purgeTrash(t.deps)).toBe(1);
    expect(await trashNames()).toEqual(["purge-recent.txt"]);
    const shares = await t.db.sql`select count(*)::int as n from shares where module_type = 'drive' and object_id = ${String(old.id)}`;
    const links = await t.db.sql`select count(*)::int as n from share_links where module_type = 'drive' and object_id = ${String(old.id)}`;
    expect([shares[0].n, links[0].n]).toEqual([0, 0]);
    expect(await purgeTrash(t.deps)).toBe(0);
  });
});
