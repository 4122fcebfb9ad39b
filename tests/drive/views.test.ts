// GET list: a folder (folders first, each sort both ways, pages), recent -1 (any time, 7, 30, 90 days), important
// -2, my shares -3, search -4 (names with Korean two-syllable words, at least 2 characters), bad input, other
// users and companies.
import { beforeAll, describe, expect, it } from "vitest";
import type { DriveItem } from "../../shared/drive/items.ts";
import { createTestApp } from "../support/test-app.ts";
import { driveCast } from "./helpers.ts";

const t = await createTestApp();
const { api, A, B, member: alice, root } = await driveCast(t, "views");
let box: DriveItem;

beforeAll(async () => {
  box = await api.folder(A.admin, root.id, "Box");
  // Made one minute apart: b.txt (3 bytes) oldest, then a.txt (1), c.txt (2); folders Zeta, Alpha.
  for (const [name, bytes] of [["b.txt", "bbb"], ["a.txt", "a"], ["c.txt", "cc"]]) {
    await api.uploadOk(A.admin, box.id, name, bytes);
    t.clock.advance(60_000);
  }
  await api.folder(A.admin, box.id, "Zeta");
  t.clock.advance(60_000);
  await api.folder(A.admin, box.id, "Alpha");
});

describe("a folder's list", () => {
  it("folders first, then files, by each sort both ways", async () => {
    expect(await api.names(A.admin, { folderId: box.id })).toEqual(["Alpha", "Zeta", "c.txt", "a.txt", "b.txt"]);
    expect(await api.names(A.admin, { folderId: box.id, sort: "usedTimeMillis", dir: "asc" })).toEqual(["Zeta", "Alpha", "b.txt", "a.txt", "c.txt"]);
    expect(await api.names(A.admin, { folderId: box.id, sort: "fileName", dir: "asc" })).toEqual(["Alpha", "Zeta", "a.txt", "b.txt", "c.txt"]);
    expect(await api.names(A.admin, { folderId: box.id, sort: "fileName", dir: "desc" })).toEqual(["Zeta", "Alpha", "c.txt", "b.txt", "a.txt"]);
    // Folders have no size: equal sizes go by id, the same way.
    expect(await api.names(A.admin, { folderId: box.id, sort: "fileSize", dir: "desc" })).toEqual(["Alpha", "Zeta", "b.txt", "c.txt", "a.txt"]);
  });

  it("pages across the folders and files; answers the folder and the owner's permission 0", async () => {
    const p0 = await api.list(A.admin, { folderId: box.id, pageSize: 2, sort: "fileName", dir: "asc" });
    expect(p0.list).toMatchObject({ totalElements: 5, totalPages: 3, page: 0, pageSize: 2 });
    expect(p0.list.content.map((i) => i.fileName)).toEqual(["Alpha", "Zeta"]);
    expect(p0).toMatchObject({ permission: 0, result: true, message: null, folder: { id: box.id, fileName: "Box" } });
    const p1 = await api.list(A.admin, { folderId: box.id, pageSize: 2, page: 1, sort: "fileName", dir: "asc" });
    expect(p1.list.content.map((i) => i.fileName)).toEqual(["a.txt", "b.txt"]);
    const p2 = await api.list(A.admin, { folderId: box.id, pageSize: 2, page: 2, sort: "fileName", dir: "asc" });
    expect(p2.list.content.map((i) => i.fileName)).toEqual(["c.txt"]);
    const mixed = await api.list(A.admin, { folderId: box.id, pageSize: 3, page: 0, sort: "fileName", dir: "asc" });
    expect(mixed.list.content.map((i) => i.fileName)).toEqual(["Alpha", "Zeta", "a.txt"]);
    const defaults = await api.list(A.admin, { folderId: root.id });
    expect(defaults.list.pageSize).toBe(10);
  });

  it("bad input; other users and companies", async () => {
    for (const q of ["sort=size", "dir=up", "page=-1", "pageSize=0", "pageSize=201", "folderId=x", ""]) {
      const r = await api.raw("GET", `/api/drive/list?${q.startsWith("folderId") || q === "" ? q : `folderId=${box.id}&${q}`}`, A.admin);
      expect([q, r.status]).toEqual([q, 400]);
    }
    expect((await api.raw("GET", `/api/drive/list?folderId=${box.id}`, alice)).status).toBe(403);
    expect((await api.raw("GET", `/api/drive/list?folderId=${box.id}`, B.admin)).status).toBe(404);
    expect((await api.raw("GET", "/api/drive/list?folderId=-7", A.admin)).status).toBe(404);
    const file = (await api.list(A.admin, { folderId: box.id, sort: "fileName", dir: "asc" })).list.content[2];
    expect((await api.raw("GET", `/api/drive/list?folderId=${file.id}`, A.admin)).status).toBe(404);
  });
});

