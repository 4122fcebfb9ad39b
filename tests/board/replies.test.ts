// Replies (shared/board/replies.ts, 001 §4): a reader of the board replies (READ is enough), the author edits,
// the author or a manager deletes; a reply with children becomes blind and goes with its last child, up the
// thread; board_posts.reply_count (blind ones not counted), top_reply_count and child_count follow each change;
// list and children paging; mentions recorded and told; REPLY notices to the post's and the parent's authors;
// a file claimed from the caller's own uploads; posts in trash or on a deleted board, and another company's
// ids, answer 404.
import { beforeAll, describe, expect, test } from "vitest";
import type { BoardFile, PostSummary } from "../../shared/board/posts.ts";
import type { Reply } from "../../shared/board/replies.ts";
import { BOARD_NOTICE, boardTopic, boardUserTopic, REPLY_PAGE_SIZE } from "../../shared/board/constants.ts";
import type { Page } from "../../shared/paging.ts";
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

async function counts(postId: number) {
  const [p] = await t.db.sql<{ reply_count: number; top_reply_count: number }[]>`
    select reply_count, top_reply_count from board_posts where id = ${postId}`;
  return { replies: p.reply_count, top: p.top_reply_count };
}

const childCount = async (id: number) =>
  (await t.db.sql<{ child_count: number }[]>`select child_count from board_replies where id = ${id}`)[0]?.child_count ?? null;
const exists = async (id: number) => (await t.db.sql`select 1 from board_replies where id = ${id}`).length === 1;

/** Events published while `fn` runs. */
async function published<T>(fn: () => Promise<T>) {
  const seen: { topic: string; event: string; data: Record<string, unknown> }[] = [];
  const original = t.deps.realtime.publish.bind(t.deps.realtime);
  t.deps.realtime.publish = async (topic, event, data = {}) => {
    seen.push({ topic, event, data });
    await original(topic, event, data);
  };
  try {
    return { result: await fn(), seen };
  } finally {
    t.deps.realtime.publish = original;
  }
}
const noticesIn = (seen: { topic: string; event: string; data: Record<string, unknown> }[]) =>
  seen.filter((e) => e.event === BOARD_NOTICE).map((e): Record<string, unknown> => ({ topic: e.topic, ...e.data }));

let open: number, readOnly: number, sales: number;

beforeAll(async () => {
  t.clock.set(new Date("2026-06-01T01:00:00Z"));
  ({ api, A, B } = await boardCast(t, "replies"));
  open = await board(A, "자유게시판");
  readOnly = await board(A, "공지사항", { publicPrivilege: "READ", managers: [A.manager.id] });
  sales = await board(A, "영업팀", { visibility: "PRIVATE", organs: [A.organs.sales], managers: [A.manager.id] });
});

/** A 1×1 PNG. */
const PNG = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));

/** POST file (posts/'s upload): an unclaimed file of the caller. */
async function upload(who: { token: string }, name: string, bytes: Uint8Array, type: string): Promise<BoardFile> {
  const form = new FormData();
  form.append("file", new File([bytes as Uint8Array<ArrayBuffer>], name, { type }));
  const res = await t.app.request("/api/board/file", { method: "POST", body: form, headers: { authorization: `Bearer ${who.token}` } });
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body;
}

const reply = (who: { token: string }, postId: number, replyContent: string, extra: Record<string, unknown> = {}) =>
  api.ok<Reply>(201, "POST", "reply", who, { postId, replyContent, ...extra });

