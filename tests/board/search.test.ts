// GET /api/board/search/{type}: the Korean two-syllable matching (a word of two syllables inside longer words,
// "회의록" not matched by "회의 … 의록"), English word prefixes, the fields (title, content, writer), tag-only
// searches, what the caller may read (a private board's posts, replies and files never reach an outsider;
// trash, blind replies and inline images never appear), paging and the all-type's page of 5, the keyword rule,
// boardId, the reply's text around the keyword, and company B. Data is written through the API.
import { beforeAll, describe, expect, it } from "vitest";
import type { BoardDetail } from "../../shared/board/boards.ts";
import type { BoardTag } from "../../shared/board/config.ts";
import { KEYWORD_MAX, SEARCH_ALL_PAGE_SIZE, SEARCH_COUNT_MAX } from "../../shared/board/constants.ts";
import type { Post, SearchResult } from "../../shared/board/posts.ts";
import type { Reply } from "../../shared/board/replies.ts";
import { POST_WALK_ROWS } from "../../server/modules/board/search/repo.ts";
import { fileVector, postVector } from "../../server/modules/board/search/vectors.ts";
import { createTestApp } from "../support/test-app.ts";
import { boardApi, type BoardCompany, boardCompany, makeBoard, makePost } from "./support.ts";

const t = await createTestApp();
const api = boardApi(t);
type Who = { token: string };

let A: BoardCompany, B: BoardCompany;
let open: BoardDetail, salesOnly: BoardDetail, group: BoardDetail, teamBoard: BoardDetail, bBoard: BoardDetail;
let tagPlan: BoardTag, tagHr: BoardTag;
const P: Record<string, Post> = {};
const R: Record<string, Reply> = {};
const F: Record<string, number> = {};

/** An upload of `who`'s, not yet on a post (the multipart pipeline is the posts' tests' concern). */
async function upload(co: BoardCompany, who: { id: number }, name: string, opts: { inline?: boolean; type?: string } = {}) {
  const [f] = await t.db.sql<{ id: string }[]>`
    insert into board_files (company_id, uploader_id, name, size, content_type, blob_key, inline, search_vector, created_at)
    values (${co.co.companyId}, ${who.id}, ${name}, 1234, ${opts.type ?? "application/pdf"}, ${`sha256/${crypto.randomUUID()}`},
            ${opts.inline ?? false}, ${fileVector(name)}::tsvector, ${t.clock.now().toISOString()})
    returning id`;
  return Number(f.id);
}

const post = async (who: Who, boardId: number, title: string, content: string, extra: Record<string, unknown> = {}) => {
  t.clock.advance(1000);
  return await makePost(t, who, { boardId, title, content, ...extra });
};
const reply = async (who: Who, postId: number, text: string, parentId: number | null = null) => {
  t.clock.advance(1000);
  return await api.ok<Reply>(201, "POST", "reply", who, { postId, replyContent: text, parentId });
};

