// Trash (server/modules/board/posts/trash.ts, list.ts, jobs.ts): a deleted post leaves its board's list and
// the folders for the trash (-4) of the one who deleted it and of the board's managers, with when and by whom;
// others see it as missing. Restore, move out, delete for ever and clean act only on posts the caller may act
// on (409 board.not_in_trash / board.in_trash, 403 board.8, 404 to company B); all-or-nothing. The purge job
// removes posts past the company's deletedPostMaxDuration days (a moved clock), with their files.
import { beforeAll, expect, test } from "vitest";
import type { BoardDetail } from "../../shared/board/boards.ts";
import type { BoardFile, Post, PostSummary } from "../../shared/board/posts.ts";
import type { Page } from "../../shared/paging.ts";
import { purgeTrash } from "../../server/modules/board/posts/jobs.ts";
import { PW } from "../share/share-helpers.ts";
import { createTestApp, login } from "../support/test-app.ts";
import { boardApi, type BoardCompany, boardCompany, makeBoard, makePost } from "./support.ts";

const t = await createTestApp();
const api = boardApi(t);
let A: BoardCompany, B: BoardCompany;
let board: BoardDetail, other: BoardDetail;

beforeAll(async () => {
  A = await boardCompany(t, "trash-a.test");
  B = await boardCompany(t, "trash-b.test");
  board = await makeBoard(t, A.manager, { name: "휴지통 시험" });
  other = await makeBoard(t, A.manager, { name: "다른 게시판" });
});

const list = (who: { token: string }, id: number) => api.ok<Page<PostSummary>>(200, "GET", `post/list?id=${id}&pageSize=50`, who);
const ids = (p: Page<PostSummary>) => p.content.map((x) => x.id);

test("a deleted post goes to the trash of its deleter and the board's managers, out of every list", async () => {
  const post = await makePost(t, A.sales, { boardId: board.id, title: "지울 글", isNotice: true });
  await api.fails(403, "board.8", "DELETE", `post/${post.id}`, A.dev);
  expect(await api.ok(200, "DELETE", `post/${post.id}`, A.sales)).toEqual({ id: post.id });
  await api.fails(409, "board.in_trash", "DELETE", `post/${post.id}`, A.sales);
  await api.fails(409, "board.in_trash", "PUT", `post/${post.id}`, A.sales, { title: "휴지통에서 고침" });
  await api.fails(409, "board.in_trash", "PUT", `post/${post.id}/notice`, A.manager, { isNotice: true });

  expect(ids(await list(A.sales, board.id))).not.toContain(post.id);
  expect(ids(await list(A.sales, -1))).not.toContain(post.id);
  expect(ids(await list(A.sales, -2))).not.toContain(post.id);
  const mine = (await list(A.sales, -4)).content.find((p) => p.id === post.id);
  expect(mine).toMatchObject({ deleteUserName: "이영업", boardId: board.id });
  expect(mine?.deletedTimeMillis).toBe(t.clock.now().getTime());
  expect(ids(await list(A.manager, -4))).toContain(post.id);
  expect(ids(await list(A.dev, -4))).not.toContain(post.id);
  expect(ids(await list(B.admin, -4))).toEqual([]);
  // Read in trash by those who may act on it; missing for everyone else.
  expect((await api.ok<Post>(200, "GET", `post/${post.id}`, A.manager)).editable).toBe(false);
  await api.fails(404, "board.post_not_found", "GET", `post/${post.id}`, A.dev);
  await api.fails(404, "board.post_not_found", "GET", `post/${post.id}`, B.admin);
});

