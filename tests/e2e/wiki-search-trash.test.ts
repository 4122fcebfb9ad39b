// The wiki's search and trash in a real browser (issue 29), on documents made through the API by 김작성: 이영업
// searches 회의 from the side pane and finds it inside longer words (주간회의록) with the matches highlighted, a
// title with markup shown as text, where each document sits; narrows to titles and to text; pages through 22
// hits; a keyword past 100 characters is refused. In the trash he searches by title, sees who deleted what,
// restores 김작성's (it opens; purging it is the OWNER's) and deletes his own forever after the
// confirmation; the trash pages too. The same screens
// in Indonesian. axe on each; screenshots under test-results/e2e/wiki-search-trash/.
import { describe, expect, test } from "vitest";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { speak } from "./support/books.ts";
import { signIn } from "./support/mail.ts";
import { makeDoc, wikiApi, wikiCompany } from "../wiki/support.ts";
import { PW } from "../share/share-helpers.ts";
import type { WikiDocument } from "../../shared/wiki/documents.ts";

const e = await startE2E("wiki-search-trash");
const W = await wikiCompany(e.t, "wiki-search-trash.test");
const api = wikiApi(e.t);
const kim = W.author;
const lee = W.sales;

const doc = async (title: string, text: string, parentId: number | null = null) => {
  e.t.clock.advance(1000);
  return await makeDoc(e.t, kim, { title, text: `<p>${text}</p>`, parentId });
};
const handbook = await doc("팀 핸드북", "우리 팀의 일하는 방식");
const weekly = await doc("주간회의록 3월", "이번 주 영업 실적을 공유했습니다.", handbook.id);
const strategy = await doc("영업 전략", "다음 회의에서 신규 거래처 목표를 논의합니다.");
const marked = await doc("A&B <팀> 회의 안내", "장소는 본사 3층입니다.");
await doc("휴가 규정", "연차는 1년에 15일입니다.");
const budgets: WikiDocument[] = [];
for (let i = 1; i <= 22; i++) budgets.push(await doc(`예산 계획 ${String(i).padStart(2, "0")}`, `${i}분기 집행 내역`));

async function open(path: string, width = 1280): Promise<Page> {
  const { page } = await e.newPage({ width, height: width < 600 ? 844 : 800 });
  page.setDefaultTimeout(12_000);
  await signIn(e, page, "lee", W.co.domain, PW, path);
  return page;
}

async function look(p: Page, name: string) {
  expect(await seriousViolations(p), name).toEqual([]);
  await e.shot(p, name);
}

const snack = (p: Page, text: string) => p.getByText(text, { exact: true }).first().waitFor();
const results = (p: Page, name = "검색 결과") => p.getByRole("list", { name, exact: true });