beforeAll(async () => {
  A = await boardCompany(t, "search-a.test");
  B = await boardCompany(t, "search-b.test");
  open = await makeBoard(t, A.manager, { name: "자유게시판" });
  salesOnly = await makeBoard(t, A.manager, {
    name: "영업팀 게시판", visibility: "PRIVATE", members: { users: [], organs: [{ organId: A.organs.sales, includeChildren: true, privilege: "WRITE" }] },
  });
  group = await makeBoard(t, A.manager, { name: "부서 모음", boardType: "GROUP" });
  teamBoard = await makeBoard(t, A.manager, { name: "개발 소식", parentId: group.id });
  bBoard = await makeBoard(t, B.manager, { name: "B 게시판" });
  tagPlan = await api.ok<BoardTag>(201, "POST", "config/tag", A.manager, { name: "기획", color: "#1c7ed6" });
  tagHr = await api.ok<BoardTag>(201, "POST", "config/tag", A.manager, { name: "인사", color: "#e03131" });

  const minutesFile = await upload(A, A.manager, "3분기 회의록.pdf");
  const inlineImage = await upload(A, A.manager, "회의록 사진.png", { inline: true, type: "image/png" });
  P.minutes = await post(A.manager, open.id, "주간 회의록 공유", `<p>이번 주 회의록입니다. 연차휴가 일정도 함께 올립니다.</p><p><img data-file-id="${inlineImage}" src="x"></p>`, {
    tagIds: [tagPlan.id], fileIds: [minutesFile],
  });
  F.minutes = minutesFile;
  F.inline = inlineImage;
  P.split = await post(A.sales, open.id, "Quarterly report", "<p>The portal is ready. 회의 일정과 의록 정리</p>");
  const secretFile = await upload(A, A.sales, "비밀 회의록 원본.pdf");
  P.secret = await post(A.sales, salesOnly.id, "영업 비밀 회의록", "<p>고객 단가표와 계약 조건</p>", { fileIds: [secretFile] });
  F.secret = secretFile;
  P.leave = await post(A.dev, open.id, "연차 사용 안내", "<p>연차휴가는 팀장 승인 후 사용합니다.</p>", { tagIds: [tagPlan.id, tagHr.id] });
  P.team = await post(A.dev, teamBoard.id, "개발팀 회의록", "<p>배포 일정</p>", { tagIds: [tagHr.id] });
  P.trashed = await post(A.sales, open.id, "삭제될 회의록", "<p>지울 글</p>");
  P.bCompany = await post(B.manager, bBoard.id, "B사 회의록", "<p>B사 내부 회의록</p>");

  R.open = await reply(A.dev, P.minutes.id, "회의록 잘 봤습니다. 다음 회의는 언제인가요?");
  R.secret = await reply(A.sales, P.secret.id, "비밀 회의록 댓글입니다");
  R.onTrashed = await reply(A.dev, P.trashed.id, "휴지통 글의 회의록 댓글");
  const long = `${"가나다라 ".repeat(30)}핵심 결정: 예산안 승인${" 마바사아".repeat(30)}`;
  R.long = await reply(A.sales, P.minutes.id, long);
  R.blind = await reply(A.sales, P.minutes.id, "지워질 회의록 부모 댓글");
  R.child = await reply(A.dev, P.minutes.id, "자식 댓글", R.blind.id);
  await api.ok(200, "DELETE", `reply/${R.blind.id}`, A.sales);
  await api.ok(200, "DELETE", `post/${P.trashed.id}`, A.sales);
  await reply(B.manager, P.bCompany.id, "B사 회의록 댓글");
});

const query = (params: Record<string, string | number | number[]>) => {
  const u = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) {
    if (Array.isArray(v)) for (const x of v) u.append("tags[]", String(x));
    else u.set(k, String(v));
  }
  return u.toString();
};
const search = (who: Who, type: string, params: Record<string, string | number | number[]>) =>
  api.ok<SearchResult>(200, "GET", `search/${type}?${query(params)}`, who);
const postIds = async (who: Who, keyword: string, extra: Record<string, string | number | number[]> = {}) =>
  (await search(who, "post", { keyword, ...extra })).posts!.content.map((p) => p.id);
const replyIds = async (who: Who, keyword: string, extra: Record<string, string | number | number[]> = {}) =>
  (await search(who, "reply", { keyword, ...extra })).replies!.content.map((r) => r.id);
const fileIds = async (who: Who, keyword: string, extra: Record<string, string | number | number[]> = {}) =>
  (await search(who, "file", { keyword, ...extra })).files!.content.map((f) => f.id);

