// Deleting and restoring boards (001 §4; shared/board/boards.ts): sub-boards follow their parent, only managers
// (and company admins) restore, within RESTORE_DAYS, the parent first; the deleted list; the purge job removes
// boards past RESTORE_DAYS with their posts, replies and files, and the blob collector sees board_files.
import { beforeAll, describe, expect, test } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { boardFiles, boardPosts, boardReplies, boards } from "../../db/schema/index.ts";
import { blobColumns } from "../../server/backup/catalogue.ts";
import { purgeDeletedBoards } from "../../server/modules/board/boards/lifecycle.ts";
import { boardJobs } from "../../server/modules/board/jobs.ts";
import type { BoardDetail, BoardNode, BoardTree } from "../../shared/board/boards.ts";
import { RESTORE_DAYS } from "../../shared/board/constants.ts";
import { PW } from "../share/share-helpers.ts";
import { ADMIN_PASSWORD, createTestApp, login } from "../support/test-app.ts";
import { boardApi, type BoardCompany, boardCompany, makeBoard, type Person } from "./support.ts";

const t = await createTestApp();
const api = boardApi(t);
const DAY = 86_400_000;
let A: BoardCompany, B: BoardCompany;

beforeAll(async () => {
  A = await boardCompany(t, "board-life-a.test");
  B = await boardCompany(t, "board-life-b.test");
});

/** Signs in again after the clock moved past the access token's life. */
async function fresh<P extends { username: string; token: string }>(p: P, password = PW): Promise<P> {
  return { ...p, token: (await login(t, p.username, password)).access_token };
}
async function refreshAll() {
  for (const C of [A, B]) {
    for (const k of ["manager", "sales", "salesPart", "dev"] as const) C[k] = await fresh<Person>(C[k]);
    C.admin = await fresh(C.admin, ADMIN_PASSWORD);
  }
}
const ids = (nodes: BoardNode[]): number[] => nodes.flatMap((n) => [n.id, ...ids(n.children)]);
const treeIds = async (who: { token: string }) => ids((await api.ok<BoardTree>(200, "GET", "list", who)).boards);
const deletedIds = async (who: { token: string }) => (await api.ok<BoardNode[]>(200, "GET", "deleted", who)).map((n) => n.id);

describe("delete", () => {
  test("MANAGE deletes; the sub-boards follow with the same time; the deleted list shows them to managers and admins", async () => {
    const top = await makeBoard(t, A.manager, { name: "지울 상위" });
    const mid = await makeBoard(t, A.manager, { name: "지울 중간", parentId: top.id });
    await api.fails(403, "board.8", "POST", "", A.sales, { name: "남이 만든 하위", description: "x", parentId: mid.id });
    const leaf = await makeBoard(t, A.manager, { name: "지울 하위", parentId: mid.id });
    await api.fails(403, "board.8", "DELETE", `${top.id}`, A.sales);
    const gone = await api.ok(200, "DELETE", `${top.id}`, A.manager);
    expect(gone).toEqual({ id: top.id, deletedTimeMillis: t.clock.now().getTime() });
    const rows = await t.db.db.select({ id: boards.id, deletedAt: boards.deletedAt, deletedBy: boards.deletedBy }).from(boards)
      .where(inArray(boards.id, [top.id, mid.id, leaf.id]));
    expect(rows.map((r) => [r.deletedAt?.getTime(), r.deletedBy])).toEqual(rows.map(() => [t.clock.now().getTime(), A.manager.id]));
    for (const who of [A.manager, A.dev, A.admin]) {
      const seen = await treeIds(who);
      expect(seen).not.toContain(top.id);
      expect(seen).not.toContain(leaf.id);
    }
    await api.fails(404, "board.8", "GET", `detail/${top.id}`, A.manager);
    await api.fails(404, "board.8", "GET", `privilege/${leaf.id}`, A.manager);
    await api.fails(404, "board.8", "DELETE", `${top.id}`, A.manager);
    const listed = await api.ok<BoardNode[]>(200, "GET", "deleted", A.manager);
    expect(listed.find((n) => n.id === top.id)).toMatchObject({ isDeleted: true, deletedTimeMillis: t.clock.now().getTime(), name: "지울 상위" });
    expect(listed.map((n) => n.id)).toEqual(expect.arrayContaining([top.id, mid.id, leaf.id]));
    expect(await deletedIds(A.admin)).toEqual(expect.arrayContaining([top.id, mid.id, leaf.id]));
    expect(await deletedIds(A.dev)).toEqual([]);
    expect(await deletedIds(B.admin)).toEqual([]);
  });
});

