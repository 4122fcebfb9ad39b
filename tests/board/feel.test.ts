// Reactions (GET/PUT/DELETE feeling, shared/board/replies.ts): one per person a post (a new one replaces it),
// who reacted how, board_posts.feel_count kept; a reader of the board may react (READ), others 403 board.18,
// another company's post 404; FEEL notices to the post's author at most once a minute, the reactions of that
// minute told together by the job once it has passed (replies/feel-notices.ts).
import { beforeAll, describe, expect, test } from "vitest";
import type { Feelings } from "../../shared/board/replies.ts";
import { BOARD_NOTICE, boardUserTopic } from "../../shared/board/constants.ts";
import { flushFeelNotices } from "../../server/modules/board/replies/feel-notices.ts";
import { createTestApp } from "../support/test-app.ts";
import { adminBoard, type AdminBoardOptions, boardCast, type BoardCompany, makePost } from "./support.ts";

const t = await createTestApp();
let A: BoardCompany, B: BoardCompany;
let api: Awaited<ReturnType<typeof boardCast>>["api"];

/** A board made by the company admin (support.ts adminBoard). */
const board = (co: BoardCompany, name: string, o?: AdminBoardOptions) => adminBoard(t, co, name, o);

/** A post written through POST post. */
async function post(_co: BoardCompany, boardId: number, who: { token: string }, title: string) {
  return (await makePost(t, who, { boardId, title })).id;
}

const feelCount = async (postId: number) =>
  (await t.db.sql<{ feel_count: number }[]>`select feel_count from board_posts where id = ${postId}`)[0].feel_count;

/** BOARD_NOTICEs published while `fn` runs (of one post: the job tells of every post that waits). */
async function notices(fn: () => Promise<unknown>, postId?: number) {
  const seen: Record<string, unknown>[] = [];
  const original = t.deps.realtime.publish.bind(t.deps.realtime);
  t.deps.realtime.publish = async (topic, event, data = {}) => {
    if (event === BOARD_NOTICE && (postId === undefined || data.postId === postId)) seen.push({ topic, ...data });
    await original(topic, event, data);
  };
  try {
    await fn();
  } finally {
    t.deps.realtime.publish = original;
  }
  return seen;
}

let open: number, readOnly: number, sales: number;

beforeAll(async () => {
  t.clock.set(new Date("2026-06-01T01:00:00Z"));
  ({ api, A, B } = await boardCast(t, "feel"));
  open = await board(A, "자유게시판");
  readOnly = await board(A, "공지", { publicPrivilege: "READ", managers: [A.manager.id] });
  sales = await board(A, "영업팀", { visibility: "PRIVATE", organs: [A.organs.sales] });
});

const feel = (who: { token: string }, postId: number, feelType: string) =>
  api.ok<Feelings>(200, "PUT", "feeling", who, { postId, feelType });

