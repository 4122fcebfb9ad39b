// The wiki's frame in a real browser (issue 29): 이영업, new to the wiki, opens /wiki and meets the start screen;
// makes documents and sub-documents through the side pane (titles set through the API: the tree follows over
// realtime), expands and collapses the tree with the arrow keys, finds the shown document's ancestors expanded
// after a reload, moves a document under another with the move dialog, adds favourites and reorders them by
// keyboard (the focus stays), removes one, deletes a document to the trash and restores it (it opens again);
// /wiki then opens the last read document. 박파트's start screen and side pane in English at phone width (the drawer). axe on every
// screen; screenshots under test-results/e2e/wiki-tree/.
import { describe, expect, test } from "vitest";
import { readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { speak } from "./support/books.ts";
import { signIn } from "./support/mail.ts";
import { wikiApi, wikiCompany } from "../wiki/support.ts";
import { PW } from "../share/share-helpers.ts";
import type { WikiDocument } from "../../shared/wiki/documents.ts";
import type { Favorite } from "../../shared/wiki/personal.ts";

const e = await startE2E("wiki-tree");
const W = await wikiCompany(e.t, "wiki-tree.test");
const api = wikiApi(e.t);
const lee = W.sales;

async function open(path: string, width = 1280, loginId = "lee"): Promise<Page> {
  const { page } = await e.newPage({ width, height: width < 600 ? 844 : 800 });
  page.setDefaultTimeout(12_000);
  await signIn(e, page, loginId, W.co.domain, PW, path);
  return page;
}

async function look(p: Page, name: string) {
  expect(await seriousViolations(p), name).toEqual([]);
  await e.shot(p, name);
}

const snack = (p: Page, text: string) => p.getByText(text, { exact: true }).first().waitFor();

const docOf = (url: string | URL) => Number(/#\/wiki\/docs\/(\d+)$/.exec(String(url))?.[1] ?? 0);

/** The document the page shows (its address's id), once it is another than `before`. */
async function shownDoc(p: Page, before = 0): Promise<number> {
  await p.waitForURL((u) => docOf(u) > 0 && docOf(u) !== before);
  return docOf(p.url());
}

const rename = (id: number, title: string) => api.ok<WikiDocument>(200, "PATCH", `docs/${id}`, lee, { title });

describe("wiki frame", () => {
  test("start screen, new documents and sub-documents, the tree, move, favourites, trash and restore", async () => {
    const p = await open("/wiki");
    const main = p.locator(".wk-main");
    await main.getByRole("heading", { level: 1, name: "위키", exact: true }).waitFor();
    await main.getByRole("button", { name: "새 문서", exact: true }).waitFor();
    await main.getByRole("button", { name: "새 데이터베이스", exact: true }).waitFor();
    await main.getByText("최근에 본 문서가 없습니다.").waitFor();
    const side = p.getByRole("navigation", { name: "위키 메뉴" });
    await side.getByText("아직 문서가 없습니다.").waitFor();
    await look(p, "start");

    // 새 문서 in the side pane: a top-level document, opened; its title comes through the API and the tree follows.
    await side.getByRole("button", { name: "새 문서", exact: true }).click();
    const handbook = await shownDoc(p);
    await rename(handbook, "팀 핸드북");
    const tree = side.getByRole("list", { name: "문서", exact: true });
    const row = (title: string) => tree.getByRole("link", { name: title, exact: true });
    await expect(row("팀 핸드북").getAttribute("aria-current")).resolves.toBe("page");
    await side.getByRole("button", { name: "새 문서", exact: true }).click();
    const minutes = await shownDoc(p, handbook);
    await rename(minutes, "주간 회의록");
    await row("주간 회의록").waitFor();

    // 하위 문서 추가 from the tree item's menu: the parent expands, the sub-document opens.
    await side.getByRole("button", { name: "팀 핸드북 메뉴", exact: true }).click();
    await p.getByRole("menuitem", { name: "하위 문서 추가", exact: true }).click();
    const guide = await shownDoc(p, minutes);
    await rename(guide, "신입 사원 안내");
    await side.getByRole("button", { name: "팀 핸드북 메뉴", exact: true }).click();
    await p.getByRole("menuitem", { name: "하위 문서 추가", exact: true }).click();
    const leave = await shownDoc(p, guide);
    await rename(leave, "휴가 규정");
    await row("휴가 규정").waitFor();
    await expect(row("팀 핸드북").getAttribute("aria-expanded")).resolves.toBe("true");
    await expect(row("휴가 규정").getAttribute("aria-current")).resolves.toBe("page");
    const kids = await api.ok<{ documents: { title: string }[] }>(200, "GET", `docs/summaries?parentId=${handbook}`, lee);
    expect(kids.documents.map((d) => d.title)).toEqual(["신입 사원 안내", "휴가 규정"]);
    await look(p, "tree-sub-documents");

    // Keyboard: ← collapses, → expands (the level loads again), ↓ walks into it; Enter opens.
    await row("팀 핸드북").focus();
    await p.keyboard.press("ArrowLeft");
    await expect.poll(() => row("팀 핸드북").getAttribute("aria-expanded")).toBe("false");
    await expect(row("신입 사원 안내").count()).resolves.toBe(0);
    await p.keyboard.press("ArrowRight");
    await row("신입 사원 안내").waitFor();
    await p.keyboard.press("ArrowDown");
    await expect.poll(() => row("신입 사원 안내").evaluate((el) => el === document.activeElement)).toBe(true);
    await p.keyboard.press("Enter");
    expect(await shownDoc(p, leave)).toBe(guide);

    // A reload with nothing remembered: the shown document's ancestors are expanded, and it is marked.
    await p.evaluate(() => sessionStorage.removeItem("gw.wiki.expanded"));
    await p.reload();
    await expect.poll(() => row("신입 사원 안내").getAttribute("aria-current"), { timeout: 10_000 }).toBe("page");
    await expect(row("팀 핸드북").getAttribute("aria-expanded")).resolves.toBe("true");

    // 이동: 주간 회의록 under 팀 핸드북 (last), through the dialog's browsing.
    await side.getByRole("button", { name: "주간 회의록 메뉴", exact: true }).click();
    await p.getByRole("menuitem", { name: "이동", exact: true }).click();
    const dialog = p.getByRole("dialog", { name: "'주간 회의록' 이동" });
    await dialog.getByRole("button", { name: "팀 핸드북 안으로", exact: true }).waitFor();
    await expect(dialog.getByRole("button", { name: "여기로 이동", exact: true }).isDisabled()).resolves.toBe(true);
    await look(p, "move-dialog");
    await dialog.getByRole("button", { name: "팀 핸드북 안으로", exact: true }).click();
    await dialog.getByRole("button", { name: "휴가 규정 안으로", exact: true }).waitFor();
    await dialog.getByRole("button", { name: "여기로 이동", exact: true }).click();
    await snack(p, "문서를 이동했습니다.");
    await dialog.waitFor({ state: "detached" });
    const moved = await api.ok<{ documents: { id: number }[] }>(200, "GET", `docs/summaries?parentId=${handbook}`, lee);
    expect(moved.documents.map((d) => d.id)).toEqual([guide, leave, minutes]);
    await expect.poll(() => row("주간 회의록").getAttribute("data-parent")).toBe(String(handbook));
    const top = await api.ok<{ documents: { id: number }[] }>(200, "GET", "docs/summaries", lee);
    expect(top.documents.map((d) => d.id)).toEqual([handbook]);

    // Favourites: three added from the tree's menus, in the order added.
    const favorites = side.getByRole("list", { name: "즐겨찾기", exact: true });
    for (const title of ["팀 핸드북", "주간 회의록", "휴가 규정"]) {
      await side.getByRole("button", { name: `${title} 메뉴`, exact: true }).click();
      await p.getByRole("menuitem", { name: "즐겨찾기에 추가", exact: true }).click();
      await snack(p, "즐겨찾기에 추가했습니다.");
      await favorites.getByRole("link", { name: title, exact: true }).waitFor();
    }
    const favTitles = () => favorites.getByRole("link").allTextContents();
    await expect.poll(favTitles).toEqual(["팀 핸드북", "주간 회의록", "휴가 규정"]);
    // Alt+↑ moves 휴가 규정 up; the focus stays on it; the server keeps the order.
    const leaveFav = favorites.getByRole("link", { name: "휴가 규정", exact: true });
    await leaveFav.focus();
    await p.keyboard.press("Alt+ArrowUp");
    await expect.poll(favTitles).toEqual(["팀 핸드북", "휴가 규정", "주간 회의록"]);
    await expect.poll(() => leaveFav.evaluate((el) => el === document.activeElement)).toBe(true);
    await p.keyboard.press("Alt+ArrowUp");
    await expect.poll(favTitles).toEqual(["휴가 규정", "팀 핸드북", "주간 회의록"]);
    await expect.poll(async () => (await api.ok<Favorite[]>(200, "GET", "users/favorites", lee)).map((f) => f.documentId), { timeout: 5_000 })
      .toEqual([leave, handbook, minutes]);
    // 아래로 이동 from its menu, then 즐겨찾기에서 삭제.
    await side.getByRole("button", { name: "즐겨찾기 팀 핸드북 메뉴", exact: true }).click();
    await p.getByRole("menuitem", { name: "아래로 이동", exact: true }).click();
    await expect.poll(favTitles).toEqual(["휴가 규정", "주간 회의록", "팀 핸드북"]);
    await side.getByRole("button", { name: "즐겨찾기 주간 회의록 메뉴", exact: true }).click();
    await p.getByRole("menuitem", { name: "즐겨찾기에서 삭제", exact: true }).click();
    await snack(p, "즐겨찾기에서 삭제했습니다.");
    await expect.poll(favTitles).toEqual(["휴가 규정", "팀 핸드북"]);
    await look(p, "favorites");

    // 삭제: 주간 회의록 to the trash after the confirmation; gone from the tree.
    await side.getByRole("button", { name: "주간 회의록 메뉴", exact: true }).click();
    await p.getByRole("menuitem", { name: "삭제", exact: true }).click();
    const ask = p.getByRole("alertdialog").or(p.getByRole("dialog")).filter({ hasText: "'주간 회의록' 문서와 하위 문서를 휴지통으로 옮기시겠습니까?" });
    await ask.waitFor();
    await look(p, "delete-confirm");
    await ask.getByRole("button", { name: "삭제", exact: true }).click();
    await snack(p, "문서를 휴지통으로 옮겼습니다.");
    await expect.poll(() => row("주간 회의록").count()).toBe(0);

    // 휴지통: the document with who deleted it; 복원 opens it, back in the tree.
    await side.getByRole("link", { name: "휴지통", exact: true }).click();
    await p.getByRole("heading", { level: 1, name: /^휴지통/ }).waitFor();
    const item = p.getByRole("listitem", { name: "주간 회의록", exact: true });
    await item.getByText("삭제한 사람: 이영업").waitFor();
    await look(p, "trash");
    e.t.clock.advance(60_000); // the test app's clock stands still: the restored document is read last
    await item.getByRole("button", { name: "주간 회의록 복원", exact: true }).click();
    expect(await shownDoc(p)).toBe(minutes);
    await snack(p, "문서를 복원했습니다.");
    await expect(row("주간 회의록").getAttribute("aria-current")).resolves.toBe("page");

    // Recent documents, newest first; /wiki opens the last read document (replacing the address).
    await side.getByRole("list", { name: "최근 문서", exact: true }).getByRole("link", { name: "주간 회의록", exact: true }).waitFor();
    await p.goto(`${e.base}/#/wiki`);
    expect(await shownDoc(p)).toBe(minutes);
    await p.context().close();
  });

  test("in English at phone width: the side pane in the drawer", async () => {
    // 박파트, in English, with a document and a favourite of his own (made through the API).
    const park = W.salesPart;
    await speak(e, park, "en", "박파트");
    const checklist = await api.ok<WikiDocument>(201, "POST", "docs", park, { title: "Onboarding checklist", text: "<p>Day one</p>" });
    await api.ok(201, "POST", "users/favorites", park, { documentId: checklist.id });
    const side = JSON.parse(readFileSync(new URL("../../web/src/locales/en/wiki/side.json", import.meta.url), "utf8")) as Record<string, string>;
    const p = await open("/wiki", 390, "park");
    await p.locator(".wk-main").getByRole("heading", { level: 1, name: "Wiki", exact: true }).waitFor();
    await look(p, "en-390-start");
    await p.getByRole("button", { name: side.open, exact: true }).click();
    const drawer = p.getByRole("dialog", { name: side.label });
    await drawer.getByRole("button", { name: side.newDoc, exact: true }).waitFor();
    await drawer.getByRole("list", { name: side.docs, exact: true }).getByRole("link", { name: "팀 핸드북", exact: true }).waitFor();
    await drawer.getByRole("list", { name: side.favorites, exact: true }).getByRole("link", { name: "Onboarding checklist", exact: true }).waitFor();
    await look(p, "en-390-drawer");
    await drawer.getByRole("list", { name: side.favorites, exact: true }).getByRole("link", { name: "Onboarding checklist", exact: true }).click();
    await drawer.waitFor({ state: "detached" });
    expect(await shownDoc(p)).toBe(checklist.id);
    await look(p, "en-390-doc");
    await p.context().close();
  });
});
