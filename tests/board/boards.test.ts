// The board tree's calls (shared/board/boards.ts): create with its places, members and managers, the tree with
// the special folders, unread counts and hiding, detail and privilege, update, rename, move, follow; who may
// do what (MANAGE, private boards, organisations with their sub-organisations); bad input; the FREE plan's
// limit; the module switched off; another company's boards.
import { beforeAll, describe, expect, test } from "vitest";
import { boardPostReads, boardPosts } from "../../db/schema/index.ts";
import type { BoardDetail, BoardNode, BoardPrivilege, BoardTree, HiddenBoard } from "../../shared/board/boards.ts";
import { BOARD_CHANGED, BOARD_DEPTH_MAX, boardTopic, FREE_PLAN_BOARDS } from "../../shared/board/constants.ts";
import type { ServerFrame } from "../../shared/realtime.ts";
import { createTestApp } from "../support/test-app.ts";
import { boardApi, type BoardCompany, boardCompany, makeBoard, setBoards } from "./support.ts";

const t = await createTestApp();
const api = boardApi(t);
let A: BoardCompany, B: BoardCompany;

beforeAll(async () => {
  A = await boardCompany(t, "boards-a.test");
  B = await boardCompany(t, "boards-b.test");
});

const tree = async (who: { token: string }) => (await api.ok<BoardTree>(200, "GET", "list", who)).boards;
const detail = (id: number, who: { token: string }) => api.ok<BoardDetail>(200, "GET", `detail/${id}`, who);
/** The tree's real boards (not the special folders) as [name, children names] pairs, depth first. */
function shape(nodes: BoardNode[]): unknown[] {
  return nodes.filter((n) => n.id > 0).map((n) => n.children.length ? [n.name, shape(n.children)] : n.name);
}
function find(nodes: BoardNode[], id: number): BoardNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const below = find(n.children, id);
    if (below) return below;
  }
  return undefined;
}

