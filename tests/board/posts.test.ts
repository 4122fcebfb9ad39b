// Posts (server/modules/board/posts): writing (sanitised content, mentions, tags, bad input), reading one post,
// the permissions (READ cannot post, a private board's posts are closed to outsiders, only the author or a
// manager edits and deletes, the notice toggle), a board's list (notices pinned on page 0 and not repeated,
// paging, sorting, tag filter, preview size, seen and reactions), the notice panel, moving posts, and company B.
import { beforeAll, expect, test } from "vitest";
import type { BoardDetail } from "../../shared/board/boards.ts";
import type { BoardTag } from "../../shared/board/config.ts";
import { BOARD_CHANGED, BOARD_NOTICE, boardTopic, boardUserTopic, PAGE_SIZE_MAX } from "../../shared/board/constants.ts";
import type { ServerFrame } from "../../shared/realtime.ts";
import type { Post, PostSummary } from "../../shared/board/posts.ts";
import type { Page } from "../../shared/paging.ts";
import { createTestApp } from "../support/test-app.ts";
import { boardApi, type BoardCompany, boardCompany, makeBoard, makePost } from "./support.ts";

const t = await createTestApp();
const api = boardApi(t);
let A: BoardCompany, B: BoardCompany;
let open: BoardDetail, salesOnly: BoardDetail, readOnly: BoardDetail, group: BoardDetail;

beforeAll(async () => {
  A = await boardCompany(t, "posts-a.test");
  B = await boardCompany(t, "posts-b.test");
  open = await makeBoard(t, A.manager, { name: "자유게시판" });
  salesOnly = await makeBoard(t, A.manager, {
    name: "영업팀 게시판", visibility: "PRIVATE", members: { users: [], organs: [{ organId: A.organs.sales, includeChildren: true, privilege: "WRITE" }] },
  });
  readOnly = await makeBoard(t, A.manager, { name: "공지 전용", publicPrivilege: "READ" });
  group = await makeBoard(t, A.manager, { name: "부서 게시판 모음", boardType: "GROUP" });
});

const list = (who: { token: string }, id: number, extra = "") => api.ok<Page<PostSummary>>(200, "GET", `post/list?id=${id}${extra}`, who);

test("a post is written with sanitised content, its mentions recorded, and read back whole", async () => {
  const html = `<p style="text-align: center; color: red" onclick="steal()">회의 안내 <strong>내일 10시</strong><script>alert(1)</script></p>` +
    `<p><span data-type="mention" data-id="${A.dev.id}" data-label="최개발">@최개발</span> 참석 부탁드립니다.</p>` +
    `<p><a href="javascript:alert(1)">나쁜 링크</a> <a href="https://example.com/a" onmouseover="x()">좋은 링크</a></p>` +
    `<img src="x" onerror="alert(2)"><iframe src="https://example.com"></iframe>`;
  const post = await makePost(t, A.sales, { boardId: open.id, title: "  주간 회의  ", content: html });
  expect(post).toMatchObject({ boardId: open.id, boardName: "자유게시판", userId: A.sales.id, userName: "이영업", title: "주간 회의", isNotice: false });
  expect(post.content).not.toMatch(/script|onerror|onclick|onmouseover|javascript|iframe|color/i);
  expect(post.content).toContain(`<p style="text-align:center">회의 안내 <strong>내일 10시</strong></p>`);
  expect(post.content).toContain(`<a href="https://example.com/a" target="_blank" rel="noopener noreferrer">좋은 링크</a>`);
  expect(post.content).toContain(`<span data-type="mention" data-id="${A.dev.id}" data-label="최개발">@최개발</span>`);
  expect(post.mentions).toEqual([{ id: A.dev.id, name: "최개발", email: A.dev.email }]);
  // The author has read their own post.
  expect(post).toMatchObject({ editable: true, userPrivilege: "WRITE", files: [], fileIds: [], fileCount: 0, seen: true, feelCount: 0 });

  const read = await api.ok<Post>(200, "GET", `post/${post.id}`, A.dev);
  expect(read.content).toBe(post.content);
  expect(read).toMatchObject({ editable: false, userPrivilege: "WRITE" });
  expect((await list(A.dev, -3)).content.map((p) => p.id)).toContain(post.id);
  expect((await list(A.sales, -3)).content.map((p) => p.id)).not.toContain(post.id);
});

