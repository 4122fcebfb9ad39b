// PUT {target}/moved, POST copy, GET moveable: the rules of 001 §5 (not into itself or below, not a copy into
// the folder it is in), names (409 on a move, "(n)" on a copy), quota on copies, and other users and companies.
import { describe, expect, it } from "vitest";
import type { DriveItem } from "../../shared/drive/items.ts";
import { createTestApp } from "../support/test-app.ts";
import { driveCast, setQuota, usedSize } from "./helpers.ts";

const t = await createTestApp();
const { api, A, B, member: alice, root } = await driveCast(t, "moves");

describe("PUT {target}/moved", () => {
  it("moves files and folders with their sub-trees", async () => {
    const src = await api.folder(A.admin, root.id, "Move src");
    const dst = await api.folder(A.admin, root.id, "Move dst");
    const sub = await api.folder(A.admin, src.id, "Sub");
    await api.uploadOk(A.admin, sub.id, "deep.txt");
    const file = await api.uploadOk(A.admin, src.id, "f.txt");
    const moved = await api.ok<DriveItem[]>(200, "PUT", `/api/drive/${dst.id}/moved`, A.admin, { fileIds: [sub.id, file.id] });
    expect(moved.map((m) => m.parentId)).toEqual([dst.id, dst.id]);
    expect(await api.names(A.admin, { folderId: dst.id })).toEqual(["Sub", "f.txt"]);
    expect(await api.names(A.admin, { folderId: sub.id })).toEqual(["deep.txt"]);
    expect(await api.names(A.admin, { folderId: src.id })).toEqual([]);
  });

  it("refuses a folder into itself or below it, a taken name, a file as target", async () => {
    const top = await api.folder(A.admin, root.id, "Loop");
    const inner = await api.folder(A.admin, top.id, "Inner");
    for (const target of [top.id, inner.id]) {
      const r = await api.raw("PUT", `/api/drive/${target}/moved`, A.admin, { fileIds: [top.id] });
      expect([r.status, r.body.code]).toEqual([400, "drive.move_into_descendant"]);
    }
    const other = await api.folder(A.admin, root.id, "Other");
    await api.folder(A.admin, other.id, "inner");
    const taken = await api.raw("PUT", `/api/drive/${other.id}/moved`, A.admin, { fileIds: [inner.id] });
    expect([taken.status, taken.body.code]).toEqual([409, "drive.name_taken"]);
    expect(await api.names(A.admin, { folderId: top.id })).toEqual(["Inner"]);
    const file = await api.uploadOk(A.admin, root.id, "target.txt");
    expect((await api.raw("PUT", `/api/drive/${file.id}/moved`, A.admin, { fileIds: [inner.id] })).body.code).toBe("drive.not_a_folder");
    expect((await api.raw("PUT", `/api/drive/${other.id}/moved`, A.admin, { fileIds: [] })).status).toBe(400);
    expect((await api.raw("PUT", `/api/drive/${other.id}/moved`, A.admin, { fileIds: [root.id] })).status).toBe(404);
  });

  it("other users and companies: 403 and 404, nothing moved", async () => {
    const mine = await api.uploadOk(A.admin, root.id, "mine.txt");
    const theirRoot = await api.root(alice);
    expect((await api.raw("PUT", `/api/drive/${theirRoot.id}/moved`, A.admin, { fileIds: [mine.id] })).status).toBe(403);
    expect((await api.raw("PUT", `/api/drive/${theirRoot.id}/moved`, alice, { fileIds: [mine.id] })).status).toBe(403);
    const bRoot = await api.root(B.admin);
    expect((await api.raw("PUT", `/api/drive/${bRoot.id}/moved`, B.admin, { fileIds: [mine.id] })).status).toBe(404);
    expect((await api.ok<DriveItem>(200, "GET", `/api/drive/${mine.id}`, A.admin)).parentId).toBe(root.id);
  });
});