test("restore and move out of trash; only posts the caller may act on, all or nothing", async () => {
  const a = await makePost(t, A.sales, { boardId: board.id, title: "복원할 글" });
  const b = await makePost(t, A.dev, { boardId: board.id, title: "최개발이 지운 글" });
  const live = await makePost(t, A.sales, { boardId: board.id, title: "살아 있는 글" });
  await api.ok(200, "DELETE", `post/${a.id}`, A.sales);
  await api.ok(200, "DELETE", `post/${b.id}`, A.dev);

  await api.fails(409, "board.not_in_trash", "PUT", "trash/restore", A.sales, { postIds: [a.id, live.id] });
  await api.fails(404, "board.post_not_found", "PUT", "trash/restore", A.sales, { postIds: [a.id, b.id] }); // not in 이영업's trash
  await api.fails(404, "board.post_not_found", "PUT", "trash/restore", B.admin, { postIds: [a.id] });
  await api.fails(404, "board.post_not_found", "DELETE", "trash/forever", B.admin, { postIds: [a.id] });
  expect(ids(await list(A.sales, -4))).toContain(a.id); // nothing changed
  await api.fails(400, "common.validation", "PUT", "trash/restore", A.sales, { postIds: [] });

  expect(await api.ok(200, "PUT", "trash/restore", A.sales, { postIds: [a.id] })).toEqual({ count: 1 });
  expect(ids(await list(A.sales, board.id))).toContain(a.id);
  expect(ids(await list(A.sales, -4))).not.toContain(a.id);
  const restored = await api.ok<Post>(200, "GET", `post/${a.id}`, A.sales);
  expect(restored).toMatchObject({ deletedTimeMillis: null, deleteUserName: null, editable: true });

  // The manager moves 최개발's deleted post out of trash into another board.
  await api.fails(404, "board.8", "PUT", "trash/move", A.dev, { postIds: [b.id], boardId: 999999 });
  await api.fails(404, "board.post_not_found", "PUT", "trash/move", A.sales, { postIds: [b.id], boardId: other.id });
  expect(await api.ok(200, "PUT", "trash/move", A.manager, { postIds: [b.id], boardId: other.id })).toEqual({ count: 1 });
  expect(ids(await list(A.dev, other.id))).toContain(b.id);
  expect(ids(await list(A.dev, -4))).not.toContain(b.id);
});

test("delete for ever and clean remove the posts with their files; others' trash is untouched", async () => {
  const file: BoardFile = await (async () => {
    const form = new FormData();
    form.append("file", new File([new TextEncoder().encode("첨부 내용")], "첨부.txt", { type: "text/plain" }));
    const res = await t.app.request("/api/board/file", { method: "POST", body: form, headers: { authorization: `Bearer ${A.sales.token}` } });
    expect(res.status).toBe(201);
    return await res.json();
  })();
  const a = await makePost(t, A.sales, { boardId: board.id, title: "영구 삭제", fileIds: [file.id] });
  const b = await makePost(t, A.sales, { boardId: board.id, title: "비우기 1" });
  const c = await makePost(t, A.dev, { boardId: other.id, title: "최개발의 휴지통" });
  for (const [p, who] of [[a, A.sales], [b, A.sales], [c, A.dev]] as const) await api.ok(200, "DELETE", `post/${p.id}`, who);
  const [{ used: usedBefore }] = await t.db.sql<{ used: string }[]>`select used_size as used from users where id = ${A.sales.id}`;

  await api.fails(404, "board.post_not_found", "DELETE", "trash/forever", A.sales, { postIds: [a.id, c.id] });
  expect(await api.ok(200, "DELETE", "trash/forever", A.sales, { postIds: [a.id] })).toEqual({ count: 1 });
  await api.fails(404, "board.post_not_found", "GET", `post/${a.id}`, A.manager);
  await api.fails(404, "board.file_not_found", "GET", `file/${file.id}`, A.sales);
  const [{ used }] = await t.db.sql<{ used: string }[]>`select used_size as used from users where id = ${A.sales.id}`;
  expect(Number(used)).toBe(Number(usedBefore) - new TextEncoder().encode("첨부 내용").length);

  const cleaned = await api.ok<{ count: number }>(200, "DELETE", "trash/clean", A.sales);
  expect(cleaned.count).toBeGreaterThanOrEqual(1);
  expect(ids(await list(A.sales, -4))).toEqual([]);
  await api.fails(404, "board.post_not_found", "GET", `post/${b.id}`, A.sales);
  // 최개발's own trash (a board 이영업 does not manage) is untouched.
  expect(ids(await list(A.dev, -4))).toContain(c.id);
  expect((await api.ok<{ count: number }>(200, "DELETE", "trash/clean", B.admin)).count).toBe(0);
  expect(ids(await list(A.dev, -4))).toContain(c.id);
});

