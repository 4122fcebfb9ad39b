// Mail search in a real browser: a Korean word from the top bar (the list URL carries the search, the list
// and the search API show exactly the two 회의 mails), "Search word required" on an empty field, the recent
// searches (re-run, delete one), the detail panel (opened on a top-bar search it holds its words in the field
// the type names; from + period finds the one recent mail of a sender; a custom range and words in any part
// come back into the panel and are searched again unchanged),
// saving a search as a search folder (GET /api/folders holds it with its options), clearing the search; the
// bar and the panel in ko, en and id; axe-core on the bar, the history, the panel and the save dialog.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { fileMessage } from "../../server/modules/mail/store/deliver.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { build, type BuildInput, deliver, mailCompany, signIn, USER_PASSWORD, type Who } from "./support/mail.ts";

const e = await startE2E("mail-search");
const co = await mailCompany(e, "search.test");
const me = await co.member("searcher");

const DAY = 86_400_000;
/** Files a message received `daysAgo` days before the server's clock (the period presets count from it). */
async function deliverAt(who: Who, m: BuildInput, daysAgo: number) {
  const r = await fileMessage(e.t.deps, {
    companyId: who.companyId,
    raw: await build(m),
    receivedAt: new Date(e.t.clock.now().getTime() - daysAgo * DAY),
    targets: [{ userId: who.userId, folder: "INBOX" }],
  });
  return r.mails[0].mailId;
}

await deliver(e, me, { subject: "주간 회의록", text: "이번 주 회의 내용을 정리했습니다.", from: "김팀장 <lead@partner.example>" });
await deliver(e, me, { subject: "회의실 예약 안내", text: "3층 회의실을 오후 2시에 예약했습니다.", from: "총무팀 <admin@partner.example>" });
await deliver(e, me, { subject: "점심 메뉴", text: "오늘 점심은 비빔밥입니다.", from: "식당 <food@partner.example>" });
await deliver(e, me, { subject: "Release checklist", text: "Please review the release steps.", from: "Bob <bob@vendor.example>" });
const recentAlice = await deliverAt(me, { subject: "Weekly sync notes", text: "Notes from this week.", from: "Alice <alice@globex.example>" }, 2);
const oldAlice = await deliverAt(me, { subject: "Quarterly report", text: "Numbers for the third quarter.", from: "Alice <alice@globex.example>" }, 60);

const { page } = await e.newPage();
const content = () => page.locator(".mail-content");
const field = () => page.getByRole("searchbox", { name: "검색어" });

/** The list action of the current URL (hash route /mail/{folderId}/{page}/{actionObj}). */
function listAction(p: Page): { search?: Record<string, unknown> } {
  const seg = new URL(p.url()).hash.split("/")[4];
  return seg ? JSON.parse(decodeURIComponent(seg)) : {};
}

async function searchApi(query: Record<string, string>) {
  const r = await e.t.call("GET", `/api/mails/search?${new URLSearchParams(query)}`, { token: me.token });
  expect(r.status).toBe(200);
  return (r.body.mails as { mailId?: number; id?: number; subject: string }[]).map((m) => m.subject).sort();
}

/** Waits until no snackbar shows (one fading in or out would be measured half transparent by axe). */
async function noSnacks(p: Page) {
  await p.locator(".snack").first().waitFor({ state: "detached", timeout: 10_000 });
}

async function history() {
  const r = await e.t.call("GET", "/api/mail/history", { token: me.token });
  expect(r.status).toBe(200);
  return r.body as { id: number; options: Record<string, unknown> }[];
}

