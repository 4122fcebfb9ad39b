// The wiki's document page in a real browser (issue 29): 김작성 opens a page under the handbook, renames it with a
// Korean IME (Enter while composing does not save half a syllable), writes headings, a list and a table in the
// live editor (the server saves what the editor holds), attaches an image and a file, links another document
// through the picker and follows the link; 즐겨찾기 on and off and 링크 복사 with the spec's texts; the version history shows who saved what and a rollback reaches the
// open editor; a reader (READ) gets the page read-only; delete to trash and restore; a missing document says so;
// the page at phone width and in English and Indonesian, axe-checked, kept under test-results/e2e/wiki-doc/.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import type { WikiDocument } from "../../shared/wiki/documents.ts";
import type { Page as Paged } from "../../shared/paging.ts";
import type { VersionSummary } from "../../shared/wiki/versions.ts";
import { makeDoc, type Person, wikiApi, wikiCompany } from "../wiki/support.ts";
import { PW } from "../share/share-helpers.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";
import { speak } from "./support/books.ts";
import { overflowing } from "./support/drive-screens.ts";
import { koreanIme } from "./support/ime.ts";

const e = await startE2E("wiki-doc");
const A = await wikiCompany(e.t, "wiki-doc-e2e.test");
const api = wikiApi(e.t);

type Lang = "ko" | "en" | "id";
/** wiki:<part>.* in a language, from the locale files the UI loads. */
const texts = (lng: Lang) => {
  const part = (p: string) => JSON.parse(readFileSync(new URL(`../../web/src/locales/${lng}/wiki/${p}.json`, import.meta.url), "utf8"));
  const json: Record<string, unknown> = {
    ...JSON.parse(readFileSync(new URL(`../../web/src/locales/${lng}/wiki.json`, import.meta.url), "utf8")),
    doc: part("doc"), editor: part("editor"), versions: part("versions"), side: part("side"),
  };
  return (key: string, vars: Record<string, string | number> = {}) => {
    const v = key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], json);
    if (typeof v !== "string") throw new Error(`no wiki:${key} in ${lng}`);
    return v.replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k]));
  };
};
const t = texts("ko");
/** The wiki's error texts in Korean by code (wikiErrors.json nests them: { wiki: { not_found } }). */
const wikiErrors = Object.fromEntries(Object.entries((JSON.parse(readFileSync(new URL("../../web/src/locales/ko/wikiErrors.json", import.meta.url), "utf8")) as { wiki: Record<string, string> }).wiki).map(([k, v]) => [`wiki.${k}`, v]));

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDgbNsmQAAAABJRU5ErkJggg==",
  "base64",
);

const handbook = await makeDoc(e.t, A.author, { title: "영업 핸드북" });
const target = await makeDoc(e.t, A.author, { title: "휴가 규정", text: "<p>연차는 입사일 기준입니다.</p>" });

const docUrl = (id: number) => `${e.base}/#/wiki/docs/${id}`;
const getDoc = (id: number, who: Person = A.author) => api.ok<WikiDocument>(200, "GET", `docs/${id}`, who);

async function open(who: Person, opts: { width?: number; height?: number } = {}) {
  const { context, page } = await e.newPage(opts);
  page.setDefaultTimeout(15_000);
  await signIn(e, page, who.username.split("@")[0], A.co.domain, PW);
  return { context, page };
}

/** Picks files through the file chooser a button opens. */
async function choose(page: Page, button: string, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByRole("button", { name: button, exact: true }).click()]);
  await chooser.setFiles(files);
}

const body = (page: Page) => page.getByRole("textbox", { name: t("editor.label"), exact: true });
const titleBox = (page: Page) => page.getByRole("textbox", { name: t("doc.title"), exact: true });
/** The live editor is connected and editable once its toolbar shows. */
const live = (page: Page) => page.getByRole("toolbar", { name: t("editor.toolbar"), exact: true }).waitFor();