describe("create", () => {
  test("a member creates a top-level board and becomes its manager; the answer is the detail (201)", async () => {
    const b = await makeBoard(t, A.sales, { name: "자유게시판", description: "아무 이야기나" });
    expect(b).toMatchObject({
      name: "자유게시판", description: "아무 이야기나", boardType: "BOARD", groupId: null, visibility: "PUBLIC", publicPrivilege: "WRITE",
      userId: A.sales.id, userPrivilege: "MANAGE", memberType: "MANAGER", isDeleted: false, deletedTimeMillis: null, childCount: 0,
      postCount: 0, unreadCount: 0, following: false, mailAddress: null, members: { users: [], organs: [] },
    } satisfies Partial<BoardDetail>);
    expect(b.managers).toEqual([{ id: A.sales.id, name: "이영업", email: A.sales.email }]);
    expect(b.createdTimeMillis).toBe(t.clock.now().getTime());
    // POST /api/board without the trailing slash (the web's address) creates as well.
    const plain = await t.call("POST", "/api/board", { token: A.sales.token, json: { name: "슬래시 없이", description: "x" } });
    expect(plain.status, JSON.stringify(plain.body)).toBe(201);
    expect(plain.body.name).toBe("슬래시 없이");
    // Everyone of the company reads and writes a public board; the creator manages it.
    expect(await api.ok<BoardPrivilege>(200, "GET", `privilege/${b.id}`, A.dev)).toEqual({ userPrivilege: "WRITE", memberType: "PUBLIC" });
    expect(await api.ok<BoardPrivilege>(200, "GET", `privilege/${b.id}`, A.admin)).toEqual({ userPrivilege: "MANAGE", memberType: "PUBLIC" });
  });

  test("a group only at the top; boards in it and sub-boards under them, at most BOARD_DEPTH_MAX deep; sort order follows creation", async () => {
    const g = await makeBoard(t, A.manager, { name: "영업 그룹", boardType: "GROUP" });
    const one = await makeBoard(t, A.manager, { name: "영업 공지", parentId: g.id });
    const two = await makeBoard(t, A.manager, { name: "영업 자료", parentId: g.id });
    const sub = await makeBoard(t, A.manager, { name: "자료 하위", parentId: two.id });
    expect(BOARD_DEPTH_MAX).toBe(3);
    await api.fails(409, "board.move_invalid", "POST", "", A.manager, { name: "너무 깊음", description: "4단계", parentId: sub.id });
    await api.fails(409, "board.move_invalid", "POST", "", A.manager, { name: "그룹 안 그룹", description: "x", boardType: "GROUP", parentId: g.id });
    expect(one.groupId).toBe(g.id);
    expect(sub.groupId).toBe(two.id);
    const mine = await tree(A.manager);
    expect(find(mine, g.id)).toMatchObject({ boardType: "GROUP", childCount: 2, unreadCount: 0 });
    expect(shape(mine.filter((n) => n.id === g.id))).toEqual([["영업 그룹", ["영업 공지", ["영업 자료", ["자료 하위"]]]]]);
    expect((await detail(g.id, A.manager)).childCount).toBe(2);
  });

  test("under a parent: MANAGE on the parent (403 board.8), a missing or foreign parent 404 board.8", async () => {
    const g = await makeBoard(t, A.manager, { name: "관리자 그룹", boardType: "GROUP" });
    await api.fails(403, "board.8", "POST", "", A.sales, { name: "남의 그룹에", description: "x", parentId: g.id });
    await api.fails(404, "board.8", "POST", "", A.sales, { name: "없는 부모", description: "x", parentId: 999999999 });
    const foreign = await makeBoard(t, B.manager, { name: "B 그룹", boardType: "GROUP" });
    await api.fails(404, "board.8", "POST", "", A.admin, { name: "남의 회사에", description: "x", parentId: foreign.id });
    // A company admin manages every board: creates under it and becomes a manager of the new one.
    const byAdmin = await makeBoard(t, A.admin, { name: "관리자가 만든", parentId: g.id });
    expect(byAdmin.managers.map((m) => m.id)).toEqual([A.admin.id]);
  });

  test("members and managers: users and organisations of the company only, each once", async () => {
    const b = await makeBoard(t, A.manager, {
      name: "영업팀 게시판", visibility: "PRIVATE", managerIds: [A.sales.id, A.manager.id],
      members: { users: [{ userId: A.dev.id, privilege: "READ" }], organs: [{ organId: A.organs.sales, includeChildren: true, privilege: "WRITE" }] },
    });
    expect(b.managers.map((m) => m.id).sort()).toEqual([A.manager.id, A.sales.id].sort());
    expect(b.members).toEqual({
      users: [{ id: A.dev.id, name: "최개발", email: A.dev.email, privilege: "READ" }],
      organs: [{ id: A.organs.sales, name: "영업팀", includeChildren: true, privilege: "WRITE" }],
    });
    const base = { name: "중복", description: "x" };
    await api.fails(409, "board.member_duplicate", "POST", "", A.manager, {
      ...base, members: { users: [{ userId: A.dev.id }, { userId: A.dev.id, privilege: "READ" }] },
    });
    await api.fails(409, "board.member_duplicate", "POST", "", A.manager, {
      ...base, members: { organs: [{ organId: A.organs.dev }, { organId: A.organs.dev }] },
    });
    await api.fails(409, "board.member_duplicate", "POST", "", A.manager, { ...base, managerIds: [A.dev.id, A.dev.id] });
    const unknown = await api.fails(400, "common.validation", "POST", "", A.manager, { ...base, members: { users: [{ userId: B.dev.id }] } });
    expect(unknown.errors).toEqual([expect.objectContaining({ field: "members.users.0.userId" })]);
    await api.fails(400, "common.validation", "POST", "", A.manager, { ...base, members: { organs: [{ organId: B.organs.sales }] } });
    await api.fails(400, "common.validation", "POST", "", A.manager, { ...base, members: { organs: [{ organId: 999999999 }] } });
    await api.fails(400, "common.validation", "POST", "", A.manager, { ...base, managerIds: [B.manager.id] });
  });

  test("bad input: a missing or too long name or description, a wrong type (400 common.validation)", async () => {
    const bad = [
      { description: "이름 없음" },
      { name: "  ", description: "빈 이름" },
      { name: "설명 없음" },
      { name: "x".repeat(51), description: "긴 이름" },
      { name: "긴 설명", description: "x".repeat(201) },
      { name: "종류", description: "x", boardType: "FOLDER" },
      { name: "공개", description: "x", visibility: "SECRET" },
    ];
    for (const json of bad) {
      const r = await api.fails(400, "common.validation", "POST", "", A.manager, json);
      expect(r.errors?.length, JSON.stringify(json)).toBeGreaterThan(0);
    }
  });
});

