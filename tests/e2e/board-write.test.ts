// The boards' post editor in a real browser (issue 28): 김매니저 writes a must-read notice with bold text, a link,
// an inline image, an @mention, a new tag and two attachments, then edits it and removes a file; the 11th file is
// refused before it is uploaded; leaving with changes asks; the popup editor shows the saved post in the window
// that opened it; a Korean IME composition survives Enter and the mention list (CDP Input.imeSetComposition);
// the screen in en and id and at phone width, axe-checked, kept under test-results/e2e/board-write/.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import type { Post } from "../../shared/board/posts.ts";
import { boardApi, boardCompany, makeBoard, type Person } from "../board/support.ts";
import { PW } from "../share/share-helpers.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";
import { speak } from "./support/books.ts";
import { overflowing } from "./support/drive-screens.ts";
import { koreanIme } from "./support/ime.ts";

const e = await startE2E("board-write");
const A = await boardCompany(e.t, "board-write-e2e.test");
const api = boardApi(e.t);
const board = await makeBoard(e.t, A.manager, { name: "영업 공지" });
// A group with a board the colleagues only read: shown as context, not offered.
const group = await makeBoard(e.t, A.manager, { name: "부서 게시판", boardType: "GROUP" });
await makeBoard(e.t, A.manager, { name: "읽기 전용", parentId: group.id, publicPrivilege: "READ" });

type Lang = "ko" | "en" | "id";
/** board:write.* in a language, from the locale files the UI loads. */
const texts = (lng: Lang) => {
  const json = JSON.parse(readFileSync(new URL(`../../web/src/locales/${lng}/board/write.json`, import.meta.url), "utf8"));
  return (key: string, vars: Record<string, string | number> = {}) => {
    const v = key.split(".").reduce((o, k) => o?.[k], json);
    if (typeof v !== "string") throw new Error(`no board:write.${key} in ${lng}`);
    return v.replace(/\{\{(\w+)\}\}/g, (_, k) => String(vars[k]));
  };
};
const w = texts("ko");
const ko = (file: string) => JSON.parse(readFileSync(new URL(`../../web/src/locales/ko/${file}`, import.meta.url), "utf8"));
/** The spec's outcome texts (board:messages) and the error codes' (boardErrors). */
const messages = ko("board.json").messages as Record<string, string>;
const boardErrors = ko("boardErrors.json").board as Record<string, string>;

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDgbNsmQAAAABJRU5ErkJggg==",
  "base64",
);
const textFile = (name: string, body = `${name} 내용`) => ({ name, mimeType: "text/plain", buffer: Buffer.from(body) });
const writeUrl = (o: object) => `${e.base}/#/board/write/${encodeURIComponent(JSON.stringify(o))}`;

/** `who` signed in through the login page (at the mail screen). */
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

const editor = (page: Page) => page.getByRole("textbox", { name: w("content"), exact: true });
const getPost = (id: number) => api.ok<Post>(200, "GET", `post/${id}`, A.manager);

