// The board search in a real browser (issue 28, 001 §2 /board/search/{type}/{query}): 이영업 searches the
// two-syllable Korean word 실적 from a board's header and finds the post, the reply and the file that hold it
// on the all tab (each kind with its total), then the post tab alone with a link to the post page; a search by
// a tag alone; an empty keyword is refused in the form; a malformed or out-of-range query in the address says
// so and goes to /board. The results in English at phone width and in Indonesian. Screenshots under
// test-results/e2e/board-search/.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";
import { speak } from "./support/books.ts";
import { type Lang, strings } from "./support/walk-i18n.ts";
import { boardApi, boardCompany, makeBoard, makePost } from "../board/support.ts";
import type { BoardFile } from "../../shared/board/posts.ts";
import { PW } from "../share/share-helpers.ts";

const e = await startE2E("board-search");
const B = await boardCompany(e.t, "board-search.test");
const api = boardApi(e.t);
const { manager: kim, sales: lee } = B;

const board = await makeBoard(e.t, kim, { name: "영업팀 게시판" });
const urgent = await api.ok<{ id: number }>(201, "POST", "config/tag", kim, { name: "긴급", color: "#e03131" });
const meeting = await api.ok<{ id: number }>(201, "POST", "config/tag", kim, { name: "회의", color: "#1c7ed6" });

async function upload(name: string, text: string): Promise<BoardFile> {
  const form = new FormData();
  form.append("file", new File([text], name, { type: "text/plain" }));
  const res = await fetch(`${e.base}/api/board/file`, { method: "POST", headers: { authorization: `Bearer ${kim.token}` }, body: form });
  expect(res.status).toBe(201);
  return await res.json();
}

const sheet = await upload("실적표.txt", "1분기 120, 2분기 135");
const report = await makePost(e.t, kim, {
  boardId: board.id, title: "분기 실적 보고서", content: "<p>이번 분기 매출을 정리했습니다.</p>", tagIds: [urgent.id], fileIds: [sheet.id],
});
await makePost(e.t, kim, { boardId: board.id, title: "회의실 예약 안내", content: "<p>대회의실은 목요일 오후에 사용합니다.</p>", tagIds: [meeting.id] });
await makePost(e.t, kim, { boardId: board.id, title: "점심 메뉴", content: "<p>오늘은 김치찌개입니다.</p>" });
await api.ok(201, "POST", "reply", lee, { postId: report.id, replyContent: "실적 자료 잘 봤습니다" });

async function open(path: string, width = 1280): Promise<Page> {
  const { page } = await e.newPage({ width, height: width < 600 ? 844 : 800 });
  page.setDefaultTimeout(12_000);
  await signIn(e, page, "lee", B.co.domain, PW, path);
  return page;
}

async function look(p: Page, name: string) {
  expect(await seriousViolations(p), name).toEqual([]);
  await e.shot(p, name);
}

const address = (p: Page) => decodeURIComponent(p.url());