describe("POST copy", () => {
  it("copies a folder's live sub-tree and counts the bytes again; '(n)' on a taken name", async () => {
    const src = await api.folder(A.admin, root.id, "Copy src");
    const dst = await api.folder(A.admin, root.id, "Copy dst");
    const sub = await api.folder(A.admin, src.id, "Sub");
    await api.uploadOk(A.admin, sub.id, "a.txt", "12345");
    const gone = await api.uploadOk(A.admin, sub.id, "gone.txt", "xx");
    await api.ok(204, "DELETE", "/api/drive", A.admin, { fileIds: [gone.id] });
    const before = await usedSize(t, A.admin.id);
    const [copy] = await api.ok<DriveItem[]>(201, "POST", "/api/drive/copy", A.admin, { fileIds: [src.id], targetFolderId: dst.id });
    expect(copy).toMatchObject({ fileName: "Copy src", parentId: dst.id, childCount: 1 });
    const [subCopy] = (await api.list(A.admin, { folderId: copy.id })).list.content;
    expect(await api.names(A.admin, { folderId: subCopy.id })).toEqual(["a.txt"]);
    expect(await usedSize(t, A.admin.id)).toBe(before + 5);
    const [again] = await api.ok<DriveItem[]>(201, "POST", "/api/drive/copy", A.admin, { fileIds: [src.id], targetFolderId: dst.id });
    expect(again.fileName).toBe("Copy src (1)");
    const file = await api.uploadOk(A.admin, src.id, "report.pdf", "pdf");
    const [fileCopy] = await api.ok<DriveItem[]>(201, "POST", "/api/drive/copy", A.admin, { fileIds: [file.id], targetFolderId: dst.id });
    const [fileCopy2] = await api.ok<DriveItem[]>(201, "POST", "/api/drive/copy", A.admin, { fileIds: [file.id], targetFolderId: dst.id });
    expect([fileCopy.fileName, fileCopy2.fileName]).toEqual(["report.pdf", "report (1).pdf"]);
  });

  it("refuses the current folder, a folder into itself, over the quota, others' folders", async () => {
    const f = await api.folder(A.admin, root.id, "Self");
    const inner = await api.folder(A.admin, f.id, "In");
    const same = await api.raw("POST", "/api/drive/copy", A.admin, { fileIds: [inner.id], targetFolderId: f.id });
    expect([same.status, same.body.code]).toEqual([400, "drive.copy_into_same_folder"]);
    const loop = await api.raw("POST", "/api/drive/copy", A.admin, { fileIds: [f.id], targetFolderId: inner.id });
    expect([loop.status, loop.body.code]).toEqual([400, "drive.move_into_descendant"]);
    const bob = await A.user("bob");
    const bobRoot = await api.root(bob);
    const big = await api.uploadOk(bob, bobRoot.id, "big.bin", "0123456789");
    const dst = await api.folder(bob, bobRoot.id, "dst");
    await setQuota(t, bob.id, 15);
    const over = await api.raw("POST", "/api/drive/copy", bob, { fileIds: [big.id], targetFolderId: dst.id });
    expect([over.status, over.body.code]).toEqual([507, "drive.73"]);
    expect(await api.names(bob, { folderId: dst.id })).toEqual([]);
    expect((await api.raw("POST", "/api/drive/copy", A.admin, { fileIds: [big.id], targetFolderId: root.id })).status).toBe(403);
    expect((await api.raw("POST", "/api/drive/copy", B.admin, { fileIds: [f.id], targetFolderId: (await api.root(B.admin)).id })).status).toBe(404);
    expect((await api.raw("POST", "/api/drive/copy", A.admin, { fileIds: [f.id] })).status).toBe(400);
  });
});

describe("GET moveable", () => {
  it("answers the owner's folders without the items and what is below them", async () => {
    const carol = await A.user("carol");
    const r = await api.root(carol);
    const a = await api.folder(carol, r.id, "A");
    const a1 = await api.folder(carol, a.id, "A1");
    const b = await api.folder(carol, r.id, "B");
    const list = await api.ok<DriveItem[]>(200, "GET", `/api/drive/moveable?fileIds[]=${a.id}`, carol);
    expect(list.map((i) => i.id).sort()).toEqual([r.id, b.id].sort());
    expect(list.some((i) => i.id === a1.id)).toBe(false);
    expect((await api.raw("GET", `/api/drive/moveable?fileIds[]=${a.id}`, B.admin)).status).toBe(404);
    expect((await api.raw("GET", `/api/drive/moveable?fileIds[]=${a.id}`, alice)).status).toBe(403);
    expect((await api.raw("GET", "/api/drive/moveable", carol)).status).toBe(400);
  });
});