describe("writing", () => {
  test("a reader replies (READ is enough); the answer is the reply; counts follow", async () => {
    const p = await post(A, readOnly, A.manager, "6월 전사 공지");
    t.clock.advance(1000);
    const r = await reply(A.dev, p, "확인했습니다");
    expect(r).toMatchObject({
      postId: p, parentId: null, userId: A.dev.id, userName: "최개발", userEmail: A.dev.email, replyContent: "확인했습니다",
      attach: null, mentions: [], childCount: 0, isBlind: false, editable: true, deletable: true,
    });
    expect(r.createdTimeMillis).toBe(t.clock.now().getTime());
    expect(await counts(p)).toEqual({ replies: 1, top: 1 });
    expect(await api.ok(200, "GET", `reply/count?postId=${p}`, A.sales)).toEqual({ count: 1 });
  });

  test("bad input: 400 common.validation", async () => {
    const p = await post(A, open, A.sales, "검증");
    await api.fails(400, "common.validation", "POST", "reply", A.dev, { postId: p, replyContent: "   " });
    await api.fails(400, "common.validation", "POST", "reply", A.dev, { postId: p, replyContent: "x".repeat(5001) });
    await api.fails(400, "common.validation", "POST", "reply", A.dev, { replyContent: "내용" });
    await api.fails(400, "common.validation", "POST", "reply", A.dev, { postId: "abc", replyContent: "내용" });
    await api.fails(400, "common.validation", "GET", "reply/list", A.dev);
    await api.fails(400, "common.validation", "GET", `reply/list?postId=${p}&pageSize=51`, A.dev);
    await api.fails(400, "common.validation", "PUT", "reply/1", A.dev, { replyContent: "" });
    expect(await counts(p)).toEqual({ replies: 0, top: 0 });
  });

  test("a private board: members reply, others get 403 board.18 on every call", async () => {
    const p = await post(A, sales, A.manager, "영업 회의");
    const r = await reply(A.salesPart, p, "참석합니다"); // 영업1파트: under 영업팀
    await api.fails(403, "board.18", "POST", "reply", A.dev, { postId: p, replyContent: "저도요" });
    await api.fails(403, "board.18", "GET", `reply/list?postId=${p}`, A.dev);
    await api.fails(403, "board.18", "GET", `reply/count?postId=${p}`, A.dev);
    await api.fails(403, "board.18", "GET", `reply/${r.id}/children`, A.dev);
    await api.fails(403, "board.18", "PUT", `reply/${r.id}`, A.dev, { replyContent: "수정" });
    await api.fails(403, "board.18", "DELETE", `reply/${r.id}`, A.dev);
    // The company admin manages every board.
    expect((await api.ok<Page<Reply>>(200, "GET", `reply/list?postId=${p}`, A.admin)).content[0].deletable).toBe(true);
  });

  test("the author edits; others may not (403 board.8); a manager deletes another's reply", async () => {
    const p = await post(A, readOnly, A.manager, "수정 테스트");
    const r = await reply(A.sales, p, "첫 문장");
    t.clock.advance(60_000);
    const edited = await api.ok<Reply>(200, "PUT", `reply/${r.id}`, A.sales, { replyContent: "고친 문장" });
    expect(edited).toMatchObject({ id: r.id, replyContent: "고친 문장", createdTimeMillis: r.createdTimeMillis });
    expect(edited.updatedTimeMillis).toBe(r.createdTimeMillis + 60_000);
    await api.fails(403, "board.8", "PUT", `reply/${r.id}`, A.manager, { replyContent: "남의 댓글" });
    await api.fails(403, "board.8", "DELETE", `reply/${r.id}`, A.dev);
    const seen = await api.ok<Page<Reply>>(200, "GET", `reply/list?postId=${p}`, A.manager);
    expect(seen.content.map((x) => [x.replyContent, x.editable, x.deletable])).toEqual([["고친 문장", false, true]]);
    expect(await api.ok(200, "DELETE", `reply/${r.id}`, A.manager)).toEqual({ isBlind: false, replyCount: 0 });
    expect(await exists(r.id)).toBe(false);
    expect(await counts(p)).toEqual({ replies: 0, top: 0 });
    await api.fails(404, "board.reply_not_found", "PUT", `reply/${r.id}`, A.sales, { replyContent: "다시" });
    await api.fails(404, "board.reply_not_found", "DELETE", `reply/${r.id}`, A.sales);
  });

  test("parentId must be a live reply of the same post", async () => {
    const p1 = await post(A, open, A.sales, "글 하나");
    const p2 = await post(A, open, A.sales, "글 둘");
    const r1 = await reply(A.dev, p1, "첫 글의 댓글");
    await api.fails(404, "board.reply_not_found", "POST", "reply", A.dev, { postId: p2, parentId: r1.id, replyContent: "엉뚱한 글" });
    await api.fails(404, "board.reply_not_found", "POST", "reply", A.dev, { postId: p1, parentId: 999_999_999, replyContent: "없는 댓글" });
    expect(await counts(p2)).toEqual({ replies: 0, top: 0 });
  });
});