describe("wiki search and trash", () => {
  test("search: a two-syllable word with highlights, the type filter, pages, the keyword rule", async () => {
    const p = await open("/wiki");
    const side = p.getByRole("navigation", { name: "위키 메뉴" });
    await side.getByRole("searchbox", { name: "위키 검색" }).fill("회의");
    await side.getByRole("searchbox", { name: "위키 검색" }).press("Enter");
    await p.waitForURL(/#\/wiki\/search\/(%ED%9A%8C%EC%9D%98|회의)$/);
    const main = p.locator(".wk-main");
    await main.getByRole("heading", { level: 1, name: /^위키 검색/ }).waitFor();
    const list = results(p);
    await list.getByRole("link", { name: "주간회의록 3월", exact: true }).waitFor();
    await expect(main.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("3건");
    // Title matches first: 주간회의록 3월 and the title with markup, then 영업 전략 by its text.
    const titles = await list.locator(":scope > li .wk-result-title").allTextContents();
    expect(titles.slice(2)).toEqual(["영업 전략"]);
    expect(titles.slice(0, 2).sort()).toEqual([marked.title, weekly.title].sort());
    // The matches are <em> elements; markup in a title stays text (no <팀> element).
    const weeklyHit = list.getByRole("listitem").filter({ has: p.getByRole("link", { name: "주간회의록 3월", exact: true }) });
    await expect(weeklyHit.locator("em").allTextContents()).resolves.toEqual(["회의"]);
    await expect(weeklyHit.getByRole("list", { name: "문서 위치" }).textContent()).resolves.toContain("팀 핸드북");
    const strategyHit = list.getByRole("listitem").filter({ has: p.getByRole("link", { name: "영업 전략", exact: true }) });
    await expect(strategyHit.locator(".wk-result-text em").allTextContents()).resolves.toEqual(["회의"]);
    await expect(strategyHit.locator(".wk-result-text").textContent()).resolves.toContain("다음 회의에서 신규 거래처 목표를 논의합니다.");
    await expect(p.locator(".wk-main").locator("팀").count()).resolves.toBe(0);
    await look(p, "search-all");

    // 제목 only, then 본문 only.
    await main.getByRole("button", { name: "제목", exact: true }).click();
    await expect.poll(() => list.locator(":scope > li").count(), { timeout: 5_000 }).toBe(2);
    await expect(main.getByRole("button", { name: "제목", exact: true }).getAttribute("aria-pressed")).resolves.toBe("true");
    await main.getByRole("button", { name: "본문", exact: true }).click();
    await expect.poll(() => list.locator(".wk-result-title").allTextContents(), { timeout: 5_000 }).toEqual(["영업 전략"]);
    await main.getByRole("button", { name: "전체", exact: true }).click();

    // 22 hits of 예산 over two pages; the second opens a document.
    const box = main.getByRole("searchbox", { name: "검색어" });
    await box.fill("예산");
    await box.press("Enter");
    await expect.poll(() => list.locator(":scope > li").count(), { timeout: 5_000 }).toBe(20);
    await expect(main.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("22건");
    await main.getByRole("button", { name: "2 페이지", exact: true }).click();
    await expect.poll(() => list.locator(":scope > li").count(), { timeout: 5_000 }).toBe(2);
    await expect(main.getByRole("button", { name: "2 페이지", exact: true }).getAttribute("aria-current")).resolves.toBe("page");
    await look(p, "search-page-2");
    const last = list.getByRole("link").first();
    const lastTitle = (await last.textContent())!;
    await last.click();
    await p.waitForURL(/#\/wiki\/docs\/\d+$/);
    expect(budgets.map((b) => b.title)).toContain(lastTitle);

    // A keyword of 101 characters is refused where it is typed, and in the address.
    await side.getByRole("searchbox", { name: "위키 검색" }).fill("가".repeat(101));
    await side.getByRole("searchbox", { name: "위키 검색" }).press("Enter");
    await side.getByRole("alert").getByText("검색어를 1~100자로 입력하세요.").waitFor();
    await p.goto(`${e.base}/#/wiki/search/${encodeURIComponent("가".repeat(101))}`);
    await main.getByRole("alert").getByText("검색어를 1~100자로 입력하세요.").waitFor();
    await expect(results(p).count()).resolves.toBe(0);
    await p.context().close();
  });

  test("trash: search, who deleted, restore (it opens), delete forever by the owner, pages", async () => {
    // 김작성 removes 21 budget documents and 영업 전략 (이영업 holds WRITE on them: the company default); 이영업
    // removes a memo of his own (he is its OWNER).
    for (const d of budgets.slice(0, 21)) {
      e.t.clock.advance(1000);
      await api.ok(200, "DELETE", `docs/${d.id}`, kim);
    }
    e.t.clock.advance(1000);
    await api.ok(200, "DELETE", `docs/${strategy.id}`, kim);
    const memo = await makeDoc(e.t, lee, { title: "예산 메모", text: "<p>초안</p>" });
    e.t.clock.advance(1000);
    await api.ok(200, "DELETE", `docs/${memo.id}`, lee);

    const p = await open("/wiki/trash");
    const main = p.locator(".wk-main");
    await main.getByRole("heading", { level: 1, name: /^휴지통/ }).waitFor();
    const list = results(p, "삭제한 문서");
    const item = (title: string) => list.getByRole("listitem", { name: title, exact: true });
    await item("영업 전략").waitFor();
    await expect(main.getByRole("heading", { level: 1 }).textContent()).resolves.toContain("23건");
    await expect(list.locator(":scope > li").count()).resolves.toBe(20);
    // Newest first, each with who deleted it.
    await expect(list.locator(":scope > li").first().getAttribute("aria-label")).resolves.toBe("예산 메모");
    await item("예산 메모").getByText("삭제한 사람: 이영업").waitFor();
    await item("영업 전략").getByText("삭제한 사람: 김작성").waitFor();
    // 영구 삭제 is the OWNER's: 이영업 may restore 김작성's documents, not purge them.
    await expect(item("영업 전략").getByRole("button", { name: "영업 전략 영구 삭제" }).count()).resolves.toBe(0);
    await item("영업 전략").getByRole("button", { name: "영업 전략 복원", exact: true }).waitFor();
    await look(p, "trash");
    await main.getByRole("button", { name: "2 페이지", exact: true }).click();
    await expect.poll(() => list.locator(":scope > li").count(), { timeout: 5_000 }).toBe(3);
    await look(p, "trash-page-2");

    // The title search.
    const box = main.getByRole("searchbox", { name: "휴지통 검색" });
    await box.fill("예산 계획 07");
    await box.press("Enter");
    await expect.poll(() => list.locator(":scope > li").count(), { timeout: 5_000 }).toBe(1);
    await item("예산 계획 07").waitFor();

    // 영구 삭제 of his memo after the confirmation: gone for good.
    await box.fill("예산 메모");
    await box.press("Enter");
    await expect.poll(() => list.locator(":scope > li").count(), { timeout: 5_000 }).toBe(1);
    await item("예산 메모").getByRole("button", { name: "예산 메모 영구 삭제", exact: true }).click();
    const ask = p.getByRole("alertdialog").or(p.getByRole("dialog")).filter({ hasText: "'예산 메모' 문서와 하위 문서를 영구 삭제하시겠습니까?" });
    await ask.waitFor();
    await look(p, "purge-confirm");
    await ask.getByRole("button", { name: "영구 삭제", exact: true }).click();
    await snack(p, "문서를 영구 삭제했습니다.");
    await main.getByText("'예산 메모'와 일치하는 문서가 없습니다.").waitFor();
    const gone = await e.t.call("GET", `/api/wiki/docs/${memo.id}`, { token: lee.token });
    expect(gone.status).toBe(404);

    // 복원: 영업 전략 comes back and opens, and is in the tree again.
    await box.fill("");
    await box.press("Enter");
    await item("영업 전략").getByRole("button", { name: "영업 전략 복원", exact: true }).click();
    await p.waitForURL(new RegExp(`#/wiki/docs/${strategy.id}$`));
    await snack(p, "문서를 복원했습니다.");
    const back = await api.ok<WikiDocument>(200, "GET", `docs/${strategy.id}`, lee);
    expect(back.status).toBe("PUBLISHED");
    await p.getByRole("navigation", { name: "위키 메뉴" }).getByRole("list", { name: "문서", exact: true })
      .getByRole("link", { name: "영업 전략", exact: true }).waitFor();
    await p.context().close();
  });

  test("in Indonesian: search and trash", async () => {
    await speak(e, lee, "id", "이영업");
    const read = (part: string) =>
      JSON.parse(readFileSync(new URL(`../../web/src/locales/id/wiki/${part}.json`, import.meta.url), "utf8")) as Record<string, string>;
    const side = read("side");
    const trash = read("trash");
    const search = read("search");
    const p = await open(`/wiki/search/${encodeURIComponent("회의")}`);
    await results(p, search.results).getByRole("link", { name: "주간회의록 3월", exact: true }).waitFor();
    await p.getByRole("navigation", { name: side.label }).getByRole("link", { name: side.trash, exact: true }).waitFor();
    await look(p, "id-search");
    await p.getByRole("navigation", { name: side.label }).getByRole("link", { name: side.trash, exact: true }).click();
    await results(p, trash.list).locator(":scope > li").first().waitFor();
    await look(p, "id-trash");
    await p.context().close();
  });
});