test("bad input answers 400 and writes nothing", async () => {
  const before = (await list(A.sales, open.id)).totalElements;
  const bad = async (body: Record<string, unknown>, field: string) => {
    const r = await api.fails(400, "common.validation", "POST", "post", A.sales, { boardId: open.id, title: "제목", content: "<p>본문</p>", ...body });
    expect(r.errors.map((e: { field: string }) => e.field)).toContain(field);
  };
  await bad({ title: "" }, "title");
  await bad({ title: "   " }, "title");
  await bad({ content: "" }, "content");
  await bad({ content: "<script>alert(1)</script>" }, "content");
  await bad({ content: "<p>  </p><iframe></iframe>" }, "content");
  await bad({ content: `<img data-file-id="999999">` }, "content"); // an image that is not an upload of theirs
  await bad({ tagIds: [999999] }, "tagIds");
  await bad({ fileIds: [999999] }, "fileIds");
  expect((await list(A.sales, open.id)).totalElements).toBe(before);
});

test("who may write: WRITE on a BOARD; READ, a group, a missing board and another company's board are refused", async () => {
  await api.fails(403, "board.8", "POST", "post", A.sales, { boardId: readOnly.id, title: "읽기 전용", content: "<p>x</p>" });
  await makePost(t, A.manager, { boardId: readOnly.id, title: "관리자는 쓴다" });
  await api.fails(409, "board.move_invalid", "POST", "post", A.manager, { boardId: group.id, title: "그룹", content: "<p>x</p>" });
  await api.fails(404, "board.8", "POST", "post", A.sales, { boardId: 999999, title: "없음", content: "<p>x</p>" });
  const bBoard = await makeBoard(t, B.manager, { name: "B 게시판" });
  await api.fails(404, "board.8", "POST", "post", A.sales, { boardId: bBoard.id, title: "남의 회사", content: "<p>x</p>" });
  // A private board: its members write, an outsider may not even read.
  await makePost(t, A.salesPart, { boardId: salesOnly.id, title: "하위 조직도 쓴다" });
  await api.fails(403, "board.8", "POST", "post", A.dev, { boardId: salesOnly.id, title: "외부인", content: "<p>x</p>" });
});

test("a private board's posts are closed to outsiders (403 board.18) and another company's are missing", async () => {
  const post = await makePost(t, A.sales, { boardId: salesOnly.id, title: "영업 비밀" });
  await api.fails(403, "board.18", "GET", `post/${post.id}`, A.dev);
  await api.fails(403, "board.18", "GET", `post/list?id=${salesOnly.id}`, A.dev);
  await api.fails(403, "board.18", "GET", `post/notices?id=${salesOnly.id}`, A.dev);
  await api.fails(404, "board.post_not_found", "GET", `post/${post.id}`, B.manager);
  await api.fails(404, "board.8", "GET", `post/list?id=${salesOnly.id}`, B.manager);
  await api.fails(404, "board.post_not_found", "PUT", `post/${post.id}`, B.admin, { title: "탈취" });
  await api.fails(404, "board.post_not_found", "DELETE", `post/${post.id}`, B.admin);
  await api.fails(404, "board.post_not_found", "GET", "post/99999999", A.sales);
  // The company admin reads everything of the company.
  expect((await api.ok<Post>(200, "GET", `post/${post.id}`, A.admin)).userPrivilege).toBe("MANAGE");
  // No special folder of the outsider or of company B shows it.
  for (const id of [-1, -2, -3, -4, -5]) {
    expect((await list(A.dev, id)).content.map((p) => p.id)).not.toContain(post.id);
    expect((await list(B.admin, id)).content.every((p) => p.boardId !== salesOnly.id)).toBe(true);
  }
});