describe("blind replies (001 §4)", () => {
  test("replies are two levels: an answer to an answer joins the thread; a blinded reply goes with its last answer", async () => {
    const p = await post(A, open, A.sales, "스레드");
    const top = await reply(A.dev, p, "최상위");
    const mid = await reply(A.sales, p, "답글", { parentId: top.id });
    // An answer to an answer joins its top-level reply's thread (its author is still told: see the notices).
    const leafA = await reply(A.manager, p, "답글의 답글 A", { parentId: mid.id });
    const leafB = await reply(A.dev, p, "답글의 답글 B", { parentId: mid.id });
    expect([mid.parentId, leafA.parentId, leafB.parentId]).toEqual([top.id, top.id, top.id]);
    expect(await counts(p)).toEqual({ replies: 4, top: 1 });
    expect([await childCount(top.id), await childCount(mid.id)]).toEqual([3, 0]);

    // The top one has answers: it becomes blind, no longer counted.
    expect(await api.ok(200, "DELETE", `reply/${top.id}`, A.dev)).toEqual({ isBlind: true, replyCount: 3 });
    expect(await api.ok(200, "GET", `reply/count?postId=${p}`, A.dev)).toEqual({ count: 3 });
    const list = await api.ok<Page<Reply>>(200, "GET", `reply/list?postId=${p}`, A.dev);
    expect(list.totalElements).toBe(1);
    expect(list.content[0]).toMatchObject({ id: top.id, isBlind: true, replyContent: "", childCount: 3, editable: false, deletable: false });
    expect(list.content[0].children!.content.map((c) => c.id)).toEqual([mid.id, leafA.id, leafB.id]);
    // A blind reply cannot be edited, deleted again or answered itself; its thread still takes answers.
    await api.fails(404, "board.reply_not_found", "PUT", `reply/${top.id}`, A.dev, { replyContent: "되살리기" });
    await api.fails(404, "board.reply_not_found", "DELETE", `reply/${top.id}`, A.dev);
    await api.fails(404, "board.reply_not_found", "POST", "reply", A.sales, { postId: p, parentId: top.id, replyContent: "답" });
    const late = await reply(A.sales, p, "늦은 답글", { parentId: leafA.id });
    expect(late.parentId).toBe(top.id);

    // The answers go one by one; the blind top stays while one is left, and goes with the last.
    for (const [r, who, left] of [[mid, A.sales, 3], [leafA, A.manager, 2], [late, A.sales, 1]] as const) {
      expect(await api.ok(200, "DELETE", `reply/${r.id}`, who)).toEqual({ isBlind: false, replyCount: left });
      expect([await exists(top.id), await childCount(top.id)]).toEqual([true, left]);
    }
    expect(await api.ok(200, "DELETE", `reply/${leafB.id}`, A.dev)).toEqual({ isBlind: false, replyCount: 0 });
    expect(await exists(top.id)).toBe(false);
    expect(await counts(p)).toEqual({ replies: 0, top: 0 });
    expect((await api.ok<Page<Reply>>(200, "GET", `reply/list?postId=${p}`, A.dev)).totalElements).toBe(0);
  });

  test("a blind parent with a live sibling branch stays; a live parent stays when its children go", async () => {
    const p = await post(A, open, A.sales, "스레드 둘");
    const top = await reply(A.dev, p, "부모");
    const child = await reply(A.sales, p, "자식", { parentId: top.id });
    await api.ok(200, "DELETE", `reply/${child.id}`, A.sales);
    expect([await exists(top.id), await childCount(top.id)]).toEqual([true, 0]);
    expect(await counts(p)).toEqual({ replies: 1, top: 1 });
    // Without children, the parent itself is removed, not blinded.
    expect(await api.ok(200, "DELETE", `reply/${top.id}`, A.dev)).toEqual({ isBlind: false, replyCount: 0 });
    expect(await counts(p)).toEqual({ replies: 0, top: 0 });
  });
});

