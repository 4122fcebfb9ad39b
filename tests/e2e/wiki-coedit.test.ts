// Two people editing one wiki page at once in real browsers (issue 29, live co-editing): 김작성 and 이영업 open
// the same document, each sees the other among the people present, the other's text and the other's caret with
// their name; then both type Korean through the IME (CDP Input.imeSetComposition / Input.insertText) into the
// same paragraph at once — each one's committed syllable reaches the other while that one is still composing (the
// page holds it until its own syllable is committed) — and both editors converge on the same text with no
// syllable lost or doubled; Enter pressed while a syllable is composing commits it once; the saved document (GET docs/{id}) equals what both editors show, and the newest
// version holds it. Screenshots under test-results/e2e/wiki-coedit/.
import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import type { BrowserContext, CDPSession, Page } from "playwright-core";
import type { WikiDocument } from "../../shared/wiki/documents.ts";
import type { Page as Paged } from "../../shared/paging.ts";
import type { Version, VersionSummary } from "../../shared/wiki/versions.ts";
import { openEditor } from "../wiki/collab-support.ts";
import { makeDoc, type Person, wikiApi, wikiCompany } from "../wiki/support.ts";
import { PW } from "../share/share-helpers.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";

const e = await startE2E("wiki-coedit");
const A = await wikiCompany(e.t, "wiki-coedit-e2e.test");
const api = wikiApi(e.t);
const editorTexts = JSON.parse(readFileSync(new URL("../../web/src/locales/ko/wiki/editor.json", import.meta.url), "utf8")) as Record<string, string>;

interface Writer {
  who: Person;
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
}

async function open(who: Person, docId: number): Promise<Writer> {
  const { context, page } = await e.newPage();
  page.setDefaultTimeout(15_000);
  await signIn(e, page, who.username.split("@")[0], A.co.domain, PW, `/wiki/docs/${docId}`);
  await page.getByRole("toolbar", { name: editorTexts.toolbar, exact: true }).waitFor();
  return { who, context, page, cdp: await context.newCDPSession(page) };
}

const body = (w: Writer) => w.page.getByRole("textbox", { name: editorTexts.label, exact: true });
/** The editor's paragraphs as the person sees them (the other's caret labels left out). */
const paragraphs = (w: Writer) =>
  body(w).evaluate((el) =>
    [...el.querySelectorAll(":scope > p")].map((p) => {
      const copy = p.cloneNode(true) as HTMLElement;
      copy.querySelectorAll(".collaboration-carets__caret").forEach((c) => c.remove());
      return copy.textContent ?? "";
    })
  );
const compose = (w: Writer, text: string) => w.cdp.send("Input.imeSetComposition", { text, selectionStart: text.length, selectionEnd: text.length });
const commit = (w: Writer, text: string) => w.cdp.send("Input.insertText", { text });
/** Enter as an IME sends it while a syllable is still composing (keyCode 229). */
async function enterWhileComposing(w: Writer) {
  await w.cdp.send("Input.dispatchKeyEvent", { type: "rawKeyDown", key: "Enter", code: "Enter", windowsVirtualKeyCode: 229, nativeVirtualKeyCode: 229 });
  await w.cdp.send("Input.dispatchKeyEvent", { type: "keyUp", key: "Enter", code: "Enter", windowsVirtualKeyCode: 229, nativeVirtualKeyCode: 229 });
}

/** Syllables as an IME builds them, jamo by jamo. */
const 안녕하세요 = [["ㅇ", "아", "안"], ["ㄴ", "녀", "녕"], ["ㅎ", "하"], ["ㅅ", "세"], ["ㅇ", "요"]];
const 회의록 = [["ㅎ", "호", "회"], ["ㅇ", "으", "의"], ["ㄹ", "로", "록"]];