test("only the author or a manager edits and deletes; the notice toggle needs a manager or the author with WRITE", async () => {
  const post = await makePost(t, A.sales, { boardId: open.id, title: "원래 제목" });
  await api.fails(403, "board.8", "PUT", `post/${post.id}`, A.dev, { title: "남이 고침" });
  await api.fails(403, "board.8", "DELETE", `post/${post.id}`, A.dev);
  await api.fails(403, "board.8", "PUT", `post/${post.id}/notice`, A.dev, { isNotice: true });
  const mine = await api.ok<Post>(200, "PUT", `post/${post.id}`, A.sales, { title: "고친 제목", content: "<p>새 본문</p>" });
  expect(mine).toMatchObject({ title: "고친 제목", content: "<p>새 본문</p>", preview: "새 본문" });
  expect(mine.updatedTimeMillis).toBeGreaterThanOrEqual(post.updatedTimeMillis);
  const byManager = await api.ok<Post>(200, "PUT", `post/${post.id}`, A.manager, { title: "관리자가 고침" });
  expect(byManager).toMatchObject({ title: "관리자가 고침", content: "<p>새 본문</p>", editable: true, userPrivilege: "MANAGE" });
  await api.fails(400, "common.validation", "PUT", `post/${post.id}`, A.sales, { content: "<script>x</script>" });
  expect((await api.ok<Post>(200, "PUT", `post/${post.id}/notice`, A.sales, { isNotice: true })).isNotice).toBe(true);
  expect((await api.ok<Post>(200, "PUT", `post/${post.id}/notice`, A.manager, { isNotice: false })).isNotice).toBe(false);

  // On a READ board the author (who lost WRITE) may not make a notice; the manager may.
  const ro = await makePost(t, A.manager, { boardId: readOnly.id, title: "읽기 전용 글" });
  await api.fails(403, "board.8", "PUT", `post/${ro.id}/notice`, A.sales, { isNotice: true });
  expect((await api.ok<Post>(200, "PUT", `post/${ro.id}/notice`, A.manager, { isNotice: true })).isNotice).toBe(true);
});

test("a board's list: notices pinned on page 0 and not repeated, paging, order, preview size, seen and reactions", async () => {
  const board = await makeBoard(t, A.manager, { name: "목록 시험" });
  const made: Post[] = [];
  for (let i = 1; i <= 12; i++) {
    made.push(await makePost(t, A.sales, { boardId: board.id, title: `글 ${i}`, content: `<p>${"가".repeat(150)} ${i}</p>` }));
    t.clock.advance(1000);
  }
  const notice = await makePost(t, A.manager, { boardId: board.id, title: "공지사항", isNotice: true, mustRead: true });
  t.clock.advance(1000);

  const p0 = await list(A.dev, board.id, "&pageSize=5&contentSize=100");
  expect(p0.content.map((p) => p.title)).toEqual(["공지사항", "글 12", "글 11", "글 10", "글 9", "글 8"]);
  expect(p0.content[0]).toMatchObject({ isNotice: true, mustRead: true });
  expect(p0).toMatchObject({ totalElements: 12, totalPages: 3, page: 0, pageSize: 5 });
  expect(p0.content[1].preview).toHaveLength(100);
  const p2 = await list(A.dev, board.id, "&pageSize=5&page=2");
  expect(p2.content.map((p) => p.title)).toEqual(["글 2", "글 1"]);
  expect(p2.content.every((p) => !p.isNotice)).toBe(true);
  const asc = await list(A.dev, board.id, "&pageSize=3&sort=createdAt&dir=asc");
  expect(asc.content.map((p) => p.title)).toEqual(["공지사항", "글 1", "글 2", "글 3"]);
  // Default preview: CARD_PREVIEW_CHARS of the text.
  expect((await list(A.dev, board.id, "&pageSize=1&page=1")).content[0].preview).toBe(`${"가".repeat(150)} 11`);

  // seen follows the caller's reads; reactions are counted per type with the caller's own.
  await api.ok(200, "PUT", `post/${made[11].id}/view`, A.dev);
  await api.ok(200, "PUT", "feeling", A.dev, { postId: made[11].id, feelType: "LIKE" });
  await api.ok(200, "PUT", "feeling", A.sales, { postId: made[11].id, feelType: "CELEBRATE" });
  const seen = (await list(A.dev, board.id, "&pageSize=2")).content.find((p) => p.id === made[11].id)!;
  expect(seen).toMatchObject({ seen: true, ifelt: true, feelType: "LIKE", feelCount: 2, readCount: 1 });
  expect(seen.feelList).toEqual([{ feelType: "LIKE", count: 1 }, { feelType: "CELEBRATE", count: 1 }]);
  // A.sales wrote it (an author has read their own post); A.salesPart has not opened it.
  expect((await list(A.sales, board.id, "&pageSize=2")).content.find((p) => p.id === made[11].id)).toMatchObject({
    seen: true, ifelt: true, feelType: "CELEBRATE",
  });
  expect((await list(A.salesPart, board.id, "&pageSize=2")).content.find((p) => p.id === made[11].id)).toMatchObject({
    seen: false, ifelt: false, feelType: null,
  });

  // The notice panel and the notice folder.
  const panel = await api.ok<PostSummary[]>(200, "GET", `post/notices?id=${board.id}`, A.dev);
  expect(panel.map((p) => p.id)).toEqual([notice.id]);
  expect((await api.ok<PostSummary[]>(200, "GET", "post/notices?id=-1", A.dev)).map((p) => p.id)).toContain(notice.id);
  expect((await list(A.dev, -5)).content.map((p) => p.id)).toContain(notice.id);
  expect((await list(A.dev, -5)).content.every((p) => p.isNotice)).toBe(true);
  expect((await api.ok<PostSummary[]>(200, "GET", "post/notices?id=-1", B.admin))).toEqual([]);
});