describe("reading", () => {
  test("top-level replies oldest first with their first children; children paged; counts", async () => {
    const p = await post(A, open, A.sales, "페이지");
    const tops: Reply[] = [];
    for (let i = 0; i < 12; i++) {
      t.clock.advance(1000);
      tops.push(await reply(A.dev, p, `댓글 ${i + 1}`));
    }
    const kids: Reply[] = [];
    for (let i = 0; i < 13; i++) {
      t.clock.advance(1000);
      kids.push(await reply(A.sales, p, `답글 ${i + 1}`, { parentId: tops[0].id }));
    }
    const first = await api.ok<Page<Reply>>(200, "GET", `reply/list?postId=${p}`, A.manager);
    expect(first).toMatchObject({ totalElements: 12, totalPages: 2, page: 0, pageSize: REPLY_PAGE_SIZE });
    expect(first.content.map((r) => r.replyContent)).toEqual(tops.slice(0, 10).map((r) => r.replyContent));
    expect(first.content[0].childCount).toBe(13);
    expect(first.content[0].children!.totalElements).toBe(13);
    expect(first.content[0].children!.content.map((r) => r.id)).toEqual(kids.slice(0, REPLY_PAGE_SIZE).map((r) => r.id));
    expect(first.content[1].children).toEqual({ content: [], totalElements: 0 });
    const second = await api.ok<Page<Reply>>(200, "GET", `reply/list?postId=${p}&page=1`, A.manager);
    expect(second.content.map((r) => r.id)).toEqual(tops.slice(10).map((r) => r.id));
    const kids2 = await api.ok<Page<Reply>>(200, "GET", `reply/${tops[0].id}/children?page=1`, A.manager);
    expect(kids2).toMatchObject({ totalElements: 13, totalPages: 2, page: 1 });
    expect(kids2.content.map((r) => r.id)).toEqual(kids.slice(10).map((r) => r.id));
    const small = await api.ok<Page<Reply>>(200, "GET", `reply/${tops[0].id}/children?pageSize=5&page=2`, A.manager);
    expect(small.content.map((r) => r.replyContent)).toEqual(["답글 11", "답글 12", "답글 13"]);
    expect(await api.ok(200, "GET", `reply/count?postId=${p}`, A.manager)).toEqual({ count: 25 });
  });

  test("a post in trash or on a deleted board: 404 board.post_not_found; a missing reply 404", async () => {
    const p = await post(A, open, A.sales, "휴지통 갈 글");
    const r = await reply(A.dev, p, "댓글");
    await api.ok(200, "DELETE", `post/${p}`, A.sales); // to trash
    await api.fails(404, "board.post_not_found", "GET", `reply/list?postId=${p}`, A.sales);
    await api.fails(404, "board.post_not_found", "POST", "reply", A.sales, { postId: p, replyContent: "늦은 댓글" });
    await api.fails(404, "board.post_not_found", "GET", `reply/${r.id}/children`, A.sales);
    await api.fails(404, "board.post_not_found", "DELETE", `reply/${r.id}`, A.dev);
    await api.ok(200, "PUT", "trash/restore", A.sales, { postIds: [p] });
    expect(await api.ok(200, "GET", `reply/count?postId=${p}`, A.sales)).toEqual({ count: 1 });
    const gone = await board(A, "없어질 게시판");
    const p2 = await post(A, gone, A.sales, "지워질 게시판의 글");
    await api.ok(200, "DELETE", `${gone}`, A.admin);
    await api.fails(404, "board.post_not_found", "GET", `reply/count?postId=${p2}`, A.sales);
    await api.fails(404, "board.reply_not_found", "GET", "reply/999999999/children", A.sales);
    expect((await api.raw("PUT", "reply/abc", A.sales, { replyContent: "x" })).status).toBe(404);
    await api.fails(404, "board.reply_not_found", "DELETE", "reply/1234567890123456", A.sales);
  });

  test("another company's post and reply ids answer 404 as missing ones", async () => {
    const bBoard = await board(B, "B 게시판");
    const bPost = await post(B, bBoard, B.sales, "B의 글");
    const bReply = await reply(B.dev, bPost, "B의 댓글");
    await api.fails(404, "board.post_not_found", "GET", `reply/list?postId=${bPost}`, A.admin);
    await api.fails(404, "board.post_not_found", "GET", `reply/count?postId=${bPost}`, A.admin);
    await api.fails(404, "board.post_not_found", "POST", "reply", A.admin, { postId: bPost, replyContent: "침입" });
    await api.fails(404, "board.reply_not_found", "GET", `reply/${bReply.id}/children`, A.admin);
    await api.fails(404, "board.reply_not_found", "PUT", `reply/${bReply.id}`, A.admin, { replyContent: "침입" });
    await api.fails(404, "board.reply_not_found", "DELETE", `reply/${bReply.id}`, A.admin);
    const aPost = await post(A, open, A.sales, "A의 글");
    await api.fails(404, "board.reply_not_found", "POST", "reply", A.dev, { postId: aPost, parentId: bReply.id, replyContent: "섞기" });
    expect(await api.ok(200, "GET", `reply/count?postId=${bPost}`, B.sales)).toEqual({ count: 1 });
  });
});