test("two people see each other's text and caret; Korean composed by both at once converges and is saved as shown", async () => {
  const doc = await makeDoc(e.t, A.author, { title: "주간 회의록", text: "<p>오늘 안건</p>" });
  const kim = await open(A.author, doc.id);
  const lee = await open(A.sales, doc.id);

  // Who is here, on both sides.
  const present = (w: Writer) => w.page.getByRole("list", { name: editorTexts.present, exact: true });
  await present(kim).getByText("이영업", { exact: true }).waitFor();
  await present(lee).getByText("김작성", { exact: true }).waitFor();

  // Plain typing reaches the other, with the writer's caret and name.
  await body(kim).getByText("오늘 안건", { exact: true }).click();
  await kim.page.keyboard.press("End");
  await kim.page.keyboard.type(" 공유");
  await expect.poll(() => paragraphs(lee), { timeout: 10_000 }).toEqual(["오늘 안건 공유"]);
  await lee.page.locator(".collaboration-carets__label", { hasText: "김작성" }).waitFor();
  await body(lee).click();
  await lee.page.keyboard.press("Control+End");
  await kim.page.locator(".collaboration-carets__label", { hasText: "이영업" }).waitFor();
  await e.shot(kim.page, "carets");

  // Both compose at once in the same paragraph: 김작성 at its start, 이영업 at its end. Each committed syllable
  // is seen by the other while the other is still composing its own.
  await kim.page.keyboard.press("Home");
  const observer = await openEditor(e.base, doc.id, A.admin.token);
  let kimText = "";
  let leeText = "";
  for (let i = 0; i < Math.max(안녕하세요.length, 회의록.length); i++) {
    const ks = 안녕하세요[i] ?? [];
    const ls = 회의록[i] ?? [];
    for (let j = 0; j < Math.max(ks.length, ls.length); j++) {
      if (ks[j]) await compose(kim, ks[j]);
      if (ls[j]) await compose(lee, ls[j]);
    }
    if (ks.length) {
      await commit(kim, ks.at(-1)!);
      kimText += ks.at(-1)!;
      if (ls.length) {
        // 이영업 is composing: 김작성's syllable reaches the server, and from it 이영업's page, in the middle of it
        // (a third editor, outside the browsers, sees it broadcast).
        await observer.sees((plain) => plain.startsWith(kimText), `김작성's ${kimText}`);
      }
    }
    if (ls.length) {
      await commit(lee, ls.at(-1)!);
      leeText += ls.at(-1)!;
      await expect.poll(async () => (await paragraphs(kim))[0]?.slice(-leeText.length), { timeout: 10_000 }).toBe(leeText);
    }
  }
  const expected = ["안녕하세요오늘 안건 공유회의록"];
  await expect.poll(() => paragraphs(kim), { timeout: 10_000 }).toEqual(expected);
  await expect.poll(() => paragraphs(lee), { timeout: 10_000 }).toEqual(expected);

  // Enter while a syllable is composing commits it once; the next Enter starts a paragraph.
  await compose(lee, "ㄲ");
  await compose(lee, "끄");
  await compose(lee, "끝");
  await enterWhileComposing(lee);
  await commit(lee, "끝");
  await lee.page.keyboard.press("Enter");
  await lee.page.keyboard.type("다음 회의: 금요일");
  const final = ["안녕하세요오늘 안건 공유회의록끝", "다음 회의: 금요일"];
  await expect.poll(() => paragraphs(lee), { timeout: 10_000 }).toEqual(final);
  await expect.poll(() => paragraphs(kim), { timeout: 10_000 }).toEqual(final);
  await e.shot(lee.page, "converged");
  expect(await seriousViolations(kim.page)).toEqual([]);

  // The server saves the merged document: what both editors show.
  const html = `<p>${final[0]}</p><p>${final[1]}</p>`;
  await expect.poll(async () => (await api.ok<WikiDocument>(200, "GET", `docs/${doc.id}`, A.author)).text, { timeout: 20_000 }).toBe(html);
  const versions = await api.ok<Paged<VersionSummary>>(200, "GET", `versions?docId=${doc.id}`, A.author);
  expect(versions.content.length).toBeGreaterThan(0);
  const newest = await api.ok<Version>(200, "GET", `versions/${versions.content[0].id}`, A.author);
  expect(newest.text).toBe(html);
  expect(["김작성", "이영업"]).toContain(newest.lastModifiedByName);

  await kim.context.close();
  await lee.context.close();
});