test("tags of the company filter a board's list (notices then stand among the posts)", async () => {
  const board = await makeBoard(t, A.manager, { name: "태그 시험" });
  const tag = await api.ok<BoardTag>(201, "POST", "config/tag", A.manager, { name: "긴급", color: "#e03131" });
  const bTag = await api.ok<BoardTag>(201, "POST", "config/tag", B.manager, { name: "남의 태그", color: "#e03131" });
  await api.fails(400, "common.validation", "POST", "post", A.sales, { boardId: board.id, title: "x", content: "<p>x</p>", tagIds: [bTag.id] });
  const tagged = await makePost(t, A.sales, { boardId: board.id, title: "태그 글", tagIds: [tag.id] });
  expect(tagged.tags).toEqual([{ id: tag.id, name: "긴급", color: "#e03131" }]);
  const taggedNotice = await makePost(t, A.manager, { boardId: board.id, title: "태그 공지", tagIds: [tag.id], isNotice: true });
  await makePost(t, A.sales, { boardId: board.id, title: "태그 없는 글" });
  const filtered = await list(A.dev, board.id, `&tagId=${tag.id}`);
  expect(filtered.content.map((p) => p.id).sort()).toEqual([tagged.id, taggedNotice.id].sort());
  expect(filtered.totalElements).toBe(2);
  const untagged = await api.ok<Post>(200, "PUT", `post/${tagged.id}`, A.sales, { tagIds: [] });
  expect(untagged.tags).toEqual([]);
});

test("the special folders: all (-1) and my (-2) hold what the caller may read, nothing of company B", async () => {
  const mine = await makePost(t, A.dev, { boardId: open.id, title: "최개발의 글" });
  const all = await list(A.dev, -1, `&pageSize=${PAGE_SIZE_MAX}`);
  expect(all.content.map((p) => p.id)).toContain(mine.id);
  expect(all.content.every((p) => p.boardId !== salesOnly.id)).toBe(true);
  const my = await list(A.dev, -2, `&pageSize=${PAGE_SIZE_MAX}`);
  expect(my.content.length).toBeGreaterThan(0);
  expect(my.content.every((p) => p.userId === A.dev.id)).toBe(true);
  expect(my.totalElements).toBe(my.content.length);
  expect((await list(B.admin, -1)).content).toEqual([]);
  expect((await list(B.admin, -2)).totalElements).toBe(0);
  await api.fails(404, "board.8", "GET", "post/list?id=-9", A.dev);
});

test("posts move to a board the caller may write on, from boards where they are the author or a manager", async () => {
  const from = await makeBoard(t, A.manager, { name: "옮기기 전" });
  const to = await makeBoard(t, A.manager, { name: "옮긴 뒤" });
  const a = await makePost(t, A.sales, { boardId: from.id, title: "옮길 글" });
  const b = await makePost(t, A.dev, { boardId: from.id, title: "남의 글" });
  await api.fails(403, "board.8", "PUT", "post/move", A.sales, { postIds: [a.id, b.id], boardId: to.id });
  expect((await api.ok<Post>(200, "GET", `post/${a.id}`, A.sales)).boardId).toBe(from.id); // nothing moved
  await api.fails(403, "board.8", "PUT", "post/move", A.sales, { postIds: [a.id], boardId: readOnly.id });
  await api.fails(409, "board.move_invalid", "PUT", "post/move", A.manager, { postIds: [a.id], boardId: group.id });
  expect(await api.ok(200, "PUT", "post/move", A.sales, { postIds: [a.id], boardId: to.id })).toEqual({ count: 1 });
  expect(await api.ok(200, "PUT", "post/move", A.manager, { postIds: [b.id], boardId: to.id })).toEqual({ count: 1 });
  expect((await list(A.sales, to.id)).content.map((p) => p.id).sort()).toEqual([a.id, b.id].sort());
  expect((await list(A.sales, from.id)).totalElements).toBe(0);
  // Company B: A's board is missing to it, and so is A's post moved into B's own board.
  await api.fails(404, "board.8", "PUT", "post/move", B.admin, { postIds: [a.id], boardId: to.id });
  const bBoard = await makeBoard(t, B.manager, { name: "B의 게시판" });
  await api.fails(404, "board.post_not_found", "PUT", "post/move", B.manager, { postIds: [a.id], boardId: bBoard.id });
});