describe("the document page", () => {
  test("rename with an IME, write headings, a list and a table, attach an image and a file, link a document and follow it", async () => {
    const doc = await makeDoc(e.t, A.author, { title: "신규 입사자 안내", parentId: handbook.id, text: "<p>환영합니다.</p>" });
    const { context, page } = await open(A.author);
    await page.goto(docUrl(doc.id));
    await expect.poll(() => titleBox(page).inputValue(), { timeout: 15_000 }).toBe("신규 입사자 안내");
    await page.getByRole("navigation", { name: t("doc.where") }).getByRole("link", { name: "영업 핸드북", exact: true }).waitFor();
    await page.getByRole("button", { name: t("doc.share"), exact: true }).waitFor(); // the creator is OWNER

    // The title: "서" composed, Enter pressed while composing (the IME's), then committed, then Enter saves once.
    const ime = await koreanIme(page);
    await titleBox(page).click();
    await page.keyboard.press("End");
    await ime.compose(["ㅅ", "서"]);
    await ime.enterWhileComposing();
    await ime.commit("서");
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await getDoc(doc.id)).title, { timeout: 10_000 }).toBe("신규 입사자 안내서");
    expect(await titleBox(page).inputValue()).toBe("신규 입사자 안내서");

    // Headings, a list and a table in the live editor; the server saves the merged document.
    await live(page);
    await body(page).click();
    await page.keyboard.press("Control+End");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: t("editor.heading", { level: 2 }), exact: true }).click();
    await page.keyboard.type("첫 주 일정");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: t("editor.bulletList"), exact: true }).click();
    await page.keyboard.type("노트북 받기");
    await page.keyboard.press("Enter");
    await page.keyboard.type("계정 만들기");
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    await page.getByRole("button", { name: t("editor.table"), exact: true }).click();
    await page.getByRole("menuitem", { name: t("editor.tableInsert"), exact: true }).click();
    await page.keyboard.type("담당자");
    await body(page).getByRole("heading", { level: 2, name: "첫 주 일정" }).waitFor();
    await expect.poll(async () => (await getDoc(doc.id)).text, { timeout: 15_000 }).toMatch(
      /<h2>첫 주 일정<\/h2><ul><li><p>노트북 받기<\/p><\/li><li><p>계정 만들기<\/p><\/li><\/ul><table[^>]*>.*<th><p>담당자<\/p><\/th>/s,
    );

    // An image and a file: uploaded as the document's files and placed at the caret.
    await page.keyboard.press("Control+End");
    await choose(page, t("editor.image"), [{ name: "조직도.png", mimeType: "image/png", buffer: PNG }]);
    const img = body(page).locator("img[data-file-id]");
    await img.waitFor();
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth), { timeout: 10_000 }).toBe(4);
    await choose(page, t("editor.attach"), [{ name: "체크리스트.txt", mimeType: "text/plain", buffer: Buffer.from("노트북, 계정") }]);
    await body(page).getByRole("link", { name: "체크리스트.txt", exact: true }).waitFor();
    await expect.poll(async () => (await getDoc(doc.id)).text, { timeout: 15_000 }).toMatch(
      /<img[^>]*data-file-id="\d+".*<div[^>]*data-wiki-file="\d+"[^>]*data-name="체크리스트.txt"/s,
    );

    // A link to another document through the picker, then followed inside the app.
    await body(page).locator(":scope > p").last().click();
    await page.keyboard.type("참고: ");
    await page.getByRole("button", { name: t("editor.docLink"), exact: true }).click();
    await page.getByRole("textbox", { name: t("editor.docLinkSearch"), exact: true }).fill("휴가");
    await page.getByRole("option", { name: "휴가 규정", exact: true }).click();
    const link = body(page).getByRole("link", { name: "휴가 규정", exact: true });
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe(`#/wiki/docs/${target.id}`);
    await expect.poll(async () => (await getDoc(doc.id)).text, { timeout: 15_000 }).toMatch(new RegExp(`<p>참고: <a [^>]*href="#/wiki/docs/${target.id}"[^>]*>휴가 규정</a>`));
    await e.shot(page, "written");
    expect(await seriousViolations(page)).toEqual([]);

    await link.click();
    await page.waitForURL(new RegExp(`#/wiki/docs/${target.id}$`));
    await expect.poll(() => titleBox(page).inputValue(), { timeout: 15_000 }).toBe("휴가 규정");
    await body(page).getByText("연차는 입사일 기준입니다.", { exact: true }).waitFor();
    await context.close();
  });

  test("a new document opens with the focus in its title; Enter goes on to the body", async () => {
    const { context, page } = await open(A.author);
    await page.goto(docUrl(target.id));
    await live(page);
    const side = page.getByRole("navigation", { name: t("side.label"), exact: true });
    await side.getByRole("button", { name: t("side.newDoc"), exact: true }).click();
    await page.waitForURL((u) => /#\/wiki\/docs\/\d+$/.test(String(u)) && !String(u).endsWith(`/docs/${target.id}`));
    const id = Number(/(\d+)$/.exec(page.url())![1]);
    await live(page);
    await expect.poll(() => titleBox(page).evaluate((el) => el === document.activeElement), { timeout: 10_000 }).toBe(true);
    await page.keyboard.type("분기 보고");
    await page.keyboard.press("Enter");
    await expect.poll(() => body(page).evaluate((el) => el.contains(document.activeElement)), { timeout: 10_000 }).toBe(true);
    await page.keyboard.type("매출이 늘었습니다.");
    await expect.poll(async () => (await getDoc(id)).title, { timeout: 10_000 }).toBe("분기 보고");
    await expect.poll(async () => (await getDoc(id)).text, { timeout: 15_000 }).toContain("매출이 늘었습니다.");
    // An existing document keeps the focus where it was: only a new one's title takes it.
    await page.reload();
    await live(page);
    expect(await titleBox(page).evaluate((el) => el === document.activeElement)).toBe(false);
    await context.close();
  });

  test("version history: who saved what, a version's content, and a rollback the open editor receives", async () => {
    const doc = await makeDoc(e.t, A.author, { title: "영업 목표", text: "<p>1분기 목표는 10억입니다.</p>" });
    await api.ok(200, "PATCH", `docs/${doc.id}`, A.sales, { text: "<p>1분기 목표는 12억입니다.</p>" });
    const versions = await api.ok<Paged<VersionSummary>>(200, "GET", `versions?docId=${doc.id}`, A.author);
    expect(versions.content.map((v) => v.lastModifiedByName)).toEqual(["이영업", "김작성"]);

    const { context, page } = await open(A.author);
    await page.goto(docUrl(doc.id));
    await live(page);
    await body(page).getByText("1분기 목표는 12억입니다.", { exact: true }).waitFor();

    // 즐겨찾기 on and off, with the spec's texts (001 §8); 링크 복사 puts {origin}/#/wiki/docs/{id} on the clipboard.
    const favorite = page.getByRole("button", { name: t("doc.favorite"), exact: true });
    await favorite.click();
    await page.getByText(t("common.favoriteAdded"), { exact: true }).waitFor();
    await expect.poll(() => favorite.getAttribute("aria-pressed")).toBe("true");
    expect((await api.ok<{ documentId: number }[]>(200, "GET", "users/favorites", A.author)).map((f) => f.documentId)).toContain(doc.id);
    await favorite.click();
    await page.getByText(t("common.favoriteRemoved"), { exact: true }).waitFor();
    await expect.poll(() => favorite.getAttribute("aria-pressed")).toBe("false");
    expect((await api.ok<{ documentId: number }[]>(200, "GET", "users/favorites", A.author)).map((f) => f.documentId)).not.toContain(doc.id);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: e.base });
    await page.getByRole("button", { name: t("doc.copyLink"), exact: true }).click();
    await page.getByText(t("common.linkCopied"), { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${e.base}/#/wiki/docs/${doc.id}`);

    await page.getByRole("button", { name: t("doc.versions"), exact: true }).click();
    const dialog = page.getByRole("dialog", { name: t("versions.title"), exact: true });
    const list = dialog.getByRole("listbox", { name: t("versions.list"), exact: true });
    await expect.poll(() => list.getByRole("option").count(), { timeout: 10_000 }).toBe(2);
    await list.getByRole("option").filter({ hasText: "김작성" }).click();
    await dialog.getByText("1분기 목표는 10억입니다.", { exact: true }).waitFor();
    await e.shot(page, "versions");
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole("button", { name: t("versions.rollback"), exact: true }).click();
    await page.getByRole("dialog", { name: t("versions.rollbackTitle"), exact: true }).getByRole("button", { name: t("versions.rollback"), exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    // The server puts the version into the live document: the open editor shows it without a reload.
    await body(page).getByText("1분기 목표는 10억입니다.", { exact: true }).waitFor();
    expect(await body(page).textContent()).not.toContain("12억");
    await expect.poll(async () => (await getDoc(doc.id)).text, { timeout: 10_000 }).toBe("<p>1분기 목표는 10억입니다.</p>");
    await context.close();
  });

  test("a reader (READ) gets the page read-only, still live", async () => {
    const doc = await makeDoc(e.t, A.author, { title: "보안 수칙", text: "<p>비밀번호는 공유하지 않습니다.</p>" });
    await api.ok(200, "PUT", `docs/${doc.id}/permissions`, A.author, { members: [{ userId: A.dev.id, accessLevel: "READ" }] });
    expect((await getDoc(doc.id, A.dev)).editable).toBe(false);

    const { context, page } = await open(A.dev);
    await page.goto(docUrl(doc.id));
    await expect.poll(() => titleBox(page).inputValue(), { timeout: 15_000 }).toBe("보안 수칙");
    expect(await titleBox(page).getAttribute("readonly")).not.toBeNull();
    await page.getByText(t("doc.readOnly"), { exact: true }).waitFor();
    await body(page).getByText("비밀번호는 공유하지 않습니다.", { exact: true }).waitFor();
    expect(await body(page).getAttribute("contenteditable")).toBe("false");
    // A short read-only page takes the pane's width (up to 960 px), not its content's: it starts where others do.
    const widths = await page.evaluate(() => ({
      page: Math.round(document.querySelector(".wd-page")!.getBoundingClientRect().width),
      pane: Math.round(Math.min(960, document.querySelector(".wk-main")!.clientWidth)),
    }));
    expect(widths.page).toBe(widths.pane);
    // The side pane's 최근 문서 lists the page just opened, without a reload.
    await page.getByRole("list", { name: t("side.recent"), exact: true }).getByRole("link", { name: "보안 수칙", exact: true })
      .waitFor({ timeout: 10_000 });
    await expect.poll(() => page.getByRole("toolbar", { name: t("editor.toolbar"), exact: true }).count()).toBe(0);
    // No write actions for a reader.
    await page.getByRole("button", { name: t("doc.more"), exact: true }).click();
    await page.getByRole("menuitem", { name: t("doc.exportDoc"), exact: true }).waitFor();
    expect(await page.getByRole("menuitem", { name: t("doc.delete"), exact: true }).count()).toBe(0);
    await page.keyboard.press("Escape");
    expect(await page.getByRole("button", { name: t("doc.addChild"), exact: true }).count()).toBe(0);
    expect(await page.getByRole("button", { name: t("doc.share"), exact: true }).count()).toBe(0);

    // The author's change reaches the reader's open page.
    await api.ok(200, "PATCH", `docs/${doc.id}`, A.author, { text: "<p>비밀번호는 90일마다 바꿉니다.</p>" });
    await body(page).getByText("비밀번호는 90일마다 바꿉니다.", { exact: true }).waitFor({ timeout: 15_000 });
    await e.shot(page, "reader");
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  test("an open sub-document's breadcrumbs follow when a colleague moves its parent", async () => {
    const archive = await makeDoc(e.t, A.author, { title: "보관함" });
    const events = await makeDoc(e.t, A.author, { title: "행사", parentId: handbook.id });
    const party = await makeDoc(e.t, A.author, { title: "송년회", parentId: events.id });
    const { context, page } = await open(A.author);
    await page.goto(docUrl(party.id));
    await live(page);
    const crumbs = page.getByRole("navigation", { name: t("doc.where"), exact: true }).getByRole("link");
    await expect.poll(() => crumbs.allTextContents(), { timeout: 10_000 }).toEqual(["영업 핸드북", "행사"]);
    await api.ok(200, "PATCH", `docs/${events.id}/move`, A.sales, { parentId: archive.id, prevId: null });
    await expect.poll(() => crumbs.allTextContents(), { timeout: 10_000 }).toEqual(["보관함", "행사"]);
    await context.close();
  });

  test("delete to trash goes to the parent; the removed page shows a banner and is restored", async () => {
    const doc = await makeDoc(e.t, A.author, { title: "지난 행사", parentId: handbook.id });
    const { context, page } = await open(A.author);
    await page.goto(docUrl(doc.id));
    await live(page);
    await page.getByRole("button", { name: t("doc.more"), exact: true }).click();
    await page.getByRole("menuitem", { name: t("doc.delete"), exact: true }).click();
    await page.getByRole("dialog", { name: t("doc.deleteTitle"), exact: true }).getByRole("button", { name: t("doc.delete"), exact: true }).click();
    await page.waitForURL(new RegExp(`#/wiki/docs/${handbook.id}$`));
    await expect.poll(() => titleBox(page).inputValue(), { timeout: 15_000 }).toBe("영업 핸드북");
    expect((await getDoc(doc.id)).status).toBe("REMOVED");

    await page.goto(docUrl(doc.id));
    await page.getByText(t("doc.removed"), { exact: true }).waitFor();
    expect(await page.getByRole("toolbar", { name: t("editor.toolbar"), exact: true }).count()).toBe(0);
    await e.shot(page, "removed");
    await page.getByRole("button", { name: t("doc.restore"), exact: true }).click();
    await live(page);
    expect(await page.getByText(t("doc.removed"), { exact: true }).count()).toBe(0);
    expect((await getDoc(doc.id)).status).toBe("PUBLISHED");
    await context.close();
  });

  test("a missing document and one without access say why, with a way back", async () => {
    const secret = await makeDoc(e.t, A.author, { title: "인사 평가" });
    await api.ok(200, "PUT", `docs/${secret.id}/permissions`, A.author, { members: [{ userId: A.dev.id, accessLevel: "NONE" }] });
    const { context, page } = await open(A.dev);
    await page.goto(docUrl(987_654));
    await page.getByRole("alert").getByText(wikiErrors["wiki.not_found"], { exact: true }).waitFor();
    await page.goto(docUrl(secret.id));
    await page.getByRole("alert").getByText(wikiErrors["wiki.no_access"], { exact: true }).waitFor();
    expect(await page.getByText("인사 평가").count()).toBe(0);
    await page.getByRole("link", { name: t("doc.backHome"), exact: true }).click();
    await page.waitForURL(/#\/wiki$/);
    await context.close();
  });

  for (const [lng, width] of [["en", 390], ["id", 1280]] as const) {
    test(`the page in ${lng} at ${width} px`, async () => {
      const who = lng === "en" ? A.salesPart : A.sales;
      await speak(e, who, lng, who.name);
      const tl = texts(lng);
      const doc = await makeDoc(e.t, A.author, {
        title: "Onboarding",
        parentId: handbook.id,
        text: "<h2>Week one</h2><ul><li><p>Laptop</p></li></ul><table><tbody><tr><th><p>Owner</p></th></tr><tr><td><p>HR</p></td></tr></tbody></table>",
      });
      await makeDoc(e.t, A.author, { title: "Checklist", parentId: doc.id });
      const { context, page } = await open(who, { width, height: 844 });
      await page.goto(docUrl(doc.id));
      await page.getByRole("toolbar", { name: tl("editor.toolbar"), exact: true }).waitFor();
      await page.getByRole("link", { name: "Checklist", exact: true }).waitFor();
      await page.getByRole("button", { name: tl("doc.versions"), exact: true }).waitFor();
      expect(await overflowing(page)).toEqual([]);
      // The title's and the body's text start where the breadcrumbs and the meta line start.
      const starts = await page.evaluate(() => {
        const title = document.querySelector<HTMLInputElement>("input[data-wiki-title]")!;
        const cs = getComputedStyle(title);
        const left = (sel: string) => Math.round(document.querySelector(sel)!.getBoundingClientRect().left);
        return {
          title: Math.round(title.getBoundingClientRect().left + parseFloat(cs.borderLeftWidth) + parseFloat(cs.paddingLeft)),
          crumbs: left(".wd-crumbs a"),
          meta: left(".wd-meta"),
          body: left(".we-content > h2"),
        };
      });
      expect(starts).toEqual({ title: starts.crumbs, crumbs: starts.crumbs, meta: starts.crumbs, body: starts.crumbs });
      await e.shot(page, `${lng}-${width}`);
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    });
  }
});