describe("the tree", () => {
  test("the special folders first, then what the caller may read; a private board only for its people", async () => {
    const pub = await makeBoard(t, A.manager, { name: "전사 공지" });
    const priv = await makeBoard(t, A.manager, { name: "팀장 전용", visibility: "PRIVATE" });
    const folders = (await tree(A.dev)).slice(0, 5);
    expect(folders.map((n) => [n.id, n.boardType, n.name])).toEqual([
      [-1, "ALL", "all"], [-2, "MY", "my"], [-3, "MENTION", "mention"], [-4, "TRASH", "trash"], [-5, "NOTICE", "notice"],
    ]);
    expect(folders[0]).toMatchObject({ userPrivilege: "READ", memberType: "NONE", children: [], childCount: 0 });
    const devSees = await tree(A.dev);
    expect(find(devSees, pub.id)).toBeDefined();
    expect(find(devSees, priv.id)).toBeUndefined();
    expect(find(await tree(A.manager), priv.id)).toMatchObject({ userPrivilege: "MANAGE", memberType: "MANAGER" });
    expect(find(await tree(A.admin), priv.id)).toMatchObject({ userPrivilege: "MANAGE", memberType: "NONE" });
    await api.fails(403, "board.8", "GET", `detail/${priv.id}`, A.dev);
    expect(await api.ok<BoardPrivilege>(200, "GET", `privilege/${priv.id}`, A.dev)).toEqual({ userPrivilege: "NONE", memberType: "NONE" });
    // The top level is ordered by sort order: creation order here.
    const top = (await tree(A.manager)).filter((n) => n.id > 0).map((n) => n.id);
    expect(top.indexOf(pub.id)).toBeLessThan(top.indexOf(priv.id));
  });

  test("an organisation's board reaches its sub-organisation with includeChildren, not without", async () => {
    const withKids = await makeBoard(t, A.manager, {
      name: "영업 전체", visibility: "PRIVATE", members: { users: [], organs: [{ organId: A.organs.sales, includeChildren: true, privilege: "READ" }] },
    });
    const without = await makeBoard(t, A.manager, {
      name: "영업 본팀", visibility: "PRIVATE", members: { users: [], organs: [{ organId: A.organs.sales, includeChildren: false, privilege: "WRITE" }] },
    });
    expect(await api.ok(200, "GET", `privilege/${withKids.id}`, A.salesPart)).toEqual({ userPrivilege: "READ", memberType: "MEMBER" });
    expect(await api.ok(200, "GET", `privilege/${without.id}`, A.salesPart)).toEqual({ userPrivilege: "NONE", memberType: "NONE" });
    expect(await api.ok(200, "GET", `privilege/${without.id}`, A.sales)).toEqual({ userPrivilege: "WRITE", memberType: "MEMBER" });
    const part = await tree(A.salesPart);
    expect(find(part, withKids.id)).toBeDefined();
    expect(find(part, without.id)).toBeUndefined();
    expect((await detail(withKids.id, A.salesPart)).userPrivilege).toBe("READ");
    expect(find(await tree(A.dev), withKids.id)).toBeUndefined();
  });

  test("a group the caller may not read is shown for a board inside it the caller may read", async () => {
    const g = await makeBoard(t, A.manager, { name: "비공개 그룹", boardType: "GROUP", visibility: "PRIVATE" });
    const open = await makeBoard(t, A.manager, { name: "그룹 속 공개", parentId: g.id });
    const closed = await makeBoard(t, A.manager, { name: "그룹 속 비공개", parentId: g.id, visibility: "PRIVATE" });
    const devSees = await tree(A.dev);
    expect(find(devSees, g.id)).toMatchObject({ userPrivilege: "NONE", childCount: 1 });
    expect(find(devSees, g.id)!.children.map((c) => c.id)).toEqual([open.id]);
    expect(find(devSees, closed.id)).toBeUndefined();
    const empty = await makeBoard(t, A.manager, { name: "빈 비공개 그룹", boardType: "GROUP", visibility: "PRIVATE" });
    expect(find(await tree(A.dev), empty.id)).toBeUndefined();
  });

  test("unread counts per board, for all (-1) and for notices (-5), in one answer", async () => {
    const C = await boardCompany(t, "boards-unread.test");
    const one = await makeBoard(t, C.manager, { name: "하나" });
    const two = await makeBoard(t, C.manager, { name: "둘" });
    const priv = await makeBoard(t, C.manager, { name: "비공개", visibility: "PRIVATE" });
    // Posts written straight into the table (the posts' own calls are tested with them).
    // Written by C.sales (an author has read their own posts: they count for others only).
    const write = async (boardId: number, opts: { notice?: boolean; readBy?: number[]; daysAgo?: number } = {}) => {
      const now = new Date(t.clock.now().getTime() - (opts.daysAgo ?? 0) * 86_400_000);
      const [row] = await t.db.db.insert(boardPosts).values({
        companyId: C.co.companyId, boardId, userId: C.sales.id, title: "글", content: "<p>글</p>", isNotice: opts.notice ?? false,
        createdAt: now, updatedAt: now,
      }).returning();
      for (const u of opts.readBy ?? []) await t.db.db.insert(boardPostReads).values({ postId: row.id, userId: u, readAt: now });
    };
    await write(one.id);
    await write(one.id, { notice: true });
    await write(one.id, { readBy: [C.dev.id] });
    await write(two.id, { notice: true, readBy: [C.dev.id] });
    await write(priv.id);
    // Older than UNREAD_WINDOW_DAYS: not counted as unread any more.
    await write(one.id, { daysAgo: 31 });
    const trashed = await t.db.db.insert(boardPosts).values({
      companyId: C.co.companyId, boardId: two.id, userId: C.sales.id, title: "휴지통", content: "x", createdAt: t.clock.now(),
      updatedAt: t.clock.now(), deletedAt: t.clock.now(),
    }).returning();
    expect(trashed).toHaveLength(1);
    const dev = await tree(C.dev);
    expect(find(dev, one.id)!.unreadCount).toBe(2);
    expect(find(dev, two.id)!.unreadCount).toBe(0);
    expect(dev.find((n) => n.id === -1)!.unreadCount).toBe(2);
    expect(dev.find((n) => n.id === -5)!.unreadCount).toBe(1);
    expect(dev.filter((n) => n.id < -1 && n.id > -5).map((n) => n.unreadCount)).toEqual([0, 0, 0]);
    const manager = await tree(C.manager);
    expect(find(manager, one.id)!.unreadCount).toBe(3);
    expect(find(manager, priv.id)!.unreadCount).toBe(1);
    expect(manager.find((n) => n.id === -1)!.unreadCount).toBe(5);
    expect(manager.find((n) => n.id === -5)!.unreadCount).toBe(2);
    expect((await detail(one.id, C.manager))).toMatchObject({ unreadCount: 3, postCount: 4 });
    expect(find(await tree(C.sales), one.id)!.unreadCount).toBe(0);
    expect((await detail(two.id, C.dev))).toMatchObject({ unreadCount: 0, postCount: 1 });
  });
});