describe("mentions, notices and files", () => {
  test("mentions of readers are recorded and told; the post's and the parent's authors hear of replies", async () => {
    const p = await post(A, sales, A.manager, "영업 전략");
    const top = await reply(A.sales, p, "의견 있습니다");
    const text = `@[박파트](user:${A.salesPart.id}) @[최개발](user:${A.dev.id}) 확인 부탁해요`;
    const { result: r, seen } = await published(() => reply(A.manager, p, text, { parentId: top.id }));
    // 최개발 may not read 영업팀: not recorded. 박파트 mentioned; 이영업 wrote the parent; 김매니저 (the post's
    // author) wrote this reply, so is not told.
    expect(r.mentions).toEqual([{ id: A.salesPart.id, name: "박파트", email: A.salesPart.email }]);
    expect(r.replyContent).toBe(text);
    expect(noticesIn(seen)).toEqual([
      { topic: boardUserTopic(A.sales.username), kind: "REPLY", postId: p, replyId: r.id },
      { topic: boardUserTopic(A.salesPart.username), kind: "MENTION", postId: p, replyId: r.id },
    ]);
    expect(seen).toContainEqual({ topic: boardTopic(A.co.companyId), event: "BOARD_CHANGED", data: { boardId: sales, postId: p } });
    const rows = await t.db.sql<{ user_id: string; reply_id: string }[]>`select user_id, reply_id from board_mentions where post_id = ${p}`;
    expect(rows.map((m) => [Number(m.user_id), Number(m.reply_id)])).toEqual([[A.salesPart.id, r.id]]);
    // The mention folder (-3) lists the post for 박파트, not for 이영업.
    const folder = (who: { token: string }) => api.ok<Page<PostSummary>>(200, "GET", "post/list?id=-3", who);
    expect((await folder(A.salesPart)).content.map((x) => x.id)).toContain(p);
    expect((await folder(A.sales)).content.map((x) => x.id)).not.toContain(p);

    // An edit that adds 김매니저 and keeps 박파트 tells only the newly mentioned (not the writer himself).
    const { seen: seen2 } = await published(() =>
      api.ok<Reply>(200, "PUT", `reply/${top.id}`, A.sales, { replyContent: `@[김매니저](user:${A.manager.id}) @[박파트](user:${A.salesPart.id}) 어떠세요` })
    );
    expect(noticesIn(seen2).map((n) => [n.topic, n.kind])).toEqual([
      [boardUserTopic(A.manager.username), "MENTION"],
      [boardUserTopic(A.salesPart.username), "MENTION"],
    ]);
    const { seen: seen3 } = await published(() =>
      api.ok<Reply>(200, "PUT", `reply/${top.id}`, A.sales, { replyContent: `@[박파트](user:${A.salesPart.id}) 만 남김` })
    );
    expect(noticesIn(seen3)).toEqual([]);
    // 박파트 answers 김매니저's answer: it joins 이영업's thread, and the one answered hears of it (김매니저, also the
    // post's author: one notice), not the thread's first writer.
    const { result: r4, seen: seen4 } = await published(() => reply(A.salesPart, p, "네 확인했습니다", { parentId: r.id }));
    expect(r4.parentId).toBe(top.id);
    expect(noticesIn(seen4)).toEqual([{ topic: boardUserTopic(A.manager.username), kind: "REPLY", postId: p, replyId: r4.id }]);
    const left = await t.db.sql<{ user_id: string }[]>`select user_id from board_mentions where reply_id = ${top.id}`;
    expect(left.map((m) => Number(m.user_id))).toEqual([A.salesPart.id]);
    // A reply that becomes blind drops its mentions.
    await api.ok(200, "DELETE", `reply/${top.id}`, A.sales);
    expect(await t.db.sql`select 1 from board_mentions where reply_id = ${top.id}`).toHaveLength(0);
  });

  test("replying to one's own post tells nobody; a reply by another tells the author", async () => {
    const p = await post(A, open, A.dev, "내 글");
    const { seen } = await published(() => reply(A.dev, p, "내가 단 댓글"));
    expect(noticesIn(seen)).toEqual([]);
    const { result: r, seen: seen2 } = await published(() => reply(A.sales, p, "남이 단 댓글"));
    expect(noticesIn(seen2)).toEqual([{ topic: boardUserTopic(A.dev.username), kind: "REPLY", postId: p, replyId: r.id }]);
  });

  test("a reply claims the caller's own unclaimed upload; readers get it; edits keep, replace or drop it", async () => {
    const p = await post(A, sales, A.manager, "첨부 댓글");
    const mine = await upload(A.salesPart, "견적서.pdf", new TextEncoder().encode("%PDF-1.4 견적"), "application/pdf");
    const theirs = await upload(A.sales, "남의 파일.pdf", new TextEncoder().encode("%PDF-1.4"), "application/pdf");
    // Someone else's upload is bad input, as on a post.
    const refused = await api.fails(400, "common.validation", "POST", "reply", A.salesPart, { postId: p, replyContent: "남의 파일", fileId: theirs.id });
    expect(refused.errors.map((e: { field: string }) => e.field)).toEqual(["fileId"]);
    expect(await counts(p)).toEqual({ replies: 0, top: 0 });
    const r = await reply(A.salesPart, p, "파일 첨부", { fileId: mine.id });
    expect(r.attach).toEqual({ id: mine.id, name: "견적서.pdf", size: mine.size, contentType: "application/pdf", inlineUrl: null });
    // Claimed: the post's readers get the bytes (posts/'s file call), others not; another reply cannot take it.
    const get = (who: { token: string }) => t.app.request(`/api/board/file/${mine.id}`, { headers: { authorization: `Bearer ${who.token}` } });
    expect((await get(A.manager)).status).toBe(200);
    expect((await get(A.dev)).status).toBe(403);
    await api.fails(400, "common.validation", "POST", "reply", A.salesPart, { postId: p, replyContent: "같은 파일", fileId: mine.id });
    expect((await api.ok<Reply>(200, "PUT", `reply/${r.id}`, A.salesPart, { replyContent: "유지" })).attach?.id).toBe(mine.id);
    // An image: its signed address comes with it.
    const image = await upload(A.salesPart, "사진.png", PNG, "image/png");
    const replaced = await api.ok<Reply>(200, "PUT", `reply/${r.id}`, A.salesPart, { replyContent: "교체", fileId: image.id });
    expect(replaced.attach).toMatchObject({ id: image.id, contentType: "image/png", inlineUrl: expect.stringMatching(`^/api/board/inline/${image.id}\\?token=`) });
    expect((await t.app.request(replaced.attach!.inlineUrl!)).status).toBe(200);
    expect(await t.db.sql`select 1 from board_files where id = ${mine.id}`).toHaveLength(0);
    const list = await api.ok<Page<Reply>>(200, "GET", `reply/list?postId=${p}`, A.manager);
    expect(list.content[0].attach?.inlineUrl).toMatch(`/api/board/inline/${image.id}?token=`);
    expect((await api.ok<Reply>(200, "PUT", `reply/${r.id}`, A.salesPart, { replyContent: "삭제", fileId: null })).attach).toBeNull();
    expect(await t.db.sql`select 1 from board_files where id = ${image.id}`).toHaveLength(0);
    // A reply's file goes with the reply.
    const last = await upload(A.salesPart, "마지막.pdf", new TextEncoder().encode("%PDF"), "application/pdf");
    const r2 = await reply(A.salesPart, p, "마지막", { fileId: last.id });
    await api.ok(200, "DELETE", `reply/${r2.id}`, A.salesPart);
    expect(await t.db.sql`select 1 from board_files where id = ${last.id}`).toHaveLength(0);
  });
});