test("the purge job removes posts past the company's days in trash (moved clock), and only those", async () => {
  const r = await t.call("PUT", "/api/admin/company/config/board", { token: A.admin.token, json: { deletedPostMaxDuration: 3 } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const old = await makePost(t, A.sales, { boardId: board.id, title: "오래된 휴지통 글" });
  await api.ok(200, "DELETE", `post/${old.id}`, A.sales);
  const bBoard = await makeBoard(t, B.manager, { name: "B 휴지통" });
  const bPost = await makePost(t, B.manager, { boardId: bBoard.id, title: "B의 휴지통 글" }); // B keeps the default 7 days
  await api.ok(200, "DELETE", `post/${bPost.id}`, B.manager);
  const live = await makePost(t, A.sales, { boardId: board.id, title: "지우지 않은 글" });
  const fresh = await makePost(t, A.sales, { boardId: board.id, title: "나중에 지운 글" });
  const now = t.clock.now();
  try {
    t.clock.advance(2 * 24 * 60 * 60_000);
    const later = { token: (await login(t, A.sales.username, PW)).access_token }; // the earlier sign-in has expired
    await api.ok(200, "DELETE", `post/${fresh.id}`, later);
    expect(await purgeTrash(t.deps)).toBe(0);
    t.clock.advance(1 * 24 * 60 * 60_000 + 60_000); // 3 days and a minute after the first deletion
    expect(await purgeTrash(t.deps)).toBeGreaterThanOrEqual(1); // the earlier tests' trash goes too
    const left = await t.db.sql<{ id: string }[]>`select id from board_posts where id = any(${[old.id, fresh.id, live.id, bPost.id]}) order by id`;
    expect(left.map((x) => Number(x.id))).toEqual([live.id, fresh.id, bPost.id].sort((x, y) => x - y));
    t.clock.advance(4 * 24 * 60 * 60_000); // B's default 7 days, 이영업's 3 days for the later one
    expect(await purgeTrash(t.deps)).toBe(2);
    expect((await t.db.sql`select id from board_posts where id = ${live.id}`).length).toBe(1);
    expect((await t.db.sql`select id from board_posts where id = any(${[fresh.id, bPost.id]})`).length).toBe(0);
  } finally {
    t.clock.set(now);
  }
});

test("the boards' kept counts (board_post_counts) match their live posts and notices after all of the above", async () => {
  const rows = await t.db.sql<{ board_id: string; kept_posts: number; kept_notices: number; posts: number; notices: number }[]>`
    select b.id as board_id, coalesce(c.post_count, 0) as kept_posts, coalesce(c.notice_count, 0) as kept_notices,
           (select count(*)::int from board_posts p where p.board_id = b.id and p.deleted_at is null) as posts,
           (select count(*)::int from board_posts p where p.board_id = b.id and p.deleted_at is null and p.is_notice) as notices
      from boards b left join board_post_counts c on c.board_id = b.id`;
  expect(rows.some((r) => r.posts > 0)).toBe(true);
  for (const r of rows) expect([r.board_id, r.kept_posts, r.kept_notices]).toEqual([r.board_id, r.posts, r.notices]);
  const listed = await api.ok<Page<PostSummary>>(200, "GET", `post/list?id=${board.id}`, A.manager);
  expect(listed.totalElements).toBe(Number(rows.find((r) => Number(r.board_id) === board.id)!.posts));
});