test("the boards' kept counts (board_post_counts) match their live posts and notices after moves and notice toggles", async () => {
  const rows = await t.db.sql<{ board_id: string; kept: number[]; real: number[] }[]>`
    select b.id as board_id, array[coalesce(c.post_count, 0), coalesce(c.notice_count, 0)] as kept,
           array[(select count(*)::int from board_posts p where p.board_id = b.id and p.deleted_at is null),
                 (select count(*)::int from board_posts p where p.board_id = b.id and p.deleted_at is null and p.is_notice)] as real
      from boards b left join board_post_counts c on c.board_id = b.id`;
  expect(rows.filter((r) => r.real[1] > 0).length).toBeGreaterThan(1);
  for (const r of rows) expect([r.board_id, r.kept]).toEqual([r.board_id, r.real]);
});

test("a new post tells the newly mentioned (MENTION) and the board's followers (POST), and BOARD_CHANGED its company", async () => {
  const board = await makeBoard(t, A.manager, { name: "알림 시험" });
  await api.ok(200, "PUT", `${board.id}/follow`, A.manager, { follow: true });
  await api.ok(200, "PUT", `${board.id}/follow`, A.salesPart, { follow: true });
  /** Messages the hub sent, and to whom. */
  const frames: { to: string; event: string; data: Record<string, unknown> }[] = [];
  const hub = t.deps.realtime.hub;
  const people = [A.manager, A.sales, A.salesPart, A.dev, B.manager];
  const listeners = people.map((p) => ({
    username: p.username, send: (text: string) => {
      const f = JSON.parse(text) as ServerFrame;
      if (f.type === "MESSAGE") frames.push({ to: p.username, event: f.event, data: f.data as Record<string, unknown> });
    }, close: () => {}, stillValid: () => Promise.resolve(true),
  }));
  for (const [i, l] of listeners.entries()) {
    hub.add(l);
    hub.subscribe(l, boardUserTopic(people[i].username));
    hub.subscribe(l, boardTopic(i === 4 ? B.co.companyId : A.co.companyId));
  }
  try {
    const mention = (p: { id: number }, name: string) => `<span data-type="mention" data-id="${p.id}" data-label="${name}">@${name}</span>`;
    const post = await makePost(t, A.sales, {
      boardId: board.id, title: "알림 글", content: `<p>${mention(A.dev, "최개발")} ${mention(A.salesPart, "박파트")} ${mention(B.manager, "남")} 확인</p>`,
    });
    const notices = frames.filter((f) => f.event === BOARD_NOTICE).map((f) => [f.to, f.data.kind, f.data.postId]);
    expect(notices.sort()).toEqual([
      [A.dev.username, "MENTION", post.id],
      [A.manager.username, "POST", post.id],
      [A.salesPart.username, "MENTION", post.id],
    ].sort());
    expect(post.mentions.map((m) => m.id).sort()).toEqual([A.dev.id, A.salesPart.id].sort()); // B's user is no reader
    expect(frames.filter((f) => f.event === BOARD_CHANGED).map((f) => [f.to, f.data])).toEqual(
      people.slice(0, 4).map((p) => [p.username, { boardId: board.id, postId: post.id }]),
    );
    // An edit tells only those mentioned anew.
    frames.length = 0;
    await api.ok(200, "PUT", `post/${post.id}`, A.sales, { content: `<p>${mention(A.dev, "최개발")} ${mention(A.manager, "김매니저")}</p>` });
    expect(frames.filter((f) => f.event === BOARD_NOTICE).map((f) => [f.to, f.data.kind])).toEqual([[A.manager.username, "MENTION"]]);
  } finally {
    for (const l of listeners) hub.remove(l);
  }
});