describe("board search", () => {
  test("a two-syllable Korean word finds the post, the reply and the file; the post tab; a tag alone; an empty keyword", async () => {
    const p = await open(`/board/${board.id}`);
    await p.getByRole("heading", { level: 1, name: /^영업팀 게시판/ }).waitFor();
    const form = p.getByRole("search", { name: "게시판 검색" });
    await form.getByRole("searchbox", { name: "검색어" }).fill("실적");
    await form.getByRole("button", { name: "검색", exact: true }).click();
    await p.waitForURL(/#\/board\/search\/all\//);
    expect(address(p)).toContain('#/board/search/all/{"keyword":"실적"}');
    await p.getByRole("heading", { level: 1, name: /^게시판 검색/ }).waitFor();
    const tabs = p.getByRole("navigation", { name: "검색 대상" });
    await expect(tabs.getByRole("link", { name: "전체", exact: true }).getAttribute("aria-current")).resolves.toBe("page");

    const posts = p.getByRole("region", { name: /^게시물/ });
    await posts.getByRole("link", { name: "분기 실적 보고서", exact: true }).waitFor();
    await posts.getByText("1건", { exact: true }).waitFor();
    await posts.getByText("긴급", { exact: true }).waitFor();
    await expect(posts.getByRole("link", { name: "회의실 예약 안내", exact: true }).count()).resolves.toBe(0);
    const replies = p.getByRole("region", { name: /^댓글/ });
    await replies.getByText("실적 자료 잘 봤습니다", { exact: false }).waitFor();
    await replies.getByRole("link", { name: "분기 실적 보고서", exact: true }).waitFor();
    const files = p.getByRole("region", { name: /^파일/ });
    await files.getByText("실적표.txt", { exact: false }).waitFor();
    await look(p, "ko-all");

    await tabs.getByRole("link", { name: "게시물", exact: true }).click();
    await p.waitForURL(/#\/board\/search\/post\//);
    const list = p.getByRole("list", { name: "게시물", exact: true });
    await list.getByRole("link", { name: "분기 실적 보고서", exact: true }).waitFor();
    await expect(list.locator(":scope > li").count()).resolves.toBe(1);
    await expect(form.getByRole("searchbox", { name: "검색어" }).inputValue()).resolves.toBe("실적");
    await look(p, "ko-post");
    await list.getByRole("link", { name: "분기 실적 보고서", exact: true }).click();
    await p.waitForURL(new RegExp(`#/board/view/${report.id}/`));
    expect(address(p)).toContain(`"boardId":${board.id}`);

    // A tag alone: 회의 finds the one post carrying it.
    await p.goto(`${e.base}/#/board/${board.id}`);
    await form.getByRole("button", { name: "태그", exact: true }).click();
    await p.getByRole("dialog", { name: "태그" }).getByRole("checkbox", { name: "회의", exact: true }).check();
    await p.keyboard.press("Escape");
    await form.getByRole("button", { name: "태그 1개", exact: true }).waitFor();
    await form.getByRole("button", { name: "검색", exact: true }).click();
    await p.waitForURL(/#\/board\/search\/all\//);
    expect(address(p)).toContain(`"tags":[${meeting.id}]`);
    await p.getByRole("region", { name: /^게시물/ }).getByRole("link", { name: "회의실 예약 안내", exact: true }).waitFor();
    await expect(p.getByRole("region", { name: /^게시물/ }).getByRole("list", { name: "게시물", exact: true }).locator(":scope > li").count())
      .resolves.toBe(1);

    // No keyword and no tag: the form says what it needs and stays.
    await p.goto(`${e.base}/#/board/${board.id}`);
    await form.getByRole("button", { name: "검색", exact: true }).click();
    await form.getByRole("alert").getByText("검색어는 1자 이상 50자 이하로 입력하세요.", { exact: true }).waitFor();
    expect(address(p)).toMatch(new RegExp(`#/board/${board.id}$`));
  });

  test("a malformed or out-of-range query in the address goes to /board", async () => {
    const p = await open("/board/all");
    await p.getByRole("heading", { level: 1, name: /^전체 게시물/ }).waitFor();
    for (const bad of ['all/{"keyword":""}', "post/not-json", `reply/{"keyword":"${"가".repeat(51)}"}`, 'all/{"keyword":"실적","pageSize":500}', 'books/{"keyword":"실적"}']) {
      await p.goto(`${e.base}/#/board/search/${encodeURIComponent(bad.split("/")[0])}/${encodeURIComponent(bad.slice(bad.indexOf("/") + 1))}`);
      await p.getByRole("status").getByText("검색 조건이 올바르지 않아 게시판으로 이동합니다.", { exact: true }).waitFor();
      await p.getByText("검색어는 1자 이상 50자 이하로 입력하세요.", { exact: true }).first().waitFor();
      await p.waitForURL(/#\/board\/all$/);
      await p.getByRole("heading", { level: 1, name: /^전체 게시물/ }).waitFor();
    }
  });

  async function walk(lng: Lang, width: number) {
    const tr = strings(lng);
    await speak(e, lee, lng, "이영업");
    const p = await open(`/board/search/all/${encodeURIComponent('{"keyword":"실적"}')}`, width);
    await p.getByRole("heading", { level: 1, name: new RegExp(`^${tr("board:search.title")}`) }).waitFor();
    await p.getByRole("region", { name: new RegExp(`^${tr("board:search.type.post")}`) }).getByRole("link", { name: "분기 실적 보고서", exact: true }).waitFor();
    await look(p, `${lng}-${width}-all`);
    await p.context().close();
  }

  test("the results in English at phone width and in Indonesian", async () => {
    await walk("en", 390);
    await walk("id", 1280);
  });
});
