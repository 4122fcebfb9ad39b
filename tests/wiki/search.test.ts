// GET docs/search (shared/wiki/search.ts): Korean two-syllable words found inside longer words in the title and
// the text (회의 and 의록 find 주간회의록; 회의록 does not match "회의 … 의록"), Latin words at a word's start,
// every word of the keyword, the fields (all, title, text), title matches first then the newest, highlights
// (escaped HTML, <em>, a window around the first match of the text), breadcrumbs (an unreadable ancestor
// without its title), what the caller may read (a restricted sub-tree, trash), paging, the keyword rule, bad
// input, and company B.
import { beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { SEARCH_COUNT_MAX, SEARCH_KEYWORD_MAX } from "../../shared/wiki/constants.ts";
import type { SearchHit, SearchPage } from "../../shared/wiki/search.ts";
import { contentOf, docVector } from "../../server/modules/wiki/content/store.ts";
import type { Page } from "../../shared/paging.ts";
import { createTestApp } from "../support/test-app.ts";
import { makeDoc, type WikiCompany, wikiCast } from "./support.ts";

const t = await createTestApp();
type Who = { token: string };

let A: WikiCompany, B: WikiCompany;
let api: Awaited<ReturnType<typeof wikiCast>>["api"];
const D: Record<string, number> = {};

const doc = async (who: Who, title: string, text: string, parentId: number | null = null) => {
  t.clock.advance(60_000);
  return (await makeDoc(t, who, { title, text, parentId })).id;
};
const search = (who: Who, keyword: string, extra = "") =>
  api.ok<Page<SearchHit>>(200, "GET", `docs/search?keyword=${encodeURIComponent(keyword)}${extra}`, who);
const ids = async (who: Who, keyword: string, extra = "") => (await search(who, keyword, extra)).content.map((h) => h.id);

const LONG_BEFORE = "가나다라마바사아자차카타파하 ".repeat(30);
const LONG_AFTER = " 하파타카차자아사바마라다나가".repeat(30);

beforeAll(async () => {
  ({ api, A, B } = await wikiCast(t, "wiki-search"));
  D.minutesTitle = await doc(A.author, "주간회의록 3월", "<p>이번 주 안건 정리</p>");
  D.minutesText = await doc(A.author, "영업팀 안건", "<p>지난 주간회의록을 공유합니다.</p>");
  D.split = await doc(A.author, "일정 조율", "<p>회의 시간은 오후이고 의록 정리는 다음 주입니다.</p>");
  D.portal = await doc(A.author, "Portal guide", "<p>How to use the portal.</p>");
  D.report = await doc(A.author, "Monthly report", "<p>Numbers of the month.</p>");
  D.long = await doc(A.author, "긴 문서", `<p>${LONG_BEFORE}분기 회의 결과${LONG_AFTER}</p>`);
  D.escape = await doc(A.author, "<b>태그</b> & 회의", "<p>a < b & 회의 \"인용\"</p>");
  // A sub-tree only 영업팀 may read; one document under it 개발팀 may read too.
  D.secretRoot = await doc(A.author, "영업 전략 회의", "<p>전략 회의 자료</p>");
  D.secretChild = await doc(A.author, "거래처 회의", "<p>거래처별 회의 메모</p>", D.secretRoot);
  D.sharedChild = await doc(A.author, "공유 회의", "<p>개발팀과 공유하는 회의</p>", D.secretRoot);
  await api.ok(200, "PUT", `docs/${D.secretRoot}/permissions`, A.author, { members: [{ organId: A.organs.sales, accessLevel: "READ" }] });
  await api.ok(200, "PUT", `docs/${D.sharedChild}/permissions`, A.author, { members: [{ userId: A.dev.id, accessLevel: "READ" }] });
  D.trashed = await doc(A.author, "지난 회의", "<p>휴지통 회의</p>");
  await api.ok(200, "DELETE", `docs/${D.trashed}`, A.author);
  D.b = await doc(B.author, "B사 주간회의록", "<p>B 회사의 회의</p>");
});

describe("Korean words", () => {
  it("a two-syllable word finds longer words in the title and the text; 의록 alone too", async () => {
    expect(await ids(A.dev, "회의록")).toEqual([D.minutesTitle, D.minutesText]);
    const 회의 = await ids(A.dev, "회의");
    expect(회의).toEqual(expect.arrayContaining([D.minutesTitle, D.minutesText, D.split, D.long]));
    const 의록 = await ids(A.dev, "의록");
    expect(의록.sort()).toEqual([D.minutesTitle, D.minutesText, D.split].sort());
    expect(await ids(A.dev, "주간회의록")).toEqual([D.minutesTitle, D.minutesText]);
  });

  it("a longer word is not matched by its grams apart (회의 … 의록)", async () => {
    expect(await ids(A.dev, "회의록")).not.toContain(D.split);
    expect(await ids(A.dev, "시간은")).toEqual([D.split]);
  });

  it("every word of the keyword must match, in the title or the text", async () => {
    expect(await ids(A.dev, "주간회의록 공유")).toEqual([D.minutesText]);
    expect(await ids(A.dev, "안건 3월")).toEqual([D.minutesTitle]);
    expect(await ids(A.dev, "회의록 없는말")).toEqual([]);
  });
});

describe("Latin words", () => {
  it("match at a word's start, whatever the case", async () => {
    expect(await ids(A.dev, "port")).toEqual([D.portal]);
    expect(await ids(A.dev, "PORTAL")).toEqual([D.portal]);
    expect(await ids(A.dev, "rep")).toEqual([D.report]);
    expect(await ids(A.dev, "eport")).toEqual([]);
  });
});

describe("fields and order", () => {
  it("type title and text look in one field; all puts title matches first, then the newest", async () => {
    expect(await ids(A.dev, "회의록", "&type=title")).toEqual([D.minutesTitle]);
    expect(await ids(A.dev, "회의록", "&type=text")).toEqual([D.minutesText]);
    // D.minutesText is newer but matches in its text only.
    expect(await ids(A.dev, "회의록", "&type=all")).toEqual([D.minutesTitle, D.minutesText]);
    const all = await ids(A.dev, "회의");
    // Title matches newest first (D.sharedChild, D.escape, D.minutesTitle), then text matches newest first.
    expect(all).toEqual([D.sharedChild, D.escape, D.minutesTitle, D.long, D.split, D.minutesText]);
    // Text matches newest changed first: a change of the text moves a document up.
    expect(await ids(A.dev, "회의", "&type=text")).toEqual([D.sharedChild, D.escape, D.long, D.split, D.minutesText]);
    t.clock.advance(60_000);
    await api.ok(200, "PATCH", `docs/${D.minutesTitle}`, A.author, { text: "<p>회의 안건 수정</p>" });
    expect(await ids(A.dev, "회의", "&type=text")).toEqual([D.minutesTitle, D.sharedChild, D.escape, D.long, D.split, D.minutesText]);
  });
});

describe("highlights and breadcrumbs", () => {
  it("escape the HTML, put each match in <em>, and show a window of the text around its first match", async () => {
    const [hit] = (await search(A.dev, "주간회의록")).content;
    expect(hit.titleHighlighted).toBe("<em>주간회의록</em> 3월");
    const [esc] = (await search(A.dev, "태그")).content;
    expect(esc.id).toBe(D.escape);
    expect(esc.titleHighlighted).toBe("&lt;b&gt;<em>태그</em>&lt;/b&gt; &amp; 회의");
    const [esc2] = (await search(A.dev, "인용")).content;
    expect(esc2.highlightedText).toBe("a &lt; b &amp; 회의 &quot;<em>인용</em>&quot;");
    const [port] = (await search(A.dev, "port")).content;
    expect(port.titleHighlighted).toBe("<em>Port</em>al guide");
    expect(port.highlightedText).toBe("How to use the <em>port</em>al.");

    const [long] = (await search(A.dev, "결과")).content;
    expect(long.id).toBe(D.long);
    const plain = long.highlightedText.replace(/<\/?em>/g, "");
    expect(plain.startsWith("…") && plain.endsWith("…")).toBe(true);
    expect([...plain].length).toBeLessThanOrEqual(202);
    expect(long.highlightedText).toContain("분기 회의 <em>결과</em>");
    expect(long.highlightedText.indexOf("<em>")).toBeGreaterThan(30);
  });

  it("lead from the root to the document; an ancestor the caller may not read has no title", async () => {
    const [mine] = (await search(A.sales, "공유 회의", "&type=title")).content;
    expect(mine.breadcrumbs).toEqual([
      { id: D.secretRoot, type: "document", title: "영업 전략 회의", readable: true },
      { id: D.sharedChild, type: "document", title: "공유 회의", readable: true },
    ]);
    const [dev] = (await search(A.dev, "공유 회의", "&type=title")).content;
    expect(dev).toMatchObject({ id: D.sharedChild, accessLevel: "READ", parentId: D.secretRoot });
    expect(dev.breadcrumbs).toEqual([
      { id: D.secretRoot, type: "document", title: "", readable: false },
      { id: D.sharedChild, type: "document", title: "공유 회의", readable: true },
    ]);
  });
});

describe("what the caller may read", () => {
  it("a restricted sub-tree is invisible to an outsider; documents in trash and of company B to everyone", async () => {
    const outsider = await ids(A.dev, "회의");
    expect(outsider).not.toContain(D.secretRoot);
    expect(outsider).not.toContain(D.secretChild);
    expect(outsider).toContain(D.sharedChild);
    const insider = await ids(A.salesPart, "회의");
    // D.sharedChild's own permissions began as a copy of its parent's (영업팀 READ).
    expect(insider).toEqual(expect.arrayContaining([D.secretRoot, D.secretChild, D.sharedChild]));
    for (const who of [A.dev, A.salesPart, A.admin]) {
      const found = await ids(who, "회의");
      expect(found).not.toContain(D.trashed);
      expect(found).not.toContain(D.b);
    }
    expect(await ids(A.admin, "거래처")).toEqual([D.secretChild]);
    expect(await ids(B.dev, "회의록")).toEqual([D.b]);
  });
});

describe("paging and input", () => {
  it("pages with the count; a page past the end answers the count", async () => {
    const all = await search(A.dev, "회의");
    expect(all.totalElements).toBe(all.content.length);
    const p0 = await search(A.dev, "회의", "&size=2");
    const p1 = await search(A.dev, "회의", "&size=2&page=1");
    expect(p0).toMatchObject({ page: 0, pageSize: 2, totalElements: all.totalElements, totalPages: Math.ceil(all.totalElements / 2) });
    expect([...p0.content, ...p1.content].map((h) => h.id)).toEqual(all.content.slice(0, 4).map((h) => h.id));
    const past = await search(A.dev, "회의", "&size=2&page=50");
    expect(past.content).toEqual([]);
    expect(past.totalElements).toBe(all.totalElements);
  });

  it("the count stops at SEARCH_COUNT_MAX (totalCapped), for words the index settles and words it confirms", async () => {
    // Company B (which has "B사 주간회의록") gets SEARCH_COUNT_MAX + 5 documents holding 회의록 in the text only
    // (written as the documents' writer writes them, in one statement), then "회의록 모음", the newest.
    const n = SEARCH_COUNT_MAX + 5;
    const c = contentOf("<p>주간 회의록을 공유합니다.</p>");
    await t.deps.db.execute(sql`
      insert into wiki_docs (company_id, title, text, plain, search_vector, path, created_by, created_at, updated_at)
      select ${B.co.companyId}, '문서 ' || i, ${c.html}, ${c.plain}, ${docVector("문서", c.plain)}::tsvector, 'x', ${B.author.id},
             now() - make_interval(secs => i), now() - make_interval(secs => i)
        from generate_series(1, ${n}) i`);
    await t.deps.db.execute(sql`update wiki_docs set path = id::text where company_id = ${B.co.companyId} and path = 'x'`);
    const titled = await doc(B.author, "회의록 모음", "<p>모음</p>");
    for (const keyword of ["회의록", "회의"]) {
      const first = await api.ok<SearchPage>(200, "GET", `docs/search?keyword=${encodeURIComponent(keyword)}&size=20`, B.dev);
      expect(first).toMatchObject({ totalElements: SEARCH_COUNT_MAX, totalCapped: true, totalPages: SEARCH_COUNT_MAX / 20 });
      // Title matches first (the newest first), then the newest changed.
      expect(first.content.slice(0, 2).map((h) => h.id)).toEqual([titled, D.b]);
      expect(first.content.slice(2).map((h) => h.title)).toEqual(Array.from({ length: 18 }, (_, i) => `문서 ${i + 1}`));
      // The last page holds hits 980–999 of the order: 문서 979 … 998.
      const last = await api.ok<SearchPage>(200, "GET", `docs/search?keyword=${encodeURIComponent(keyword)}&size=20&page=49`, B.dev);
      expect(last.content.map((h) => h.title)).toEqual(Array.from({ length: 20 }, (_, i) => `문서 ${i + 979}`));
    }
    const few = await api.ok<SearchPage>(200, "GET", `docs/search?keyword=${encodeURIComponent("모음")}`, B.dev);
    expect(few).toMatchObject({ totalElements: 1, totalCapped: false });
  });

  it("a keyword of 1 to SEARCH_KEYWORD_MAX characters; punctuation alone finds nothing", async () => {
    for (const k of ["", "   ", "가".repeat(SEARCH_KEYWORD_MAX + 1), "a".repeat(SEARCH_KEYWORD_MAX * 4 + 1)]) {
      await api.fails(400, "wiki.keyword_invalid", "GET", `docs/search?keyword=${encodeURIComponent(k)}`, A.dev);
    }
    await api.fails(400, "wiki.keyword_invalid", "GET", "docs/search", A.dev);
    expect((await search(A.dev, "가".repeat(SEARCH_KEYWORD_MAX))).content).toEqual([]);
    expect(await search(A.dev, "!!")).toMatchObject({ content: [], totalElements: 0 });
    expect(await ids(A.dev, "  회의록  ")).toEqual([D.minutesTitle, D.minutesText]);
    for (const extra of ["&size=0", "&size=101", "&page=-1", "&type=body", "&size=x"]) {
      await api.fails(400, "common.validation", "GET", `docs/search?keyword=a${extra}`, A.dev);
    }
  });
});