describe("matching", () => {
  it("finds a Korean word of three syllables only where it stands whole, newest first", async () => {
    expect(await postIds(A.dev, "회의록")).toEqual([P.team.id, P.minutes.id]);
    // "회의 일정과 의록" holds both grams of 회의록, apart: not a match.
    expect(await postIds(A.dev, "회의록")).not.toContain(P.split.id);
  });

  it("finds a two-syllable word inside longer words (회의 in 회의록, 연차 in 연차휴가)", async () => {
    expect(await postIds(A.dev, "회의")).toEqual([P.team.id, P.split.id, P.minutes.id]);
    expect(await postIds(A.dev, "연차")).toEqual([P.leave.id, P.minutes.id]);
    expect(await postIds(A.dev, "휴가")).toEqual([P.leave.id, P.minutes.id]);
  });

  it("matches English words by their start, case-insensitively", async () => {
    expect(await postIds(A.dev, "repo")).toEqual([P.split.id]);
    expect(await postIds(A.dev, "PORTAL")).toEqual([P.split.id]);
    expect(await postIds(A.dev, "QUARTERLY")).toEqual([P.split.id]);
    // Not from inside a word: "eport" is no word's start.
    expect(await postIds(A.dev, "eport")).toEqual([]);
  });

  it("needs every word of the keyword", async () => {
    expect(await postIds(A.dev, "연차 팀장")).toEqual([P.leave.id]);
    expect(await postIds(A.dev, "연차 portal")).toEqual([]);
    // Punctuation alone finds nothing rather than everything.
    expect(await postIds(A.dev, "%%")).toEqual([]);
    expect(await postIds(A.dev, "_")).toEqual([]);
  });

  it("searchType narrows to the title, the content or the writer's name", async () => {
    expect(await postIds(A.dev, "연차", { searchType: "TITLE" })).toEqual([P.leave.id]);
    expect(await postIds(A.dev, "연차휴가", { searchType: "CONTENT" })).toEqual([P.leave.id, P.minutes.id]);
    expect(await postIds(A.dev, "회의록", { searchType: "CONTENT" })).toEqual([P.minutes.id]);
    expect(await postIds(A.dev, "최개발", { searchType: "WRITER" })).toEqual([P.team.id, P.leave.id]);
    expect(await postIds(A.dev, "개발", { searchType: "WRITER" })).toEqual([P.team.id, P.leave.id]);
    // 이영업's posts the outsider may read: not the private board's, not the one in trash.
    expect(await postIds(A.dev, "이영업", { searchType: "WRITER" })).toEqual([P.split.id]);
    expect(await postIds(A.sales, "이영업", { searchType: "WRITER" })).toEqual([P.secret.id, P.split.id]);
  });

  it("answers post summaries with their board, author and tags", async () => {
    const [hit] = (await search(A.dev, "post", { keyword: "연차 사용" })).posts!.content;
    expect(hit).toMatchObject({
      id: P.leave.id, boardId: open.id, boardName: "자유게시판", userId: A.dev.id, userName: "최개발", title: "연차 사용 안내",
      preview: "연차휴가는 팀장 승인 후 사용합니다.",
    });
    expect(hit.tags.map((x) => x.id).sort()).toEqual([tagPlan.id, tagHr.id].sort());
  });
});

describe("tags", () => {
  it("a search by tags alone finds the posts carrying every tag", async () => {
    expect(await postIds(A.dev, "", { tags: [tagPlan.id] })).toEqual([P.leave.id, P.minutes.id]);
    expect(await postIds(A.dev, "", { tags: [tagHr.id] })).toEqual([P.team.id, P.leave.id]);
    expect(await postIds(A.dev, "", { tags: [tagPlan.id, tagHr.id] })).toEqual([P.leave.id]);
    expect(await postIds(A.dev, "회의록", { tags: [tagHr.id] })).toEqual([P.team.id]);
  });

  it("accepts tags=1,2 and repeated tags=", async () => {
    const comma = await api.ok<SearchResult>(200, "GET", `search/post?tags=${tagPlan.id},${tagHr.id}`, A.dev);
    expect(comma.posts!.content.map((p) => p.id)).toEqual([P.leave.id]);
    const repeated = await api.ok<SearchResult>(200, "GET", `search/post?tags=${tagPlan.id}&tags=${tagHr.id}`, A.dev);
    expect(repeated.posts!.content.map((p) => p.id)).toEqual([P.leave.id]);
  });

  it("another company's tag matches none of this company's posts", async () => {
    const bTag = await api.ok<BoardTag>(201, "POST", "config/tag", B.manager, { name: "기획", color: "#1c7ed6" });
    expect(await postIds(A.dev, "", { tags: [bTag.id] })).toEqual([]);
  });
});

