// Reads (reads/, shared/board/posts.ts): PUT post/{id}/view records the caller's read once (read_count);
// post/read and post/unread set the caller's own state (posts they may not read left out); the read list
// (who read when, who may read and has not) is the author's or a manager's (403 board.8 for a member); a
// must-read reminder goes to those who have not read, as a REMIND notice and a mail in their language, at most
// once an hour (409 board.remind_too_soon); another company's post 404.
import { beforeAll, describe, expect, test } from "vitest";
import type { ReadList } from "../../shared/board/posts.ts";
import { BOARD_NOTICE, boardUserTopic, REMIND_INTERVAL_MS } from "../../shared/board/constants.ts";
import { PW } from "../share/share-helpers.ts";
import { createTestApp, login } from "../support/test-app.ts";
import { adminBoard, type AdminBoardOptions, boardCast, type BoardCompany, makeBoard, makePost } from "./support.ts";

const t = await createTestApp();
let A: BoardCompany, B: BoardCompany;
let api: Awaited<ReturnType<typeof boardCast>>["api"];

/** A board made by the company admin (support.ts adminBoard). */
const board = (co: BoardCompany, name: string, o?: AdminBoardOptions) => adminBoard(t, co, name, o);

/** A post written through POST post. */
async function post(_co: BoardCompany, boardId: number, who: { token: string }, title: string, mustRead = false) {
  return (await makePost(t, who, { boardId, title, mustRead })).id;
}

const readCount = async (postId: number) =>
  (await t.db.sql<{ read_count: number }[]>`select read_count from board_posts where id = ${postId}`)[0].read_count;
/** Moves the clock on and signs everyone in again (access tokens expire on the same clock). */
async function later(ms: number) {
  t.clock.advance(ms);
  for (const p of [A.manager, A.sales, A.salesPart, A.dev]) p.token = (await login(t, p.username, PW)).access_token;
  A.admin.token = (await login(t, A.admin.username)).access_token;
}
const ref = (p: { id: number; name: string; email: string }) => ({ id: p.id, name: p.name, email: p.email });

let open: number, sales: number;

beforeAll(async () => {
  t.clock.set(new Date("2026-06-01T01:00:00Z"));
  ({ api, A, B } = await boardCast(t, "reads"));
  open = await board(A, "자유게시판");
  sales = await board(A, "영업팀", { visibility: "PRIVATE", organs: [A.organs.sales], managers: [A.manager.id] });
});

describe("views, read and unread", () => {
  test("a view records the read once", async () => {
    const p = await post(A, open, A.sales, "첫 글");
    expect(await api.ok(200, "PUT", `post/${p}/view`, A.dev)).toEqual({ readCount: 1 });
    t.clock.advance(60_000);
    expect(await api.ok(200, "PUT", `post/${p}/view`, A.dev)).toEqual({ readCount: 1 });
    expect(await api.ok(200, "PUT", `post/${p}/view`, A.manager)).toEqual({ readCount: 2 });
    const [row] = await t.db.sql<{ read_at: Date }[]>`select read_at from board_post_reads where post_id = ${p} and user_id = ${A.dev.id}`;
    expect(new Date(row.read_at).toISOString()).toBe("2026-06-01T01:00:00.000Z");
  });

  test("read and unread of many posts: the caller's own state; unreadable, foreign and trashed posts left out", async () => {
    const a = await post(A, open, A.sales, "가");
    const b = await post(A, open, A.sales, "나");
    const hidden = await post(A, sales, A.manager, "영업 비밀");
    const trashed = await post(A, open, A.sales, "휴지통");
    await api.ok(200, "DELETE", `post/${trashed}`, A.sales); // to trash
    const foreign = await post(B, await board(B, "B"), B.sales, "B의 글");
    await api.ok(200, "PUT", `post/${a}/view`, A.dev);
    expect(await api.ok(200, "PUT", "post/read", A.dev, { postIds: [a, b, hidden, trashed, foreign, b] })).toEqual({ postIds: [b] });
    expect([await readCount(a), await readCount(b), await readCount(hidden), await readCount(trashed), await readCount(foreign)])
      .toEqual([1, 1, 0, 0, 0]);
    expect(await api.ok(200, "PUT", "post/unread", A.dev, { postIds: [a, b, hidden, foreign] })).toEqual({ postIds: [a, b] });
    expect(await api.ok(200, "PUT", "post/unread", A.dev, { postIds: [a] })).toEqual({ postIds: [] });
    expect([await readCount(a), await readCount(b)]).toEqual([0, 0]);
    expect(await t.db.sql`select 1 from board_post_reads where user_id = ${A.dev.id} and post_id in (${a}, ${b})`).toHaveLength(0);
    // 이영업 read b: unread by 최개발 leaves it.
    await api.ok(200, "PUT", "post/read", A.sales, { postIds: [b] });
    await api.ok(200, "PUT", "post/unread", A.dev, { postIds: [b] });
    expect(await readCount(b)).toBe(1);
  });

  test("bad input 400; an unreadable post 403 board.18; missing, trashed and foreign 404", async () => {
    await api.fails(400, "common.validation", "PUT", "post/read", A.dev, { postIds: [] });
    await api.fails(400, "common.validation", "PUT", "post/unread", A.dev, {});
    await api.fails(400, "common.validation", "PUT", "post/read", A.dev, { postIds: ["x"] });
    const hidden = await post(A, sales, A.manager, "영업 회의록");
    await api.fails(403, "board.18", "PUT", `post/${hidden}/view`, A.dev);
    await api.fails(404, "board.post_not_found", "PUT", "post/999999999/view", A.dev);
    const foreign = await post(B, await board(B, "B2"), B.sales, "B의 글");
    await api.fails(404, "board.post_not_found", "PUT", `post/${foreign}/view`, A.admin);
    await api.fails(404, "board.post_not_found", "GET", `post/${foreign}/readers`, A.admin);
    await api.fails(404, "board.post_not_found", "POST", `post/${foreign}/remind`, A.admin);
    expect(await readCount(foreign)).toBe(0);
  });
});

