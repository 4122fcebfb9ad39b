// Drive items: GET root, default, {id}, {parent}/children, {id}/super/parent, files; POST create, shortcut;
// PUT {id}/name, important; GET shortcut/{id}. Each with its rules, bad input, another user and another company.
import { describe, expect, it } from "vitest";
import type { DriveItem } from "../../shared/drive/items.ts";
import { createTestApp } from "../support/test-app.ts";
import { driveCast } from "./helpers.ts";

const t = await createTestApp();
const { api, A, B, member: alice, root } = await driveCast(t, "items");

describe("roots", () => {
  it("GET default and root make the user's ROOT and trash once, even when asked at once", async () => {
    const carol = await A.user("carol");
    const [a, b] = await Promise.all([api.root(carol), api.root(carol)]);
    expect(a.id).toBe(b.id);
    expect(a).toMatchObject({ fileType: "ROOT", parentId: null, owner: { id: carol.id } });
    const roots = await api.ok<DriveItem[]>(200, "GET", "/api/drive/root", carol);
    expect(roots.map((r) => [r.id < 0 ? r.id : "own", r.fileType])).toEqual([
      ["own", "ROOT"], [-1, "RECENT"], [-2, "IMPORTANT"], [-3, "SHARE"], ["own", "DELETED"],
    ]);
    const count = await t.db.sql`select count(*)::int as n from drive_items where owner_user_id = ${carol.id}`;
    expect(count[0].n).toBe(2);
  });

  it("GET root lists GOOGLE when the company's drive config enables it", async () => {
    await api.ok(200, "PUT", "/api/admin/company/config/drive", A.admin, { useGoogleDrive: true });
    const roots = await api.ok<DriveItem[]>(200, "GET", "/api/drive/root", A.admin);
    expect(roots.at(-1)).toMatchObject({ id: -5, fileType: "GOOGLE" });
    expect((await api.ok<DriveItem>(200, "GET", "/api/drive/-5", A.admin)).fileType).toBe("GOOGLE");
    expect((await api.ok<DriveItem[]>(200, "GET", "/api/drive/root", B.admin)).some((r) => r.id === -5)).toBe(false);
  });

  it("GET {id}: special views, own items; 404 for foreign and unknown ids, 403 for a colleague's", async () => {
    expect((await api.ok<DriveItem>(200, "GET", "/api/drive/-1", A.admin)).fileType).toBe("RECENT");
    expect((await api.ok<DriveItem>(200, "GET", `/api/drive/${root.id}`, A.admin)).id).toBe(root.id);
    expect((await api.raw("GET", "/api/drive/-9", A.admin)).status).toBe(404);
    expect((await api.raw("GET", "/api/drive/abc", A.admin)).status).toBe(404);
    const foreign = await api.raw("GET", `/api/drive/${root.id}`, B.admin);
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe("drive.not_found");
    expect((await api.raw("GET", "/api/drive/999999999", A.admin)).body.code).toBe("drive.not_found");
    const colleague = await api.raw("GET", `/api/drive/${root.id}`, alice);
    expect(colleague.status).toBe(403);
    expect(colleague.body.code).toBe("drive.66");
  });
});