describe("what the caller may read", () => {
  it("a private board's posts, replies and files reach its members only", async () => {
    expect(await postIds(A.sales, "회의록")).toEqual([P.team.id, P.secret.id, P.minutes.id]);
    expect(await postIds(A.salesPart, "회의록")).toContain(P.secret.id); // 영업1파트, under 영업팀
    expect(await postIds(A.dev, "비밀")).toEqual([]);
    expect(await replyIds(A.sales, "비밀")).toEqual([R.secret.id]);
    expect(await replyIds(A.dev, "비밀")).toEqual([]);
    expect(await fileIds(A.sales, "비밀")).toEqual([F.secret]);
    expect(await fileIds(A.dev, "비밀")).toEqual([]);
    // A company admin manages every board.
    expect(await postIds(A.admin, "비밀")).toEqual([P.secret.id]);
  });

  it("posts in trash, their replies and files never appear; blind replies never appear", async () => {
    for (const who of [A.sales, A.manager, A.admin]) {
      expect(await postIds(who, "삭제될")).toEqual([]);
      expect(await replyIds(who, "휴지통")).toEqual([]);
      expect(await replyIds(who, "지워질")).toEqual([]);
    }
    // The blind reply's child is still there.
    expect(await replyIds(A.sales, "자식")).toEqual([R.child.id]);
  });

  it("inline images are not files of the search; attachments are", async () => {
    expect(await fileIds(A.dev, "회의록")).toEqual([F.minutes]);
    expect(await fileIds(A.dev, "사진")).toEqual([]);
    const [hit] = (await search(A.dev, "file", { keyword: "3분기" })).files!.content;
    expect(hit).toMatchObject({
      id: F.minutes, name: "3분기 회의록.pdf", size: 1234, contentType: "application/pdf", inlineUrl: null,
      postId: P.minutes.id, postTitle: "주간 회의록 공유", boardId: open.id, boardName: "자유게시판", userName: "김매니저",
    });
  });

  it("company B sees its own only, and A never sees B's", async () => {
    expect(await postIds(B.manager, "회의록")).toEqual([P.bCompany.id]);
    expect(await postIds(A.admin, "B사")).toEqual([]);
    expect(await replyIds(A.admin, "B사")).toEqual([]);
    expect(await replyIds(B.dev, "회의록")).toHaveLength(1);
  });
});

describe("boardId", () => {
  it("narrows to one board, or to the boards under a group", async () => {
    expect(await postIds(A.dev, "회의록", { boardId: open.id })).toEqual([P.minutes.id]);
    expect(await postIds(A.dev, "회의록", { boardId: group.id })).toEqual([P.team.id]);
    expect(await replyIds(A.dev, "회의록", { boardId: teamBoard.id })).toEqual([]);
  });

  it("a board the caller may not read answers 403 board.18; a missing or foreign one 404 board.8", async () => {
    await api.fails(403, "board.18", "GET", `search/post?keyword=회의록&boardId=${salesOnly.id}`, A.dev);
    await api.fails(404, "board.8", "GET", `search/post?keyword=회의록&boardId=${bBoard.id}`, A.dev);
    await api.fails(404, "board.8", "GET", "search/post?keyword=회의록&boardId=99999999", A.dev);
  });
});

describe("replies", () => {
  it("answers the reply with its post and board, newest first", async () => {
    const hits = (await search(A.dev, "reply", { keyword: "회의록" })).replies!;
    expect(hits.content.map((r) => r.id)).toEqual([R.open.id]);
    expect(hits.content[0]).toMatchObject({
      postId: P.minutes.id, postTitle: "주간 회의록 공유", boardId: open.id, boardName: "자유게시판", userName: "최개발",
      text: "회의록 잘 봤습니다. 다음 회의는 언제인가요?",
    });
    expect(await replyIds(A.sales, "회의")).toEqual([R.secret.id, R.open.id]);
    expect(await replyIds(A.dev, "최개발", { searchType: "WRITER" })).toEqual([R.child.id, R.open.id]);
  });

  it("the text of a long reply is the part around the keyword", async () => {
    const [hit] = (await search(A.dev, "reply", { keyword: "예산안" })).replies!.content;
    expect(hit.id).toBe(R.long.id);
    expect(hit.text).toContain("핵심 결정: 예산안 승인");
    expect(hit.text.startsWith("…")).toBe(true);
    expect(hit.text.endsWith("…")).toBe(true);
    expect([...hit.text].length).toBeLessThanOrEqual(102);
  });
});