describe("reactions", () => {
  test("one reaction a person, replaced by a new one; who reacted how; feel_count kept", async () => {
    const p = await post(A, readOnly, A.manager, "주간 회의록");
    expect(await api.ok(200, "GET", `feeling?postId=${p}`, A.dev)).toEqual({ postId: p, feelCount: 0, feelList: [], ifelt: false, feelType: null });
    await feel(A.dev, p, "LIKE"); // READ is enough
    t.clock.advance(1000);
    await feel(A.sales, p, "LIKE");
    t.clock.advance(1000);
    const mine = await feel(A.salesPart, p, "CELEBRATE");
    expect(mine).toEqual({
      postId: p, feelCount: 3, ifelt: true, feelType: "CELEBRATE",
      feelList: [
        { feelType: "LIKE", count: 2, users: [{ id: A.dev.id, name: "최개발", email: A.dev.email }, { id: A.sales.id, name: "이영업", email: A.sales.email }] },
        { feelType: "CELEBRATE", count: 1, users: [{ id: A.salesPart.id, name: "박파트", email: A.salesPart.email }] },
      ],
    });
    expect(await feelCount(p)).toBe(3);
    // Replaced, not added.
    const changed = await feel(A.dev, p, "CHEER_UP");
    expect(changed.feelCount).toBe(3);
    expect(changed.feelList.map((f) => [f.feelType, f.count])).toEqual([["LIKE", 1], ["CELEBRATE", 1], ["CHEER_UP", 1]]);
    expect(await feelCount(p)).toBe(3);
    // Taken back, twice: the second changes nothing.
    const after = await api.ok<Feelings>(200, "DELETE", `feeling?postId=${p}`, A.dev);
    expect(after).toMatchObject({ feelCount: 2, ifelt: false, feelType: null });
    expect((await api.ok<Feelings>(200, "DELETE", `feeling?postId=${p}`, A.dev)).feelCount).toBe(2);
    expect(await feelCount(p)).toBe(2);
    expect(await api.ok<Feelings>(200, "GET", `feeling?postId=${p}`, A.sales)).toMatchObject({ feelCount: 2, ifelt: true, feelType: "LIKE" });
  });

  test("bad input 400; a board the caller may not read 403 board.18; trash and other companies 404", async () => {
    const p = await post(A, sales, A.manager, "영업 소식");
    await api.fails(400, "common.validation", "PUT", "feeling", A.sales, { postId: p, feelType: "LOVE" });
    await api.fails(400, "common.validation", "PUT", "feeling", A.sales, { feelType: "LIKE" });
    await api.fails(400, "common.validation", "GET", "feeling", A.sales);
    await api.fails(400, "common.validation", "DELETE", "feeling?postId=x", A.sales);
    await api.fails(403, "board.18", "PUT", "feeling", A.dev, { postId: p, feelType: "LIKE" });
    await api.fails(403, "board.18", "GET", `feeling?postId=${p}`, A.dev);
    await api.fails(403, "board.18", "DELETE", `feeling?postId=${p}`, A.dev);
    await api.ok(200, "DELETE", `post/${p}`, A.manager); // to trash
    await api.fails(404, "board.post_not_found", "PUT", "feeling", A.sales, { postId: p, feelType: "LIKE" });
    const bPost = await post(B, await board(B, "B 게시판"), B.sales, "B의 글");
    await api.fails(404, "board.post_not_found", "PUT", "feeling", A.admin, { postId: bPost, feelType: "LIKE" });
    await api.fails(404, "board.post_not_found", "GET", `feeling?postId=${bPost}`, A.admin);
    await api.fails(404, "board.post_not_found", "DELETE", `feeling?postId=${bPost}`, A.admin);
    expect(await feelCount(bPost)).toBe(0);
  });
});

describe("FEEL notices", () => {
  test("the author hears at once, then at most once a minute: the minute's reactions told together by the job", async () => {
    const p = await post(A, open, A.dev, "점심 메뉴 추천");
    const toAuthor = { topic: boardUserTopic(A.dev.username), kind: "FEEL", postId: p };
    expect(await notices(() => feel(A.sales, p, "LIKE"))).toEqual([toAuthor]);
    // Within the minute: nothing now, nothing from the job before the minute is over.
    t.clock.advance(10_000);
    expect(await notices(() => feel(A.manager, p, "COOL"))).toEqual([]);
    t.clock.advance(20_000);
    expect(await notices(() => feel(A.salesPart, p, "LIKE"))).toEqual([]);
    expect(await notices(() => flushFeelNotices(t.deps), p)).toEqual([]);
    // The minute has passed: one notice for both.
    t.clock.advance(30_000);
    expect(await notices(() => flushFeelNotices(t.deps), p)).toEqual([toAuthor]);
    expect(await notices(() => flushFeelNotices(t.deps), p)).toEqual([]);
    // The author's own reaction, and taking one back, tell nobody.
    t.clock.advance(120_000);
    expect(await notices(() => feel(A.dev, p, "LIKE"))).toEqual([]);
    expect(await notices(() => api.ok(200, "DELETE", `feeling?postId=${p}`, A.sales))).toEqual([]);
    expect(await notices(() => flushFeelNotices(t.deps), p)).toEqual([]);
    // Long after: the next reaction is told at once again.
    expect(await notices(() => feel(A.sales, p, "CELEBRATE"))).toEqual([toAuthor]);
  });

  test("reactions on a post moved to trash before the minute passed are not told", async () => {
    const p = await post(A, open, A.sales, "곧 지울 글");
    expect(await notices(() => feel(A.dev, p, "LIKE"))).toHaveLength(1);
    t.clock.advance(5_000);
    await feel(A.manager, p, "LIKE");
    await api.ok(200, "DELETE", `post/${p}`, A.sales); // to trash
    t.clock.advance(60_000);
    expect(await notices(() => flushFeelNotices(t.deps), p)).toEqual([]);
  });
});