describe("hide, unhide and follow", () => {
  test("a hidden board leaves the tree; a hidden last child takes the children list; a hidden group its whole entry", async () => {
    const who = A.salesPart;
    const g = await makeBoard(t, A.manager, { name: "숨김 그룹", boardType: "GROUP" });
    const a = await makeBoard(t, A.manager, { name: "숨김 가", parentId: g.id });
    const b = await makeBoard(t, A.manager, { name: "숨김 나", parentId: g.id });
    await api.ok(200, "PUT", `${a.id}/hide`, who);
    expect(find(await tree(who), g.id)).toMatchObject({ childCount: 1 });
    expect(find(await tree(who), a.id)).toBeUndefined();
    await api.ok(200, "PUT", `${b.id}/hide`, who);
    expect(find(await tree(who), g.id)).toMatchObject({ childCount: 0, children: [] });
    expect((await api.ok<HiddenBoard[]>(200, "GET", "hidden", who)).filter((h) => h.id === a.id || h.id === b.id))
      .toEqual([{ id: a.id, groupId: g.id, name: "숨김 가" }, { id: b.id, groupId: g.id, name: "숨김 나" }]);
    await api.ok(200, "PUT", `${a.id}/unhide`, who);
    await api.ok(200, "PUT", `${g.id}/hide`, who);
    const after = await tree(who);
    expect(find(after, g.id)).toBeUndefined();
    expect(find(after, a.id)).toBeUndefined();
    // Only the caller's own tree changes.
    expect(find(await tree(A.sales), g.id)).toMatchObject({ childCount: 2 });
    await api.ok(200, "PUT", `${g.id}/unhide`, who);
    expect(find(await tree(who), g.id)).toMatchObject({ childCount: 1 });
  });

  test("hide: a board outside the caller's tree 403 board.8, missing or foreign 404 board.8", async () => {
    const priv = await makeBoard(t, A.manager, { name: "숨길 수 없는", visibility: "PRIVATE" });
    await api.fails(403, "board.8", "PUT", `${priv.id}/hide`, A.dev);
    await api.fails(404, "board.8", "PUT", "999999999/hide", A.dev);
    const foreign = await makeBoard(t, B.manager, { name: "B 게시판" });
    await api.fails(404, "board.8", "PUT", `${foreign.id}/hide`, A.dev);
    await api.fails(404, "board.8", "PUT", `${foreign.id}/follow`, A.dev, { follow: true });
  });

  test("follow: the tree and the detail show it; READ needed; a bad body 400", async () => {
    const b = await makeBoard(t, A.manager, { name: "구독 게시판" });
    expect(await api.ok(200, "PUT", `${b.id}/follow`, A.dev, { follow: true })).toEqual({ id: b.id, following: true });
    expect(find(await tree(A.dev), b.id)!.following).toBe(true);
    expect(find(await tree(A.sales), b.id)!.following).toBe(false);
    expect((await detail(b.id, A.dev)).following).toBe(true);
    await api.ok(200, "PUT", `${b.id}/follow`, A.dev, { follow: false });
    expect(find(await tree(A.dev), b.id)!.following).toBe(false);
    await api.fails(400, "common.validation", "PUT", `${b.id}/follow`, A.dev, {});
    const priv = await makeBoard(t, A.manager, { name: "구독 불가", visibility: "PRIVATE" });
    await api.fails(403, "board.8", "PUT", `${priv.id}/follow`, A.dev, { follow: true });
  });
});