describe("paging and the all type", () => {
  beforeAll(async () => {
    for (let i = 1; i <= 12; i++) await post(A.manager, open.id, `페이징 시험 ${i}`, `<p>페이징 본문 ${i}</p>`);
  });

  it("pages of pageSize, newest first, with the total", async () => {
    const first = (await search(A.dev, "post", { keyword: "페이징" })).posts!;
    expect(first.totalElements).toBe(12);
    expect(first.content.map((p) => p.title)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3].map((i) => `페이징 시험 ${i}`));
    const second = (await search(A.dev, "post", { keyword: "페이징", page: 1 })).posts!;
    expect(second.content.map((p) => p.title)).toEqual(["페이징 시험 2", "페이징 시험 1"]);
    expect(second.totalElements).toBe(12);
    const small = (await search(A.dev, "post", { keyword: "페이징", page: 2, pageSize: 5 })).posts!;
    expect(small.content.map((p) => p.title)).toEqual(["페이징 시험 2", "페이징 시험 1"]);
  });

  it(`type all answers posts, replies and files, ${SEARCH_ALL_PAGE_SIZE} of each`, async () => {
    const all = await search(A.dev, "all", { keyword: "페이징", pageSize: 50 });
    expect(all.posts!.content).toHaveLength(SEARCH_ALL_PAGE_SIZE);
    expect(all.posts!.totalElements).toBe(12);
    expect(all.replies).toEqual({ content: [], totalElements: 0, totalCapped: false });
    expect(all.files).toEqual({ content: [], totalElements: 0, totalCapped: false });
    const mixed = await search(A.dev, "all", { keyword: "회의록" });
    expect(mixed.posts!.content.map((p) => p.id)).toEqual([P.team.id, P.minutes.id]);
    expect(mixed.replies!.content.map((r) => r.id)).toEqual([R.open.id]);
    expect(mixed.files!.content.map((f) => f.id)).toEqual([F.minutes]);
    // One kind asked: only that kind answered.
    expect(Object.keys(await search(A.dev, "reply", { keyword: "회의록" }))).toEqual(["replies"]);
  });
});

describe("counting", () => {
  it(`counts up to ${SEARCH_COUNT_MAX} matches (totalCapped beyond), or up to the page asked for`, async () => {
    // Rows written directly (a thousand posts through the API would only slow the test), with the writers' vectors.
    const bulk = await makeBoard(t, A.manager, { name: "대량 게시판" });
    const n = SEARCH_COUNT_MAX + 5;
    const title = "대량 시험 글";
    await t.db.sql`
      insert into board_posts (company_id, board_id, user_id, title, content, text, search_vector, created_at, updated_at)
      select ${A.co.companyId}, ${bulk.id}, ${A.manager.id}, ${title} || ' ' || g, '<p>본문</p>', '본문',
             ${postVector(title, "본문")}::tsvector || (quote_literal(g::text) || ':1A')::tsvector,
             now() + g * interval '1 second', now() + g * interval '1 second'
        from generate_series(1, ${n}) g`;
    const first = (await search(A.dev, "post", { keyword: "대량" })).posts!;
    expect(first).toMatchObject({ totalElements: SEARCH_COUNT_MAX, totalCapped: true });
    expect(first.content.map((p) => p.title)).toEqual(Array.from({ length: 10 }, (_, i) => `${title} ${n - i}`));
    // The last page (rows 1,001 to 1,005): counted as far as it goes.
    const last = (await search(A.dev, "post", { keyword: "대량", page: SEARCH_COUNT_MAX / 10 })).posts!;
    expect(last).toMatchObject({ totalElements: n, totalCapped: false });
    expect(last.content.map((p) => p.title)).toEqual([5, 4, 3, 2, 1].map((i) => `${title} ${i}`));
    // A narrower search is exact.
    expect((await search(A.dev, "post", { keyword: "대량 1000" })).posts).toMatchObject({ totalElements: 1, totalCapped: false });
  });
});