describe("the read list and reminders", () => {
  test("readers: who read when and who has not (the board's readers, the author left out); the author or a manager only", async () => {
    const p = await post(A, sales, A.sales, "필독: 6월 영업 목표", true);
    const t0 = t.clock.now().getTime();
    await api.ok(200, "PUT", `post/${p}/view`, A.salesPart);
    t.clock.advance(5000);
    await api.ok(200, "PUT", `post/${p}/view`, A.manager);
    const list = await api.ok<ReadList>(200, "GET", `post/${p}/readers`, A.sales);
    expect(list).toEqual({
      readCount: 2,
      readList: [{ ...ref(A.salesPart), readTimeMillis: t0 }, { ...ref(A.manager), readTimeMillis: t0 + 5000 }],
      // 영업팀 members and managers, and the company admin; not 최개발 (개발팀) nor 이영업 (the author).
      notReadList: [{ id: A.admin.id, name: expect.any(String), email: A.admin.username }],
    });
    expect(await api.ok(200, "GET", `post/${p}/readers`, A.manager)).toEqual(list);
    await api.fails(403, "board.8", "GET", `post/${p}/readers`, A.salesPart);
    await api.fails(403, "board.18", "GET", `post/${p}/readers`, A.dev);
  });

  test("a reminder: a REMIND notice and a mail in each not-yet-reader's language; once an hour (409)", async () => {
    await t.db.sql`update users set language_type = 'en' where id = ${A.dev.id}`;
    await t.db.sql`update users set language_type = 'id' where id = ${A.salesPart.id}`;
    const p = await post(A, open, A.manager, "전사 보안 교육 안내", true);
    await api.ok(200, "PUT", `post/${p}/view`, A.sales);
    await api.fails(403, "board.8", "POST", `post/${p}/remind`, A.sales);
    const seen: Record<string, unknown>[] = [];
    const original = t.deps.realtime.publish.bind(t.deps.realtime);
    t.deps.realtime.publish = async (topic, event, data = {}) => {
      if (event === BOARD_NOTICE) seen.push({ topic, ...data });
      await original(topic, event, data);
    };
    const before = t.smtp.messages.length;
    try {
      // Not yet read: the admin, 박파트 and 최개발 (김매니저 wrote it, 이영업 read it).
      expect(await api.ok(200, "POST", `post/${p}/remind`, A.manager)).toEqual({ count: 3 });
    } finally {
      t.deps.realtime.publish = original;
    }
    expect(seen).toEqual([A.admin, A.salesPart, A.dev].map((u) => ({ topic: boardUserTopic(u.username), kind: "REMIND", postId: p })));
    const mails = t.smtp.messages.slice(before);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([A.admin.username, A.salesPart.username, A.dev.username].sort());
    const to = (u: { username: string }) => mails.find((m) => m.to.includes(u.username))!;
    expect(to(A.admin).subject).toBe("[게시판] 필독 게시글을 확인해 주세요: 전사 보안 교육 안내");
    expect(to(A.admin).text).toContain("김매니저님이 아직 읽지 않은 필독 게시글의 확인을 요청했습니다.");
    expect(to(A.admin).text).toContain("게시판: 자유게시판");
    expect(to(A.admin).text).toContain(`http://localhost:8080/#/board/view/${p}/${encodeURIComponent(JSON.stringify({ boardId: open }))}`);
    expect(to(A.dev).subject).toBe("[Boards] Please read this must-read post: 전사 보안 교육 안내");
    expect(to(A.dev).text).toContain("김매니저 asks you to read a must-read post you have not read yet.");
    expect(to(A.salesPart).subject).toBe("[Papan] Mohon baca postingan wajib baca ini: 전사 보안 교육 안내");

    // Within the hour: 409 with the time the next one may go; after it, again (now only to those still not reading).
    await later(30 * 60_000);
    const body = await api.fails(409, "board.remind_too_soon", "POST", `post/${p}/remind`, A.admin);
    expect(body.params.nextTimeMillis).toBe(t.clock.now().getTime() + REMIND_INTERVAL_MS - 30 * 60_000);
    await api.ok(200, "PUT", `post/${p}/view`, A.dev);
    await later(30 * 60_000);
    const n = t.smtp.messages.length;
    expect(await api.ok(200, "POST", `post/${p}/remind`, A.admin)).toEqual({ count: 1 }); // 박파트 (the admin asks)
    expect(t.smtp.messages.slice(n).map((m) => m.to)).toEqual([[A.salesPart.username]]);
  });

  test("a department board the team lead made: the company admin may read it but is not among those who have not", async () => {
    const dept = (await makeBoard(t, A.manager, {
      name: "영업팀 게시판", visibility: "PRIVATE",
      members: { users: [], organs: [{ organId: A.organs.sales, includeChildren: true, privilege: "WRITE" }] },
    })).id;
    const p = await post(A, dept, A.manager, "필독: 상반기 영업 계획", true);
    await api.ok(200, "PUT", `post/${p}/view`, A.sales);
    const list = await api.ok<ReadList>(200, "GET", `post/${p}/readers`, A.manager);
    expect(list.readList.map((r) => r.id)).toEqual([A.sales.id]);
    expect(list.notReadList).toEqual([ref(A.salesPart)]); // 영업1파트 is under 영업팀; not the admin, not 최개발
    const n = t.smtp.messages.length;
    expect(await api.ok(200, "POST", `post/${p}/remind`, A.manager)).toEqual({ count: 1 });
    expect(t.smtp.messages.slice(n).map((m) => m.to)).toEqual([[A.salesPart.username]]);
    // The admin who does open it is among the readers (after 이영업).
    t.clock.advance(1000);
    await api.ok(200, "PUT", `post/${p}/view`, A.admin);
    expect((await api.ok<ReadList>(200, "GET", `post/${p}/readers`, A.manager)).readList.map((r) => r.id)).toEqual([A.sales.id, A.admin.id]);
  });

  test("a post that is not must-read: 409 board.not_must_read; everyone read: nothing sent", async () => {
    const plain = await post(A, sales, A.manager, "일반 글");
    await api.fails(409, "board.not_must_read", "POST", `post/${plain}/remind`, A.manager);
    const p = await post(A, sales, A.manager, "다 읽은 필독", true);
    await api.ok(200, "PUT", "post/read", A.sales, { postIds: [p] });
    await api.ok(200, "PUT", "post/read", A.salesPart, { postIds: [p] });
    await api.ok(200, "PUT", "post/read", A.admin, { postIds: [p] });
    const n = t.smtp.messages.length;
    expect(await api.ok(200, "POST", `post/${p}/remind`, A.manager)).toEqual({ count: 0 });
    expect(t.smtp.messages.length).toBe(n);
  });
});
