// The bell and the search across modules in the browser (issue 32), one journey of 김민아 (Korean): her colleague
// 이준 assigns her flow tasks through the API and her bell's badge counts up live (realtime, no reload); the list
// says so in Korean with his name and the task's title; opening one with the keyboard lands on the task and marks
// it read; "mark all read" clears the badge; the notification settings page switches a kind's mail on and it
// stays after a reload. The top bar's search on a screen without a search of its own finds one word in a mail,
// a wiki page and a flow task, grouped by module, and opens the wiki page; from mail's own search, "search all
// apps" leads to the same results. At phone width the bell's list fits the screen; axe-clean throughout; the
// bell, the settings and the results in English and Indonesian. Screenshots: test-results/e2e/bell-search/.
import { describe, expect } from "vitest";
import type { NotificationSettings } from "../../shared/notifications/api.ts";
import { journeySteps, seriousViolations, startE2E } from "./support/browser.ts";
import { apiAs, speak } from "./support/books.ts";
import { deliver, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("bell-search");
const co = await mailCompany(e, "bell-e2e.test");
await apiAs(e, co.admin)("PUT", "/api/admin/company", { useWiki: true, useFlow: true });
const mina = await co.member("mina");
const jun = await co.member("jun");
await speak(e, mina, "ko", "김민아");
await speak(e, jun, "ko", "이준");
const asMina = apiAs(e, mina);
const asJun = apiAs(e, jun);

const WORD = "Zephyrus";
const TASK1 = `${WORD} 출시 일정 정리`;
const TASK2 = "거래처 견적 검토";
const WIKI = `${WORD} 회의록`;
const MAIL = `${WORD} 견적서 보내드립니다`;

const project = await asJun<{ id: number }>("POST", "/api/flow/projects", { title: "신제품 출시", privateStatus: 0 });
await asMina("POST", `/api/flow/projects/${project.id}/members/apply`);
const wiki = await asMina<{ id: number }>("POST", "/api/wiki/docs", { title: WIKI, text: `<p>${WORD} 출시 회의에서 정한 일</p>` });
await deliver(e, mina, { from: "이민호 <minho@example.com>", to: mina.username, subject: MAIL, text: `${WORD} 견적을 확인해 주세요.` });

const { page } = await e.newPage();
page.setDefaultTimeout(12_000);
await signIn(e, page, "mina", co.domain, USER_PASSWORD, "/account/info");

async function clean() {
  expect(await seriousViolations(page)).toEqual([]);
}

// After a failed step, Escape: a list left open does not hide the next step's screen.
const step = journeySteps(e, { failed: page }, () => page.keyboard.press("Escape"));

const bell = () => page.getByTestId("bell");
const badge = () => page.getByTestId("bell-badge");
const list = () => page.getByRole("grid", { name: "알림" });
let task1 = 0;

describe("bell and search", () => {
  step("a colleague's assignments count up live; the list reads them in Korean; opening one lands on the task", async () => {
    await page.getByRole("heading", { name: "계정 설정", level: 2 }).waitFor();
    await expect(badge().count()).resolves.toBe(0);

    task1 = (await asJun<{ id: number }>("POST", `/api/flow/projects/${project.id}/tasks`, { title: TASK1, assignees: [mina.userId] })).id;
    await expect.poll(() => badge().textContent()).toBe("1");
    await asJun("POST", `/api/flow/projects/${project.id}/tasks`, { title: TASK2, assignees: [mina.userId] });
    await expect.poll(() => badge().textContent()).toBe("2");
    await expect(bell().getAttribute("aria-label")).resolves.toBe("알림, 읽지 않음 2개");

    // Enter opens the list; newest first, in Korean with the actor and the title.
    await bell().focus();
    await page.keyboard.press("Enter");
    await list().waitFor();
    const rows = list().getByRole("row");
    await expect.poll(() => rows.count()).toBe(2);
    await expect(rows.nth(0).textContent()).resolves.toContain(`이준님이 '${TASK2}' 업무를 배정했습니다.`);
    await expect(rows.nth(1).textContent()).resolves.toContain(`이준님이 '${TASK1}' 업무를 배정했습니다.`);
    await e.shot(page, "ko-bell");
    await clean();

    // The list takes focus on its first row; ArrowDown moves to the older one, Enter opens its task and marks it read.
    const focused = () => page.evaluate(() => `${document.activeElement?.getAttribute("role")}: ${document.activeElement?.textContent}`);
    await expect.poll(focused).toMatch(new RegExp(`^row: .*${TASK2}`));
    await page.keyboard.press("ArrowDown");
    await expect.poll(focused).toMatch(new RegExp(`^row: .*${TASK1}`));
    await page.keyboard.press("Enter");
    await page.waitForURL(new RegExp(`#/flow/${project.id}/tasks/`));
    expect(decodeURIComponent(page.url())).toContain(`"taskId":${task1}`);
    await page.getByRole("dialog", { name: TASK1 }).waitFor();
    await e.shot(page, "ko-opened-task");
    await page.keyboard.press("Escape");
    await page.getByRole("dialog", { name: TASK1 }).waitFor({ state: "hidden" });
    await expect(list().count()).resolves.toBe(0);
    await expect.poll(() => badge().textContent()).toBe("1");
    const page1 = await asMina<{ content: { title: string; read: boolean }[] }>("GET", "/api/notifications");
    expect(page1.content.map((n) => [n.title, n.read])).toEqual([[TASK2, false], [TASK1, true]]);
  });

  step("mark all read; one deleted; Escape closes the list", async () => {
    await bell().click();
    await list().waitFor();
    await list().getByRole("button", { name: `삭제: 이준님이 '${TASK1}' 업무를 배정했습니다.` }).click();
    await expect.poll(() => list().getByRole("row").count()).toBe(1);
    // The focus comes back to the remaining row, inside the popover.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("row");
    expect((await asMina<{ content: { title: string }[] }>("GET", "/api/notifications")).content.map((n) => n.title)).toEqual([TASK2]);
    await page.getByRole("button", { name: "모두 읽음" }).click();
    await expect.poll(() => badge().count()).toBe(0);
    await expect.poll(() => list().locator("[data-unread]").count()).toBe(0);
    await page.keyboard.press("Escape");
    await expect.poll(() => list().count()).toBe(0);
    await expect(asMina<{ count: number }>("GET", "/api/notifications/unread-count")).resolves.toEqual({ count: 0 });
  });

  step("the settings page switches a kind's mail on, and it stays", async () => {
    await bell().click();
    await page.getByRole("button", { name: "알림 설정" }).click();
    await page.waitForURL(/#\/account\/notifications/);
    const sw = page.getByRole("switch", { name: /나에게 배정된 업무/ });
    await sw.waitFor();
    expect(await sw.isChecked()).toBe(false);
    // Grouped by module, each a module her account uses; sharing always.
    await page.getByRole("heading", { name: "프로젝트" }).waitFor();
    await page.getByRole("heading", { name: "공유" }).waitFor();
    await sw.focus();
    await page.keyboard.press("Space");
    await page.getByText("알림 설정을 저장했습니다.").waitFor();
    await expect.poll(async () => (await asMina<NotificationSettings>("GET", "/api/notifications/settings")).mail["flow.assigned"]).toBe(true);
    await e.shot(page, "ko-settings");
    await clean();
    await page.reload();
    await expect.poll(() => page.getByRole("switch", { name: /나에게 배정된 업무/ }).isChecked()).toBe(true);
  });

  step("the top bar's search finds the word in a mail, a wiki page and a task, grouped; one opens", async () => {
    const field = page.getByRole("searchbox", { name: "전체 검색" });
    await field.fill(WORD);
    await field.press("Enter");
    await page.waitForURL(/#\/search\?q=Zephyrus/);
    const group = (name: string) => page.getByRole("region", { name: new RegExp(`^${name}`) });
    await group("메일").getByRole("link", { name: MAIL }).waitFor();
    await group("위키").getByRole("link", { name: WIKI }).waitFor();
    await group("프로젝트").getByRole("link", { name: TASK1 }).waitFor();
    await e.shot(page, "ko-search");
    await clean();
    await group("위키").getByRole("link", { name: WIKI }).click();
    await page.waitForURL(new RegExp(`#/wiki/.*${wiki.id}`));
  });

  step("from mail's own search, 'search all apps' leads to the same results", async () => {
    await page.goto(`${e.base}/#/mail`);
    await page.waitForURL(/#\/mail\//);
    const mailField = page.getByRole("searchbox", { name: "검색어" });
    await mailField.waitFor();
    await expect.poll(() => page.getByRole("searchbox", { name: "전체 검색" }).count()).toBe(0);
    await mailField.fill(WORD);
    await mailField.press("Enter");
    await page.getByRole("region", { name: "검색 결과", exact: true }).waitFor();
    await page.getByRole("button", { name: "모든 메뉴에서 검색" }).click();
    await page.waitForURL(/#\/search\?q=Zephyrus/);
    await page.getByRole("region", { name: /^프로젝트/ }).getByRole("link", { name: TASK1 }).waitFor();
  });

  step("phone width: the bell's list fits, the search icon leads to the search page", async () => {
    await asJun("POST", `/api/flow/projects/${project.id}/tasks`, { title: "휴대폰에서 볼 업무", assignees: [mina.userId] });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${e.base}/#/account/info`);
    await expect.poll(() => badge().textContent()).toBe("1");
    await bell().click();
    await list().waitFor();
    const box = (await page.locator(".bell-popover").boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await e.shot(page, "ko-phone-bell");
    await clean();
    await page.keyboard.press("Escape");
    await page.getByRole("link", { name: "검색", exact: true }).click();
    await page.waitForURL(/#\/search/);
    await page.getByRole("searchbox", { name: "전체 검색" }).fill(WORD);
    await page.getByRole("searchbox", { name: "전체 검색" }).press("Enter");
    await page.getByRole("region", { name: /^위키/ }).getByRole("link", { name: WIKI }).waitFor();
    await e.shot(page, "ko-phone-search");
    await clean();
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  for (const [lng, t] of [
    ["en", { bell: "Notifications", line: `이준 assigned you the task "${TASK2}".`, kind: /A task was assigned to me/, wiki: "Wiki", tab: "Notifications" }],
    ["id", { bell: "Notifikasi", line: `이준 menugaskan tugas "${TASK2}" kepada Anda.`, kind: /Tugas diberikan kepada saya/, wiki: "Wiki", tab: "Notifikasi" }],
  ] as const) {
    step(`${lng}: the bell, the settings and the results`, async () => {
      await page.evaluate((l) => localStorage.setItem("gw.language", l), lng);
      await page.goto(`${e.base}/#/account/notifications`);
      await page.reload();
      await page.getByRole("tab", { name: t.tab, selected: true }).waitFor();
      await expect.poll(() => page.getByRole("switch", { name: t.kind }).isChecked()).toBe(true);
      await e.shot(page, `${lng}-settings`);
      await clean();
      await bell().click();
      const grid = page.getByRole("grid", { name: t.bell });
      await grid.getByRole("row", { name: new RegExp(TASK2) }).waitFor();
      await expect(grid.getByRole("row", { name: new RegExp(TASK2) }).textContent()).resolves.toContain(t.line);
      await e.shot(page, `${lng}-bell`);
      await clean();
      await page.keyboard.press("Escape");
      await page.goto(`${e.base}/#/search?q=${WORD}`);
      await page.getByRole("region", { name: new RegExp(`^${t.wiki}`) }).getByRole("link", { name: WIKI }).waitFor();
      await e.shot(page, `${lng}-search`);
      await clean();
    });
  }
});