describe("folders", () => {
  it("POST create: 201, names checked (required, 80, characters), unique ignoring case", async () => {
    const f = await api.folder(A.admin, root.id, "  Projects  ");
    expect(f).toMatchObject({ fileName: "Projects", fileType: "DIRECTORY", parentId: root.id, childCount: 0, extension: "" });
    const taken = await api.raw("POST", "/api/drive/create", A.admin, { fileName: "PROJECTS", parentId: root.id });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe("drive.name_taken");
    const cases: [unknown, string][] = [
      ["", "drive.name_required"], ["   ", "drive.name_required"], ["x".repeat(81), "drive.name_too_long"],
      ["a/b", "drive.name_invalid"], ["a\\b", "drive.name_invalid"], ["..", "drive.name_invalid"], ["a\u0007", "drive.name_invalid"],
    ];
    for (const [fileName, code] of cases) {
      const r = await api.raw("POST", "/api/drive/create", A.admin, { fileName, parentId: root.id });
      expect([r.status, r.body.code], String(fileName)).toEqual([400, code]);
    }
    expect((await api.folder(A.admin, root.id, "x".repeat(80))).fileName).toHaveLength(80);
    const shape = await api.raw("POST", "/api/drive/create", A.admin, { parentId: root.id });
    expect([shape.status, shape.body.code]).toEqual([400, "common.validation"]);
    expect((await api.raw("POST", "/api/drive/create", B.admin, { fileName: "x", parentId: root.id })).status).toBe(404);
    expect((await api.raw("POST", "/api/drive/create", alice, { fileName: "x", parentId: root.id })).status).toBe(403);
    const file = await api.uploadOk(A.admin, root.id, "not-a-folder.txt");
    expect((await api.raw("POST", "/api/drive/create", A.admin, { fileName: "x", parentId: file.id })).body.code).toBe("drive.not_a_folder");
  });

  it("children, super/parent and the child counts", async () => {
    const top = await api.folder(A.admin, root.id, "Top");
    const mid = await api.folder(A.admin, top.id, "Mid");
    const leaf = await api.folder(A.admin, mid.id, "Leaf");
    await api.uploadOk(A.admin, mid.id, "in-mid.txt");
    const kids = await api.ok<DriveItem[]>(200, "GET", `/api/drive/${top.id}/children`, A.admin);
    expect(kids.map((k) => [k.fileName, k.childCount])).toEqual([["Mid", 2]]);
    const crumbs = await api.ok<DriveItem[]>(200, "GET", `/api/drive/${leaf.id}/super/parent`, A.admin);
    expect(crumbs.map((c) => c.fileName)).toEqual(["ROOT", "Top", "Mid", "Leaf"]);
    expect((await api.raw("GET", `/api/drive/${top.id}/children`, B.admin)).status).toBe(404);
    expect((await api.raw("GET", `/api/drive/${leaf.id}/super/parent`, alice)).status).toBe(403);
  });

  it("PUT {id}/name renames; 409 when taken, 400 on a bad name, 404/403 for others", async () => {
    const a = await api.folder(A.admin, root.id, "Rename me");
    await api.folder(A.admin, root.id, "Taken");
    const renamed = await api.ok<DriveItem>(200, "PUT", `/api/drive/${a.id}/name`, A.admin, { fileName: "Renamed" });
    expect(renamed.fileName).toBe("Renamed");
    expect((await api.raw("PUT", `/api/drive/${a.id}/name`, A.admin, { fileName: "taken" })).status).toBe(409);
    expect((await api.ok<DriveItem>(200, "PUT", `/api/drive/${a.id}/name`, A.admin, { fileName: "RENAMED" })).fileName).toBe("RENAMED");
    expect((await api.raw("PUT", `/api/drive/${a.id}/name`, A.admin, { fileName: "" })).body.code).toBe("drive.name_required");
    expect((await api.raw("PUT", `/api/drive/${a.id}/name`, A.admin, {})).body.code).toBe("common.validation");
    const file = await api.uploadOk(A.admin, root.id, "doc.txt");
    const asPdf = await api.ok<DriveItem>(200, "PUT", `/api/drive/${file.id}/name`, A.admin, { fileName: "doc.pdf" });
    expect([asPdf.extension, asPdf.fileType]).toEqual(["pdf", "pdf"]);
    expect((await api.raw("PUT", `/api/drive/${a.id}/name`, B.admin, { fileName: "x" })).status).toBe(404);
    expect((await api.raw("PUT", `/api/drive/${a.id}/name`, alice, { fileName: "x" })).status).toBe(403);
    expect((await api.raw("PUT", `/api/drive/${root.id}/name`, A.admin, { fileName: "x" })).status).toBe(400);
  });

  it("PUT important marks items; all or nothing", async () => {
    const f = await api.uploadOk(A.admin, root.id, "star.txt");
    const [marked] = await api.ok<DriveItem[]>(200, "PUT", "/api/drive/important", A.admin, { fileIds: [f.id], important: true });
    expect(marked.important).toBe(true);
    expect((await api.names(A.admin, { folderId: -2 }))).toContain("star.txt");
    const other = await api.uploadOk(B.admin, (await api.root(B.admin)).id, "theirs.txt");
    const mixed = await api.raw("PUT", "/api/drive/important", A.admin, { fileIds: [f.id, other.id], important: false });
    expect(mixed.status).toBe(404);
    expect((await api.ok<DriveItem>(200, "GET", `/api/drive/${f.id}`, A.admin)).important).toBe(true);
    expect((await api.raw("PUT", "/api/drive/important", A.admin, { fileIds: [], important: true })).status).toBe(400);
    expect((await api.raw("PUT", "/api/drive/important", A.admin, { fileIds: [f.id] })).status).toBe(400);
  });

  it("GET files answers what the caller may read, in order", async () => {
    const x = await api.uploadOk(A.admin, root.id, "x.txt");
    const y = await api.uploadOk(A.admin, root.id, "y.txt");
    const theirs = await api.uploadOk(B.admin, (await api.root(B.admin)).id, "z.txt");
    const found = await api.ok<DriveItem[]>(200, "GET", `/api/drive/files?fileIds[]=${y.id}&fileIds[]=${theirs.id}&fileIds[]=${x.id}`, A.admin);
    expect(found.map((i) => i.fileName)).toEqual(["y.txt", "x.txt"]);
    expect((await api.raw("GET", "/api/drive/files", A.admin)).status).toBe(400);
  });
});

describe("shortcuts", () => {
  it("POST shortcut and GET shortcut/{id}: the target, named like it; not for others", async () => {
    const target = await api.uploadOk(A.admin, root.id, "target.pdf");
    const place = await api.folder(A.admin, root.id, "Shortcuts");
    const s = await api.ok<DriveItem>(201, "POST", "/api/drive/shortcut", A.admin, { fileId: target.id, parentId: place.id });
    expect(s).toMatchObject({ isShortcut: true, fileName: "target.pdf", targetId: target.id, fileType: "pdf", fileSize: 0 });
    const again = await api.ok<DriveItem>(201, "POST", "/api/drive/shortcut", A.admin, { fileId: target.id, parentId: place.id });
    expect(again.fileName).toBe("target (1).pdf");
    expect((await api.ok<DriveItem>(200, "GET", `/api/drive/shortcut/${s.id}`, A.admin)).id).toBe(target.id);
    expect((await api.raw("GET", `/api/drive/shortcut/${target.id}`, A.admin)).status).toBe(404);
    expect((await api.raw("GET", `/api/drive/shortcut/${s.id}`, B.admin)).status).toBe(404);
    expect((await api.raw("POST", "/api/drive/shortcut", B.admin, { fileId: target.id, parentId: (await api.root(B.admin)).id })).status).toBe(404);
    expect((await api.raw("POST", "/api/drive/shortcut", alice, { fileId: target.id, parentId: (await api.root(alice)).id })).status).toBe(403);
    expect((await api.raw("POST", "/api/drive/shortcut", A.admin, { fileId: target.id })).status).toBe(400);
    await api.ok(204, "DELETE", "/api/drive", A.admin, { fileIds: [target.id] });
    expect((await api.raw("GET", `/api/drive/shortcut/${s.id}`, A.admin)).status).toBe(404);
  });
});