describe("the post editor", () => {
  let postId = 0;

  test("a must-read notice with bold text, a link, an inline image, a mention, a new tag and two attachments", async () => {
    const { context, page } = await open(A.manager);
    await page.goto(writeUrl({ boardId: board.id }));
    await page.getByRole("heading", { level: 1, name: w("newTitle") }).waitFor();
    // The board came from the address; a group is shown, not offered.
    await boardChoices(page, "영업 공지", { "부서 게시판": false, "읽기 전용": true, "영업 공지": true });

    await page.getByRole("textbox", { name: w("titleLabel") }).fill("3분기 영업 전략 회의 안내");
    const body = editor(page);
    await body.click();
    await page.keyboard.type("회의는 목요일입니다. ");
    await page.keyboard.press("Control+b");
    await page.keyboard.type("필참");
    await page.keyboard.press("Control+b");
    await page.keyboard.press("Enter");
    // A link: the address inserted as a linked text.
    await page.getByRole("button", { name: w("editor.link"), exact: true }).click();
    const linkDialog = page.getByRole("dialog", { name: w("editor.link") });
    await linkDialog.getByRole("textbox", { name: w("editor.linkUrl") }).fill("https://example.com/guide");
    await linkDialog.getByRole("button", { name: w("editor.linkApply"), exact: true }).click();
    await body.locator('a[href="https://example.com/guide"]').waitFor();
    // Applying the link submits only the link's form (not the post) and gives the focus back to the text.
    await expect.poll(() => body.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press("End");
    await page.keyboard.press("Enter");
    // An inline image, uploaded at once and shown through its signed address.
    const inline = page.waitForResponse((r) => r.url().includes("/api/board/file?inline=true") && r.request().method() === "POST");
    await choose(page, w("editor.image"), [{ name: "chart.png", mimeType: "image/png", buffer: PNG }]);
    expect((await inline).status()).toBe(201);
    const img = body.locator("img[data-file-id]");
    await img.waitFor();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(4);
    // A mention: @ and a name list the colleagues; Enter picks.
    await page.keyboard.press("End");
    await page.keyboard.type(" 담당 @이영");
    const option = page.getByRole("option", { name: /^이영업/ });
    await option.waitFor();
    await expect.poll(() => option.getAttribute("aria-selected")).toBe("true");
    await page.keyboard.press("Enter");
    await body.locator(`span[data-type="mention"][data-id="${A.sales.id}"]`).waitFor();

    // A new tag, chosen at once.
    await page.getByRole("button", { name: w("tags.add"), exact: true }).click();
    const tagDialog = page.getByRole("dialog", { name: w("tags.addTitle") });
    await tagDialog.getByRole("textbox", { name: w("tags.name") }).fill("영업전략");
    const green = tagDialog.getByRole("radio", { name: w("tags.colors.green") });
    await tagDialog.locator("label", { has: page.getByRole("radio", { name: w("tags.colors.green") }) }).click();
    await expect.poll(() => green.isChecked()).toBe(true);
    await tagDialog.getByRole("button", { name: w("tags.save"), exact: true }).click();
    await expect.poll(() => page.getByRole("row", { name: "영업전략" }).getAttribute("aria-selected"), { timeout: 5000 }).toBe("true");

    // Must-read only with a notice.
    const mustRead = page.getByRole("switch", { name: w("mustRead") });
    await expect.poll(() => mustRead.isDisabled()).toBe(true);
    await page.getByText(w("notice"), { exact: true }).click();
    await expect.poll(() => mustRead.isDisabled()).toBe(false);
    await page.getByText(w("mustRead"), { exact: true }).click();
    await expect.poll(() => mustRead.isChecked()).toBe(true);

    await choose(page, w("files.pick"), [textFile("회의자료.txt"), textFile("참석자명단.txt")]);
    await expect.poll(() => page.getByText(w("files.uploaded"), { exact: true }).count(), { timeout: 10_000 }).toBe(2);
    await page.getByText(w("files.count_other", { count: 2, max: 10 }), { exact: true }).waitFor();

    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "ko-filled");

    const created = page.waitForResponse((r) => r.url().endsWith("/api/board/post") && r.request().method() === "POST");
    await page.getByRole("button", { name: w("submit"), exact: true }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    postId = ((await res.json()) as Post).id;
    await page.waitForURL(new RegExp(`#/board/view/${postId}/`));
    await page.getByText(messages["22"], { exact: true }).waitFor();

    const p = await getPost(postId);
    expect(p).toMatchObject({ boardId: board.id, title: "3분기 영업 전략 회의 안내", isNotice: true, mustRead: true });
    expect(p.tags.map((g) => g.name)).toEqual(["영업전략"]);
    expect(p.files.map((f) => f.name).sort()).toEqual(["참석자명단.txt", "회의자료.txt"]);
    expect(p.content).toMatch(/<strong>필참<\/strong>/);
    expect(p.content).toContain('href="https://example.com/guide"');
    expect(p.content).toMatch(/<img[^>]*data-file-id="\d+"/);
    expect(p.content).toMatch(new RegExp(`<span[^>]*data-type="mention"[^>]*data-id="${A.sales.id}"[^>]*>@이영업</span>`));
    expect(p.mentions.map((m) => m.id)).toEqual([A.sales.id]);
    await context.close();
  });

  test("editing keeps one file, removes the other, and changes the title", async () => {
    expect(postId).toBeGreaterThan(0);
    const { context, page } = await open(A.manager);
    await page.goto(writeUrl({ postId }));
    await page.getByRole("heading", { level: 1, name: w("editTitle") }).waitFor();
    await expect.poll(() => page.getByText(w("files.attached"), { exact: true }).count(), { timeout: 5000 }).toBe(2);
    await expect.poll(() => editor(page).locator("img[data-file-id]").count(), { timeout: 5000 }).toBe(1);
    await page.getByRole("button", { name: w("files.remove", { name: "참석자명단.txt" }), exact: true }).click();
    await page.getByRole("textbox", { name: w("titleLabel") }).fill("3분기 영업 전략 회의 안내 (장소 변경)");
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/board/post/${postId}`) && r.request().method() === "PUT");
    await page.getByRole("button", { name: w("save"), exact: true }).click();
    expect((await saved).status()).toBe(200);
    await page.waitForURL(new RegExp(`#/board/view/${postId}/`));
    await page.getByText(messages["24"], { exact: true }).waitFor();
    const p = await getPost(postId);
    expect(p.title).toBe("3분기 영업 전략 회의 안내 (장소 변경)");
    expect(p.files.map((f) => f.name)).toEqual(["회의자료.txt"]);
    expect(p.content).toMatch(/<img[^>]*data-file-id="\d+"/);
    await context.close();
  });

  test("the 11th file is refused before it is uploaded", async () => {
    const { context, page } = await open(A.sales);
    const uploads: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST" && r.url().endsWith("/api/board/file")) uploads.push(r.url());
    });
    await page.goto(writeUrl({ boardId: board.id }));
    await page.getByRole("heading", { level: 1, name: w("newTitle") }).waitFor();
    // 이영업 only reads 읽기 전용: neither it nor its group is offered.
    await boardChoices(page, "영업 공지", { "영업 공지": true });
    await choose(page, w("files.pick"), Array.from({ length: 10 }, (_, i) => textFile(`자료${i + 1}.txt`)));
    await expect.poll(() => page.getByText(w("files.uploaded"), { exact: true }).count(), { timeout: 20_000 }).toBe(10);
    expect(uploads).toHaveLength(10);
    // The picker is off at 10; a drop of one more is refused with board.17's text, nothing uploaded.
    await expect.poll(() => page.getByRole("button", { name: w("files.pick"), exact: true }).isDisabled()).toBe(true);
    await dropFiles(page, [textFile("자료11.txt")]);
    await page.getByText(boardErrors["17"], { exact: true }).waitFor();
    await expect.poll(() => page.locator(".bw-file").count(), { timeout: 5000 }).toBe(10);
    expect(uploads).toHaveLength(10);
    await context.close();
  });

  test("leaving with changes asks: cancel stays with the text, leave goes", async () => {
    const { context, page } = await open(A.sales);
    await page.goto(writeUrl({ boardId: board.id }));
    await page.getByRole("heading", { level: 1, name: w("newTitle") }).waitFor();
    // Nothing written yet: cancel leaves at once.
    await page.getByRole("button", { name: w("cancel"), exact: true }).click();
    await page.waitForURL(new RegExp(`#/board/${board.id}$`));
    await page.goto(writeUrl({ boardId: board.id }));
    await page.getByRole("textbox", { name: w("titleLabel") }).fill("쓰다 만 글");
    await page.getByRole("button", { name: w("cancel"), exact: true }).click();
    const ask = page.getByRole("dialog").filter({ hasText: w("leaveConfirm") });
    await ask.waitFor();
    await ask.getByRole("button", { name: "취소", exact: true }).click();
    await ask.waitFor({ state: "detached" });
    expect(await page.getByRole("textbox", { name: w("titleLabel") }).inputValue()).toBe("쓰다 만 글");
    expect(page.url()).toContain("/board/write/");
    // Back in the browser asks too; leaving goes.
    await page.goBack();
    await ask.waitFor();
    await ask.getByRole("button", { name: w("leave"), exact: true }).click();
    await page.waitForURL((u) => !u.hash.startsWith("#/board/write/"));
    await context.close();
  });

  test("the popup editor, without the shell, shows the saved post in the window that opened it", async () => {
    const { context, page } = await open(A.sales);
    const [popup] = await Promise.all([
      context.waitForEvent("page"),
      page.evaluate((url) => {
        globalThis.open(`${location.pathname}${url}`, "board-write", "width=900,height=800");
      }, `#/board/write/popup/${encodeURIComponent(JSON.stringify({ boardId: board.id }))}`),
    ]);
    popup.setDefaultTimeout(15_000);
    await popup.getByRole("heading", { level: 1, name: w("newTitle") }).waitFor();
    await expect.poll(() => popup.getByRole("banner").count(), { timeout: 5000 }).toBe(0); // no top bar: not the shell
    await popup.getByRole("textbox", { name: w("titleLabel") }).fill("팝업에서 쓴 글");
    await editor(popup).click();
    await popup.keyboard.type("새 창에서 작성했습니다.");
    expect(await seriousViolations(popup)).toEqual([]);
    await e.shot(popup, "ko-popup");
    const created = popup.waitForResponse((r) => r.url().endsWith("/api/board/post") && r.request().method() === "POST");
    const closed = popup.waitForEvent("close");
    await popup.getByRole("button", { name: w("submit"), exact: true }).click();
    expect((await created).status()).toBe(201);
    await closed;
    await page.waitForURL(/#\/board\/view\/\d+\//);
    const id = Number(/#\/board\/view\/(\d+)\//.exec(page.url())![1]);
    expect((await api.ok<Post>(200, "GET", `post/${id}`, A.sales)).title).toBe("팝업에서 쓴 글");
    await context.close();
  });

  test("a Korean IME composition keeps its syllables on Enter and when the mention list opens", async () => {
    const { context, page } = await open(A.manager);
    await page.goto(writeUrl({ boardId: board.id }));
    const body = editor(page);
    await body.click();
    const { compose, commit, enterWhileComposing } = await koreanIme(page);
    const paragraphs = () => body.locator("p").allTextContents();

    await compose(["ㅎ", "하", "한"]);
    await commit("한");
    await compose(["ㄱ", "그", "글"]);
    await enterWhileComposing();
    await commit("글");
    await page.keyboard.press("Enter");
    await compose(["ㅇ", "이", "입"]);
    await commit("입");
    await compose(["ㄹ", "려", "력"]);
    await commit("력");
    await expect.poll(paragraphs).toEqual(["한글", "입력"]);

    // The mention list opens while "이" is composing; the syllables stay, Enter during the composition only
    // commits it, the next Enter picks the colleague.
    await page.keyboard.type(" @");
    await compose(["ㅇ", "이"]);
    const option = page.getByRole("option", { name: /^이영업/ });
    await option.waitFor();
    await commit("이");
    await compose(["ㅇ", "여", "영"]);
    await enterWhileComposing();
    await commit("영");
    await expect.poll(paragraphs).toEqual(["한글", "입력 @이영"]);
    await option.waitFor();
    await page.keyboard.press("Enter");
    await body.locator(`span[data-type="mention"][data-id="${A.sales.id}"]`).waitFor();
    await expect.poll(async () => (await paragraphs()).map((s) => s.trimEnd())).toEqual(["한글", "입력 @이영업"]);
    // Composing right after the mention keeps the syllable too.
    await compose(["ㄴ", "니", "님"]);
    await commit("님");
    await expect.poll(async () => (await paragraphs()).map((s) => s.replace(/\s+/g, " "))).toEqual(["한글", "입력 @이영업 님"]);
    await context.close();
  });

  for (const [lng, width] of [["en", 1280], ["id", 1280], ["ko", 390]] as const) {
    test(`the editor in ${lng} at ${width} px`, async () => {
      const tr = texts(lng);
      await speak(e, A.dev, lng, "최개발");
      const { context, page } = await open(A.dev, { width, height: width < 600 ? 844 : 800 });
      await page.goto(writeUrl({ boardId: board.id }));
      await page.getByRole("heading", { level: 1, name: tr("newTitle") }).waitFor();
      await page.getByRole("textbox", { name: tr("titleLabel") }).fill(lng === "ko" ? "휴대폰에서 쓰는 글" : "Quarterly sales meeting");
      await page.getByRole("textbox", { name: tr("content"), exact: true }).click();
      await page.keyboard.type(lng === "ko" ? "내용 @최" : "Agenda @최");
      await page.getByRole("option", { name: /^최개발/ }).waitFor();
      await e.shot(page, `${lng}-${width}-mention`);
      await page.keyboard.press("Escape");
      await choose(page, tr("files.pick"), [textFile("agenda.txt")]);
      await page.getByText(tr("files.uploaded"), { exact: true }).waitFor({ timeout: 10_000 });
      expect(await seriousViolations(page), `${lng} ${width}`).toEqual([]);
      expect(await overflowing(page), `${lng} ${width}`).toEqual([]);
      if (width < 600) {
        // The toolbar wraps inside the screen; the form is one column.
        const toolbar = await page.getByRole("toolbar").first().boundingBox();
        expect(toolbar!.x + toolbar!.width).toBeLessThanOrEqual(390);
        const select = await page.locator(".bw-board").boundingBox();
        const title = await page.locator(".bw-title-field").boundingBox();
        expect(title!.y).toBeGreaterThan(select!.y + select!.height - 1);
      }
      await e.shot(page, `${lng}-${width}`);
      await context.close();
    });
  }
});

/** Opens the board select (showing `current`) and reads which boards may be chosen; closes it again. */
async function boardChoices(page: Page, current: string, expected: Record<string, boolean>) {
  await page.getByRole("button", { name: new RegExp(`${current}.*${w("board")}|${w("board")}.*${current}`) }).click();
  const listbox = page.getByRole("listbox");
  await listbox.waitFor();
  const seen = await listbox.getByRole("option").evaluateAll((els) =>
    Object.fromEntries(els.map((el) => [el.textContent ?? "", el.getAttribute("aria-disabled") !== "true"]))
  );
  expect(seen).toEqual(expected);
  await page.keyboard.press("Escape");
  await listbox.waitFor({ state: "detached" });
}

/** Drops files on the form as a desktop drag would (a DataTransfer with the files). */
async function dropFiles(page: Page, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const data = files.map((f) => ({ name: f.name, type: f.mimeType, text: f.buffer.toString() }));
  const dt = await page.evaluateHandle((list) => {
    const t = new DataTransfer();
    for (const f of list) t.items.add(new File([f.text], f.name, { type: f.type }));
    return t;
  }, data);
  const target = page.locator(".bw-files");
  await target.dispatchEvent("dragenter", { dataTransfer: dt });
  await target.dispatchEvent("dragover", { dataTransfer: dt });
  await target.dispatchEvent("drop", { dataTransfer: dt });
}