describe("restore", () => {
  test("a manager restores within RESTORE_DAYS; what was deleted with it comes back, what was deleted before stays", async () => {
    const top = await makeBoard(t, A.manager, { name: "복구 상위" });
    const early = await makeBoard(t, A.manager, { name: "먼저 지운 하위", parentId: top.id });
    const child = await makeBoard(t, A.manager, { name: "함께 지운 하위", parentId: top.id });
    const grand = await makeBoard(t, A.manager, { name: "함께 지운 손자", parentId: child.id });
    await api.ok(200, "DELETE", `${early.id}`, A.manager);
    t.clock.advance(60_000);
    await api.ok(200, "DELETE", `${top.id}`, A.manager);
    // Others: a member who may read it sees it as missing; another company too.
    await api.fails(404, "board.8", "PUT", `${top.id}/restore`, A.dev);
    await api.fails(404, "board.8", "PUT", `${top.id}/restore`, B.admin);
    // The parent first.
    await api.fails(409, "board.parent_deleted", "PUT", `${child.id}/restore`, A.manager);
    t.clock.advance((RESTORE_DAYS - 1) * DAY);
    await refreshAll();
    const back = await api.ok<BoardDetail>(200, "PUT", `${top.id}/restore`, A.manager);
    expect(back).toMatchObject({ id: top.id, isDeleted: false, deletedTimeMillis: null, childCount: 1, userPrivilege: "MANAGE" });
    const seen = await treeIds(A.dev);
    expect(seen).toEqual(expect.arrayContaining([top.id, child.id, grand.id]));
    expect(seen).not.toContain(early.id);
    await api.fails(409, "board.not_deleted", "PUT", `${top.id}/restore`, A.manager);
    await api.fails(403, "board.8", "PUT", `${top.id}/restore`, A.dev);
    // The one deleted earlier is on its own now (its parent is back) and still restorable a day before its end.
    expect(await deletedIds(A.manager)).toContain(early.id);
    await api.ok(200, "PUT", `${early.id}/restore`, A.manager);
  });

  test("past RESTORE_DAYS: 409 board.restore_expired and gone from the deleted list; a company admin restores too", async () => {
    const old = await makeBoard(t, A.manager, { name: "오래된 삭제" });
    const byAdmin = await makeBoard(t, A.manager, { name: "관리자가 살림" });
    await api.ok(200, "DELETE", `${old.id}`, A.manager);
    await api.ok(200, "DELETE", `${byAdmin.id}`, A.manager);
    t.clock.advance(RESTORE_DAYS * DAY - 1000);
    await refreshAll();
    expect(await deletedIds(A.manager)).toContain(old.id);
    await api.ok(200, "PUT", `${byAdmin.id}/restore`, A.admin);
    t.clock.advance(2000);
    await refreshAll();
    expect(await deletedIds(A.manager)).not.toContain(old.id);
    await api.fails(409, "board.restore_expired", "PUT", `${old.id}/restore`, A.manager);
  });
});

describe("the purge job", () => {
  test("boards deleted more than RESTORE_DAYS ago go for good with their sub-boards, posts, replies and files; newer ones stay", async () => {
    expect(boardJobs(t.deps).map((j) => j.name)).toContain("board-purge");
    expect((await blobColumns(t.deps.sql)).some((c) => c.table === "board_files" && c.column === "blob_key")).toBe(true);
    const old = await makeBoard(t, A.manager, { name: "지워질 게시판" });
    const oldSub = await makeBoard(t, A.manager, { name: "지워질 하위", parentId: old.id });
    const recent = await makeBoard(t, A.manager, { name: "아직 남을 게시판" });
    const bBoard = await makeBoard(t, B.manager, { name: "B 지워질 게시판" });
    const now = () => t.clock.now();
    const [p] = await t.db.db.insert(boardPosts).values({
      companyId: A.co.companyId, boardId: oldSub.id, userId: A.manager.id, title: "남은 글", content: "<p>x</p>", createdAt: now(), updatedAt: now(),
    }).returning();
    await t.db.db.insert(boardReplies).values({ companyId: A.co.companyId, postId: p.id, userId: A.dev.id, content: "댓글", createdAt: now(), updatedAt: now() });
    const blob = await t.deps.blobs.put(new TextEncoder().encode("board purge bytes"));
    await t.db.db.insert(boardFiles).values({
      companyId: A.co.companyId, uploaderId: A.manager.id, postId: p.id, name: "a.txt", size: 17, contentType: "text/plain", blobKey: blob.key, createdAt: now(),
    });
    await api.ok(200, "DELETE", `${old.id}`, A.manager);
    await api.ok(200, "DELETE", `${bBoard.id}`, B.manager);
    t.clock.advance(RESTORE_DAYS * DAY + 1000);
    await refreshAll();
    await api.ok(200, "DELETE", `${recent.id}`, A.manager);
    expect(await purgeDeletedBoards(t.deps)).toBeGreaterThanOrEqual(2);
    const left = await t.db.db.select({ id: boards.id }).from(boards).where(inArray(boards.id, [old.id, oldSub.id, recent.id, bBoard.id]));
    expect(left.map((r) => r.id)).toEqual([recent.id]);
    expect(await t.db.db.select().from(boardPosts).where(eq(boardPosts.id, p.id))).toEqual([]);
    expect(await t.db.db.select().from(boardReplies).where(eq(boardReplies.postId, p.id))).toEqual([]);
    expect(await t.db.db.select().from(boardFiles).where(eq(boardFiles.blobKey, blob.key))).toEqual([]);
    await api.fails(404, "board.8", "PUT", `${old.id}/restore`, A.manager);
    // Nothing more to do: a second pass removes nothing, the recent one is still restorable.
    expect(await purgeDeletedBoards(t.deps)).toBe(0);
    await api.ok(200, "PUT", `${recent.id}/restore`, A.manager);
  });

  test("two purges at once claim different boards and remove each once", async () => {
    const made: number[] = [];
    for (let i = 0; i < 30; i++) made.push((await makeBoard(t, A.admin, { name: `동시 삭제 ${i}` })).id);
    for (const id of made) await api.ok(200, "DELETE", `${id}`, A.admin);
    t.clock.advance(RESTORE_DAYS * DAY + 1000);
    await refreshAll();
    const [one, two] = await Promise.all([purgeDeletedBoards(t.deps), purgeDeletedBoards(t.deps)]);
    expect(one + two).toBe(30);
    expect(await t.db.db.select().from(boards).where(inArray(boards.id, made))).toEqual([]);
  });
});