describe("mail search", { timeout: 90_000 }, () => {
  test("an empty search is refused; a Korean word finds exactly its two mails", async () => {
    await signIn(e, page, "searcher", "search.test", USER_PASSWORD);
    await field().waitFor();
    await noSnacks(page);
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "bar");

    await field().click();
    await page.keyboard.press("Enter");
    await page.getByText("검색어를 입력하세요.").first().waitFor();
    expect(page.url()).not.toContain("search");

    await field().fill("회의");
    await page.keyboard.press("Enter");
    await page.waitForURL(/#\/mail\/[^/]+\/1\/.+/);
    const action = listAction(page);
    expect(action.search).toMatchObject({ type: "all", query: "회의" });
    // The search API itself finds exactly the two 회의 mails.
    expect(await searchApi({ query: "회의" })).toEqual(["주간 회의록", "회의실 예약 안내"]);
    // So does the list.
    // So does the list (once the inbox's rows have given way to the results).
    await expect.poll(() => content().getByText("점심 메뉴").count(), { timeout: 10_000 }).toBe(0);
    await content().getByText("주간 회의록").first().waitFor();
    await content().getByText("회의실 예약 안내").first().waitFor();
    await expect(content().getByText("Release checklist").count()).resolves.toBe(0);
    await expect(field().inputValue()).resolves.toBe("회의");
    await e.shot(page, "results-korean");
  });

  test("the history shows the search, runs it again and deletes one entry", async () => {
    await field().fill("점심");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => decodeURIComponent(u.hash).includes('"query":"점심"'));
    await expect.poll(() => content().getByText("주간 회의록").count(), { timeout: 10_000 }).toBe(0);
    await content().getByText("점심 메뉴").first().waitFor();

    // The empty field shows the recent searches, newest first.
    await field().fill("");
    await field().focus();
    const list = page.getByRole("grid", { name: "최근 검색어" });
    await list.waitFor();
    const rows = list.getByRole("row");
    await expect(rows.first().textContent()).resolves.toContain("점심");
    await expect(rows.nth(1).textContent()).resolves.toContain("회의");
    await noSnacks(page);
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "history");

    // Keyboard: ArrowDown into the list, ArrowDown to 회의, Enter runs it again.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => decodeURIComponent(u.hash).includes('"query":"회의"'));
    await content().getByText("회의실 예약 안내").first().waitFor();

    // Delete the 점심 entry with its button.
    const before = await history();
    const lunch = before.find((h) => h.options.query === "점심");
    expect(lunch).toBeDefined();
    await field().fill("");
    await field().focus();
    await list.waitFor();
    await list.getByRole("button", { name: /^점심.* 삭제$/ }).click();
    await expect(list.getByRole("row").filter({ hasText: "점심" }).count()).resolves.toBe(0);
    await expect.poll(async () => (await history()).some((h) => h.id === lunch!.id)).toBe(false);
    expect((await history()).some((h) => h.options.query === "회의")).toBe(true);
    await e.shot(page, "history-deleted");
    await page.keyboard.press("Escape");
  });

  test("the field choice limits the words to one part of the mail", async () => {
    await page.getByRole("button", { name: /검색 항목/ }).click();
    await page.getByRole("option", { name: "보낸 사람" }).click();
    await field().fill("alice");
    await page.keyboard.press("Enter");
    await page.waitForURL((u) => decodeURIComponent(u.hash).includes('"query":"alice"'));
    expect(listAction(page).search).toMatchObject({ type: "from", query: "alice" });
    expect(await searchApi({ type: "from", query: "alice" })).toEqual(["Quarterly report", "Weekly sync notes"]);
    await expect.poll(() => content().getByText("주간 회의록").count(), { timeout: 10_000 }).toBe(0);
    await content().getByText("Weekly sync notes").first().waitFor();
    // "회의" in the body only: the subject choice still finds both (their subjects hold it), the from choice none.
    expect(await searchApi({ type: "from", query: "회의" })).toEqual([]);
    expect(await searchApi({ type: "subject", query: "회의" })).toEqual(["주간 회의록", "회의실 예약 안내"]);
  });

  test("the detail panel opens with the top-bar search's words in the field its type names", async () => {
    // On screen: the top-bar search { type: from, query: alice } of the test before.
    expect(listAction(page).search).toMatchObject({ type: "from", query: "alice" });
    await page.getByRole("button", { name: "상세 검색", exact: true }).click();
    const panel = page.getByRole("region", { name: "상세 검색" });
    await panel.waitFor();
    await expect(panel.getByLabel("보낸 사람").inputValue()).resolves.toBe("alice");
    await expect(panel.getByLabel("모든 항목").inputValue()).resolves.toBe("");
    await e.shot(page, "detail-refine");
    // Searching from the panel keeps the condition (as the from field's words).
    await panel.getByRole("button", { name: "검색", exact: true }).click();
    await panel.waitFor({ state: "detached" });
    await page.waitForURL((u) => decodeURIComponent(u.hash).includes('"queryFrom":"alice"'));
    expect(listAction(page).search).not.toHaveProperty("query");
    await content().getByText("Quarterly report").first().waitFor();
    await content().getByText("Weekly sync notes").first().waitFor();
    await expect(content().getByText("주간 회의록").count()).resolves.toBe(0);
  });

  test("the detail panel: from + period finds the one recent mail of the sender", async () => {
    const toggle = page.getByRole("button", { name: "상세 검색", exact: true });
    await toggle.click();
    const panel = page.getByRole("region", { name: "상세 검색" });
    await panel.waitFor();
    await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("true");
    // Nothing to search for: refused.
    await panel.getByRole("button", { name: "초기화" }).click();
    await panel.getByRole("button", { name: "검색", exact: true }).click();
    await panel.getByRole("alert").filter({ hasText: "검색어를 입력하세요." }).waitFor();

    await panel.getByLabel("보낸 사람").fill("alice");
    await panel.getByText("1주", { exact: true }).click();
    await expect(panel.getByRole("radio", { name: "1주" }).isChecked()).resolves.toBe(true);
    await noSnacks(page);
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "detail-panel");
    await panel.getByRole("button", { name: "검색", exact: true }).click();
    await panel.waitFor({ state: "detached" });
    await page.waitForURL((u) => decodeURIComponent(u.hash).includes('"queryFrom":"alice"'));
    expect(listAction(page).search).toMatchObject({ queryFrom: "alice", timeRange: "1w" });

    expect(await searchApi({ queryFrom: "alice", timeRange: "1w" })).toEqual(["Weekly sync notes"]);
    expect(await searchApi({ queryFrom: "alice" })).toEqual(["Quarterly report", "Weekly sync notes"]);
    expect(recentAlice).not.toBe(oldAlice);
    await expect.poll(() => content().getByText("Quarterly report").count(), { timeout: 10_000 }).toBe(0);
    await content().getByText("Weekly sync notes").first().waitFor();
    await e.shot(page, "detail-results");
  });

  test("save the search as a search folder; clear the search", async () => {
    const bar = page.getByRole("region", { name: "검색 결과" });
    await bar.getByText("검색 결과 1건").waitFor();
    await bar.getByRole("button", { name: "검색 메일함으로 저장" }).click();
    const dialog = page.getByRole("dialog", { name: "검색 메일함으로 저장" });
    await dialog.waitFor();
    await noSnacks(page);
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByLabel("메일함 이름").fill("앨리스 최근 메일");
    await e.shot(page, "save-dialog");
    await dialog.getByRole("button", { name: "저장" }).click();
    await page.getByText("검색 메일함 ‘앨리스 최근 메일’을(를) 저장했습니다.").first().waitFor();

    const tree = await e.t.call("GET", "/api/folders", { token: me.token });
    // deno-lint-ignore no-explicit-any -- folder options differ by folder type
    type F = { id: number; folderType: string; nameFolder: string; parentId: number | null; options: Record<string, any> | null; children: F[] };
    const flat = (fs: F[]): F[] => fs.flatMap((f) => [f, ...flat(f.children)]);
    const all = flat(tree.body);
    const saved = all.find((f) => f.folderType === "SEARCH" && f.nameFolder === "앨리스 최근 메일");
    expect(saved).toBeDefined();
    expect(saved!.parentId).toBe(all.find((f) => f.folderType === "SEARCH_ROOT")!.id);
    expect(saved!.options).toMatchObject({ queryFrom: "alice", type: "ALL" });
    // The 1-week preset is stored as the range it stands for (saved folders keep millis).
    const start = saved!.options!.timeRange.startTimeMillis as number;
    expect(Math.abs(start - (Date.now() - 7 * DAY))).toBeLessThan(10 * 60_000);
    // The tree shows it.
    await page.locator(".mail-folder-pane").getByText("앨리스 최근 메일").first().waitFor();
    await e.shot(page, "saved-folder");

    await bar.getByRole("button", { name: "검색 해제" }).click();
    await page.waitForURL((u) => !decodeURIComponent(u.hash).includes("search"));
    await content().getByText("점심 메뉴").first().waitFor();
    await expect(field().inputValue()).resolves.toBe("");
  });

  test("a custom period and words in any part come back into the panel and are searched again unchanged", async () => {
    // A whole-days range in the browser's time zone, as the panel's date picker makes it.
    const [start, end] = await page.evaluate(() => [new Date(2020, 0, 1).getTime(), new Date(2031, 0, 1).getTime() - 1]);
    const search = { type: "all", query: "notes", timeRange: `${start},${end}` };
    await page.goto(`${e.base}/#/mail/all/1/${encodeURIComponent(JSON.stringify({ search }))}`);
    await content().getByText("Weekly sync notes").first().waitFor();
    await page.getByRole("button", { name: "상세 검색", exact: true }).click();
    const panel = page.getByRole("region", { name: "상세 검색" });
    await panel.waitFor();
    await expect(panel.getByLabel("모든 항목").inputValue()).resolves.toBe("notes");
    await expect(panel.getByRole("radio", { name: "직접 입력" }).isChecked()).resolves.toBe(true);
    // The picker's start and end fields show the range's days.
    const dates = panel.locator(".msearch-date");
    await expect(dates.nth(0).textContent()).resolves.toMatch(/2020\D+0?1\D+0?1/);
    await expect(dates.nth(1).textContent()).resolves.toMatch(/2030\D+12\D+31/);
    await noSnacks(page);
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "detail-custom-range");
    await panel.getByRole("button", { name: "검색", exact: true }).click();
    await panel.waitFor({ state: "detached" });
    await expect.poll(() => listAction(page).search?.timeRange).toBe(`${start},${end}`);
    expect(listAction(page).search).toMatchObject(search);
    await content().getByText("Weekly sync notes").first().waitFor();
    await expect(content().getByText("Quarterly report").count()).resolves.toBe(0);
  });

  for (const [lng, fieldName, history, detail, period] of [
    ["en", "Search words", "Recent searches", "Advanced search", "1 week"],
    ["id", "Kata pencarian", "Pencarian terbaru", "Pencarian lanjutan", "1 minggu"],
  ] as const) {
    test(`the bar, the history and the panel in ${lng}`, async () => {
      const { context, page: p } = await e.newPage();
      await signIn(e, p, "searcher", "search.test", USER_PASSWORD);
      await p.evaluate((l) => localStorage.setItem("gw.language", l), lng);
      await p.reload();
      const input = p.getByRole("searchbox", { name: fieldName });
      await input.click();
      await p.getByRole("grid", { name: history }).getByRole("row").first().waitFor();
      await e.shot(p, `history-${lng}`);
      await p.getByRole("button", { name: detail, exact: true }).click();
      const panel = p.getByRole("region", { name: detail });
      await panel.getByRole("radio", { name: period }).waitFor();
      expect(await seriousViolations(p)).toEqual([]);
      await e.shot(p, `detail-${lng}`);
      await context.close();
    });
  }
});