describe("update, rename, move", () => {
  test("update (MANAGE): description, visibility, members, managers; a member without MANAGE 403 board.8", async () => {
    const b = await makeBoard(t, A.manager, { name: "수정 게시판" });
    await api.fails(403, "board.8", "PUT", `${b.id}`, A.sales, { description: "남이 바꿈" });
    await api.fails(403, "board.8", "PUT", `${b.id}/rename`, A.sales, { name: "남이 바꿈" });
    const u = await api.ok<BoardDetail>(200, "PUT", `${b.id}`, A.manager, {
      description: "새 설명", visibility: "PRIVATE", publicPrivilege: "READ",
      members: { users: [{ userId: A.dev.id, privilege: "READ" }] }, managerIds: [A.manager.id, A.sales.id],
    });
    expect(u).toMatchObject({ description: "새 설명", visibility: "PRIVATE", publicPrivilege: "READ" });
    expect(u.members.users.map((m) => [m.id, m.privilege])).toEqual([[A.dev.id, "READ"]]);
    expect(u.managers.map((m) => m.id).sort()).toEqual([A.manager.id, A.sales.id].sort());
    expect(await api.ok(200, "GET", `privilege/${b.id}`, A.dev)).toEqual({ userPrivilege: "READ", memberType: "MEMBER" });
    expect(await api.ok(200, "GET", `privilege/${b.id}`, A.salesPart)).toEqual({ userPrivilege: "NONE", memberType: "NONE" });
    // The manager hands the board over: their answer says what they may do now.
    const handed = await api.ok<BoardDetail>(200, "PUT", `${b.id}`, A.manager, { managerIds: [A.sales.id] });
    expect(handed.userPrivilege).toBe("NONE");
    await api.fails(403, "board.8", "PUT", `${b.id}`, A.manager, { description: "이제 못 함" });
    await api.fails(400, "common.validation", "PUT", `${b.id}`, A.sales, { managerIds: [] });
    await api.fails(400, "common.validation", "PUT", `${b.id}`, A.sales, { description: "" });
    await api.fails(409, "board.member_duplicate", "PUT", `${b.id}`, A.sales, { members: { users: [{ userId: A.dev.id }, { userId: A.dev.id }] } });
    await api.fails(400, "common.validation", "PUT", `${b.id}`, A.sales, { managerIds: [B.dev.id] });
  });

  test("a board with sub-boards cannot change visibility (409 board.visibility_locked); deleted sub-boards do not count", async () => {
    const parent = await makeBoard(t, A.manager, { name: "상위" });
    const child = await makeBoard(t, A.manager, { name: "하위", parentId: parent.id });
    await api.fails(409, "board.visibility_locked", "PUT", `${parent.id}`, A.manager, { visibility: "PRIVATE" });
    // The same visibility again is no change.
    await api.ok(200, "PUT", `${parent.id}`, A.manager, { visibility: "PUBLIC", description: "그대로" });
    await api.ok(200, "DELETE", `${child.id}`, A.manager);
    expect((await api.ok<BoardDetail>(200, "PUT", `${parent.id}`, A.manager, { visibility: "PRIVATE" })).visibility).toBe("PRIVATE");
  });

  test("rename: MANAGE, a name of 1 to 50 characters", async () => {
    const b = await makeBoard(t, A.manager, { name: "옛 이름" });
    expect((await api.ok<BoardDetail>(200, "PUT", `${b.id}/rename`, A.manager, { name: "  새 이름 " })).name).toBe("새 이름");
    expect(find(await tree(A.dev), b.id)!.name).toBe("새 이름");
    await api.fails(400, "common.validation", "PUT", `${b.id}/rename`, A.manager, { name: "" });
    await api.fails(400, "common.validation", "PUT", `${b.id}/rename`, A.manager, { name: "x".repeat(51) });
    await api.fails(404, "board.8", "PUT", "999999999/rename", A.manager, { name: "없음" });
    expect((await api.raw("PUT", "abc/rename", A.manager, { name: "없음" })).status).toBe(404);
  });

  test("move: into a group after a sibling, to the top, never under itself or too deep; MANAGE on the new parent", async () => {
    const g = await makeBoard(t, A.manager, { name: "이동 그룹", boardType: "GROUP" });
    const x = await makeBoard(t, A.manager, { name: "가", parentId: g.id });
    const y = await makeBoard(t, A.manager, { name: "나", parentId: g.id });
    const m = await makeBoard(t, A.manager, { name: "옮길 게시판" });
    const sub = await makeBoard(t, A.manager, { name: "옮길 하위", parentId: m.id });
    const names = async () => find(await tree(A.manager), g.id)!.children.map((c) => c.name);
    const moved = await api.ok<BoardDetail>(200, "PUT", `${m.id}/move`, A.manager, { parentId: g.id, prevId: x.id });
    expect(moved.groupId).toBe(g.id);
    expect(await names()).toEqual(["가", "옮길 게시판", "나"]);
    expect(find(await tree(A.manager), m.id)!.children.map((c) => c.id)).toEqual([sub.id]);
    await api.ok(200, "PUT", `${m.id}/move`, A.manager, { parentId: g.id, prevId: null });
    expect(await names()).toEqual(["옮길 게시판", "가", "나"]);
    await api.ok(200, "PUT", `${m.id}/move`, A.manager, { parentId: g.id, prevId: y.id });
    expect(await names()).toEqual(["가", "나", "옮길 게시판"]);
    // Under itself or its sub-board, a group under anything, too deep, a prevId that is not a sibling.
    await api.fails(409, "board.move_invalid", "PUT", `${m.id}/move`, A.manager, { parentId: m.id });
    await api.fails(409, "board.move_invalid", "PUT", `${m.id}/move`, A.manager, { parentId: sub.id });
    await api.fails(409, "board.move_invalid", "PUT", `${g.id}/move`, A.manager, { parentId: x.id });
    await api.fails(409, "board.move_invalid", "PUT", `${m.id}/move`, A.manager, { parentId: x.id }); // g > x > m > sub: 4 levels
    await api.fails(409, "board.move_invalid", "PUT", `${m.id}/move`, A.manager, { parentId: g.id, prevId: sub.id });
    // To the top (after nothing: first).
    await api.ok(200, "PUT", `${m.id}/move`, A.manager, { parentId: null, prevId: null });
    expect((await tree(A.manager)).filter((n) => n.id > 0)[0].id).toBe(m.id);
    expect(await names()).toEqual(["가", "나"]);
    // A sub-board alone fits under x (g > x > sub).
    await api.ok(200, "PUT", `${sub.id}/move`, A.manager, { parentId: x.id });
    // MANAGE on the board and on the new parent.
    const other = await makeBoard(t, A.sales, { name: "남의 게시판" });
    await api.fails(403, "board.8", "PUT", `${m.id}/move`, A.manager, { parentId: other.id });
    await api.fails(403, "board.8", "PUT", `${other.id}/move`, A.manager, { parentId: null });
    await api.fails(400, "common.validation", "PUT", `${m.id}/move`, A.manager, { parentId: "x" });
  });
});