describe("past the newest rows a search checks one by one (POST_WALK_ROWS)", () => {
  // A board of POST_WALK_ROWS + 100 posts where a rare word sits only in old posts, and another word in the newest
  // 20 and in 5 old ones: the first is found through the word index, the second's page from the walk and its
  // count from the index; both exact.
  let board: BoardDetail;
  beforeAll(async () => {
    board = await makeBoard(t, A.manager, { name: "오래된 글 게시판" });
    const n = POST_WALK_ROWS + 100;
    const vector = (title: string) => postVector(title, "본문");
    await t.db.sql`
      insert into board_posts (company_id, board_id, user_id, title, content, text, search_vector, created_at, updated_at)
      select ${A.co.companyId}, ${board.id}, ${A.manager.id}, t.title, '<p>본문</p>', '본문', t.vec::tsvector, at, at
        from generate_series(1, ${n}) g
        cross join lateral (select timestamptz '2020-01-01' + g * interval '1 minute' as at) a
        cross join lateral (select case when g <= 3 then '희귀단어 옛글' when g <= 8 or g > ${n - 20} then '중간빈도 글'
                                        else '평범한 글' end as title) tt
        cross join lateral (select case tt.title when '희귀단어 옛글' then ${vector("희귀단어 옛글")}
                                                 when '중간빈도 글' then ${vector("중간빈도 글")}
                                                 else ${vector("평범한 글")} end as vec, tt.title) t`;
  });

  it("a word only in old posts is found through the word index, counted exactly", async () => {
    const r = (await search(A.dev, "post", { keyword: "희귀단어", boardId: board.id })).posts!;
    expect(r).toMatchObject({ totalElements: 3, totalCapped: false });
    expect(r.content.map((p) => p.createdTimeMillis)).toEqual([3, 2, 1].map((m) => Date.parse("2020-01-01T00:00:00Z") + m * 60_000));
  });

  it("a word in the newest and in old posts: pages from the walk and from the index, the count exact", async () => {
    const first = (await search(A.dev, "post", { keyword: "중간빈도", boardId: board.id })).posts!;
    expect(first).toMatchObject({ totalElements: 25, totalCapped: false });
    const later = (await search(A.dev, "post", { keyword: "중간빈도", boardId: board.id, page: 2 })).posts!;
    expect(later.content.map((p) => p.createdTimeMillis)).toEqual([8, 7, 6, 5, 4].map((m) => Date.parse("2020-01-01T00:00:00Z") + m * 60_000));
    expect(later.totalElements).toBe(25);
  });
});

describe("the keyword rule", () => {
  it("without tags, an empty or blank keyword answers 400 board.keyword_invalid", async () => {
    await api.fails(400, "board.keyword_invalid", "GET", "search/post", A.dev);
    await api.fails(400, "board.keyword_invalid", "GET", "search/post?keyword=", A.dev);
    await api.fails(400, "board.keyword_invalid", "GET", `search/all?keyword=${encodeURIComponent("   ")}`, A.dev);
  });

  it(`a keyword over ${KEYWORD_MAX} characters answers 400 board.keyword_invalid; ${KEYWORD_MAX} is fine`, async () => {
    await api.fails(400, "board.keyword_invalid", "GET", `search/post?keyword=${encodeURIComponent("가".repeat(KEYWORD_MAX + 1))}`, A.dev);
    await api.fails(400, "board.keyword_invalid", "GET", `search/post?keyword=${"a".repeat(KEYWORD_MAX + 1)}&tags=${tagPlan.id}`, A.dev);
    expect(await postIds(A.dev, "가".repeat(KEYWORD_MAX))).toEqual([]);
    // One character is enough.
    expect(await postIds(A.dev, "연")).toEqual([P.leave.id, P.minutes.id]);
  });

  it("bad parameters answer 400 common.validation; an unknown type 404", async () => {
    await api.fails(400, "common.validation", "GET", "search/post?keyword=a&searchType=BODY", A.dev);
    await api.fails(400, "common.validation", "GET", "search/post?keyword=a&pageSize=51", A.dev);
    await api.fails(400, "common.validation", "GET", "search/post?tags=x", A.dev);
    await api.fails(404, "common.404", "GET", "search/mail?keyword=a", A.dev);
  });
});