describe("the special views", () => {
  it("recent -1: own files used within the window, newest first", async () => {
    const carol = await A.user("carol");
    const r = await api.root(carol);
    await api.uploadOk(carol, r.id, "old.txt");
    t.clock.advance(40 * 86_400_000);
    await api.uploadOk(await login(carol), r.id, "month.txt");
    t.clock.advance(10 * 86_400_000);
    const fresh = await login(carol);
    await api.uploadOk(fresh, r.id, "new.txt");
    await api.folder(fresh, r.id, "folders are not recent");
    expect(await api.names(fresh, { folderId: -1 })).toEqual(["new.txt", "month.txt", "old.txt"]);
    expect(await api.names(fresh, { folderId: -1, days: 7 })).toEqual(["new.txt"]);
    expect(await api.names(fresh, { folderId: -1, days: 30 })).toEqual(["new.txt", "month.txt"]);
    expect(await api.names(fresh, { folderId: -1, days: 90 })).toEqual(["new.txt", "month.txt", "old.txt"]);
    expect(await api.names(await login(alice), { folderId: -1 })).toEqual([]);
  });

  it("search -4: names, Korean two-syllable words, at least 2 characters, own items only", async () => {
    const me = await login(A.admin);
    await api.uploadOk(me, root.id, "2026 회의록 정리.txt", "x");
    await api.uploadOk(me, root.id, "Quarterly report.pdf", "x");
    await api.uploadOk(me, root.id, "회의 안건.txt", "x");
    expect((await api.names(me, { folderId: -4, searchWord: "회의록" }))).toEqual(["2026 회의록 정리.txt"]);
    expect((await api.names(me, { folderId: -4, searchWord: "회의", sort: "fileName", dir: "asc" }))).toEqual(["2026 회의록 정리.txt", "회의 안건.txt"]);
    expect((await api.names(me, { folderId: -4, searchWord: "repo" }))).toEqual(["Quarterly report.pdf"]);
    expect((await api.names(me, { folderId: -4, searchWord: "QUARTERLY rep" }))).toEqual(["Quarterly report.pdf"]);
    expect(await api.names(me, { folderId: -4, searchWord: "!!" })).toEqual([]);
    const short = await api.raw("GET", "/api/drive/list?folderId=-4&searchWord=%ED%9A%8C", me);
    expect([short.status, short.body.code]).toEqual([400, "drive.search_too_short"]);
    expect((await api.raw("GET", "/api/drive/list?folderId=-4", me)).body.code).toBe("drive.search_too_short");
    expect(await api.names(await login(B.admin), { folderId: -4, searchWord: "회의" })).toEqual([]);
  });

  it("my shares -3: own items shared with members or by a link", async () => {
    const me = await login(A.admin);
    const shared = await api.folder(me, root.id, "Shared folder");
    const linked = await api.uploadOk(me, root.id, "linked.txt");
    await api.uploadOk(me, root.id, "private.txt");
    await api.ok(201, "POST", `/api/share/drive/${shared.id}`, me, { members: [{ memberType: "USER", memberId: alice.id, permission: 2 }] });
    await api.ok(201, "POST", "/api/share/links", me, { moduleType: "drive", objectId: String(linked.id), permission: "READ" });
    const list = await api.list(me, { folderId: -3 });
    expect(list.list.content.map((i) => [i.fileName, i.shareFlag, i.linkFlag])).toEqual([
      ["Shared folder", true, false], ["linked.txt", false, true],
    ]);
  });
});

async function login(m: { token: string; username?: string }) {
  // Tokens expire as the clock moves on: sign in again at the clock's time.
  if (!m.username) return m;
  const { login: signIn } = await import("../support/test-app.ts");
  const { PW } = await import("../share/share-helpers.ts");
  const isAdmin = m === A.admin || m === B.admin;
  const tokens = await signIn(t, m.username, isAdmin ? undefined : PW);
  return { ...m, token: tokens.access_token };
}