describe("special ids, the FREE plan, the module switch, another company", () => {
  test("privilege of the special folders by id or name; an unknown one 404 board.8", async () => {
    for (const id of ["-1", "-2", "-3", "-4", "-5", "all", "my", "mention", "trash", "notice"]) {
      expect(await api.ok(200, "GET", `privilege/${id}`, A.dev), id).toEqual({ userPrivilege: "READ", memberType: "NONE" });
    }
    await api.fails(404, "board.8", "GET", "privilege/-6", A.dev);
    await api.fails(404, "board.8", "GET", "privilege/nothing", A.dev);
    await api.fails(404, "board.8", "GET", "privilege/999999999", A.dev);
    await api.fails(404, "board.8", "GET", "detail/999999999", A.dev);
  });

  test("the FREE plan holds FREE_PLAN_BOARDS boards: the sixth 403 board.165; groups do not count; deleting frees a place", async () => {
    const F = await boardCompany(t, "boards-free.test", "FREE");
    const made: BoardDetail[] = [];
    for (let i = 1; i <= FREE_PLAN_BOARDS; i++) made.push(await makeBoard(t, F.manager, { name: `게시판 ${i}` }));
    await api.fails(403, "board.165", "POST", "", F.sales, { name: "여섯째", description: "x" });
    await makeBoard(t, F.manager, { name: "그룹은 된다", boardType: "GROUP" });
    await api.ok(200, "DELETE", `${made[0].id}`, F.manager);
    await makeBoard(t, F.sales, { name: "이제 된다" });
    await api.fails(403, "board.165", "POST", "", F.admin, { name: "다시 여섯째", description: "x" });
    // Restoring the deleted one would make six.
    await api.fails(403, "board.165", "PUT", `${made[0].id}/restore`, F.manager);
  });

  test("creates at once on the FREE plan take only the places left", async () => {
    const F = await boardCompany(t, "boards-free-race.test", "FREE");
    for (let i = 1; i < FREE_PLAN_BOARDS; i++) await makeBoard(t, F.manager, { name: `자리 ${i}` });
    const tries = await Promise.all([F.manager, F.sales, F.dev, F.salesPart].map((who, i) =>
      api.raw("POST", "", who, { name: `동시 ${i}`, description: "x" })
    ));
    expect(tries.map((r) => r.status).sort()).toEqual([201, 403, 403, 403]);
    expect(tries.filter((r) => r.status === 403).map((r) => r.body.code)).toEqual(["board.165", "board.165", "board.165"]);
  });

  test("boards switched off: every call 403 board.disabled", async () => {
    const C = await boardCompany(t, "boards-off.test");
    const b = await makeBoard(t, C.manager, { name: "꺼질 게시판" });
    await setBoards(t, C.admin, false);
    await api.fails(403, "board.disabled", "GET", "list", C.manager);
    await api.fails(403, "board.disabled", "GET", `detail/${b.id}`, C.manager);
    await api.fails(403, "board.disabled", "POST", "", C.manager, { name: "새", description: "x" });
    await api.fails(403, "board.disabled", "PUT", `${b.id}/hide`, C.manager);
    await setBoards(t, C.admin, true);
    expect((await detail(b.id, C.manager)).name).toBe("꺼질 게시판");
  });

  test("company B: A's boards are 404 board.8 to B and never in B's tree", async () => {
    const a = await makeBoard(t, A.manager, { name: "A 전용 공개" });
    const bTree = await tree(B.admin);
    expect(find(bTree, a.id)).toBeUndefined();
    expect(bTree.filter((n) => n.id > 0).every((n) => !n.name.startsWith("A "))).toBe(true);
    for (const [method, path, json] of [
      ["GET", `detail/${a.id}`], ["GET", `privilege/${a.id}`], ["PUT", `${a.id}`, { description: "x" }],
      ["PUT", `${a.id}/rename`, { name: "x" }], ["PUT", `${a.id}/move`, { parentId: null }], ["DELETE", `${a.id}`],
      ["PUT", `${a.id}/restore`], ["PUT", `${a.id}/unhide`], ["PUT", `${a.id}/follow`, { follow: true }],
    ] as [string, string, unknown?][]) {
      await api.fails(404, "board.8", method, path, B.admin, json);
    }
    expect((await api.ok<BoardNode[]>(200, "GET", "deleted", B.admin)).map((n) => n.id)).not.toContain(a.id);
  });
});

describe("realtime", () => {
  test("every change of the tree is published as BOARD_CHANGED { boardId } on the company's topic, never on another's", async () => {
    const frames: ServerFrame[] = [];
    const listener = (username: string) => ({
      username, send: (text: string) => frames.push(JSON.parse(text)), close: () => {}, stillValid: () => Promise.resolve(true),
    });
    const a = listener(A.dev.username), b = listener(B.dev.username);
    const hub = t.deps.realtime.hub;
    hub.add(a);
    hub.subscribe(a, boardTopic(A.co.companyId));
    hub.add(b);
    hub.subscribe(b, boardTopic(B.co.companyId));
    try {
      const g = await makeBoard(t, A.manager, { name: "알림 그룹", boardType: "GROUP" });
      const x = await makeBoard(t, A.manager, { name: "알림 게시판" });
      await api.ok(200, "PUT", `${x.id}`, A.manager, { description: "바뀐 설명" });
      await api.ok(200, "PUT", `${x.id}/rename`, A.manager, { name: "알림 새 이름" });
      await api.ok(200, "PUT", `${x.id}/move`, A.manager, { parentId: g.id });
      await api.ok(200, "DELETE", `${x.id}`, A.manager);
      await api.ok(200, "PUT", `${x.id}/restore`, A.manager);
      expect(frames).toEqual([g.id, x.id, x.id, x.id, x.id, x.id, x.id].map((boardId) => ({
        type: "MESSAGE", topic: boardTopic(A.co.companyId), event: BOARD_CHANGED, data: { boardId },
      })));
    } finally {
      hub.remove(a);
      hub.remove(b);
    }
  });
});
