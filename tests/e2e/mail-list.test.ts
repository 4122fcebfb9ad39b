// The mail list in a real browser (issue 6 "List and view", 000 §4 "Mail read and star", "Moving and
// deleting"): a mailbox of 45 delivered mails in pages of 20; selecting with a shift-click range and marking
// read (the folder's unread count follows on the server and in the tree's data); a star that sticks and one
// the server refuses, rolled back with the spec's message; deleting a starred mail after its confirmation;
// a move to Sent refused because none is a sent mail; the keyboard (arrows, u, Enter opens the mail); a mail
// sent by a colleague appearing by itself (NEW_MAIL); the screens in ko, en and id, with axe.
import { describe, expect, test } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import type { MailFolder } from "../../shared/mail/folders.ts";
import { axe as axeOf, startE2E } from "./support/browser.ts";
import { deliver, folders, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("mail-list");
const co = await mailCompany(e, "list.test");
const reader = await co.member("reader");
const writer = await co.member("writer");
const box = await folders(e.t, reader);

// 45 mails, one second apart: "목록 메일 45" is the newest, first on page 1.
const ids: number[] = [];
for (let i = 1; i <= 45; i++) {
  ids[i] = await deliver(e, reader, {
    subject: `목록 메일 ${String(i).padStart(2, "0")}`,
    text: `본문 ${i}번째 메일입니다.`,
    to: reader.username,
    attachments: i === 45 ? [{ filename: "보고서.txt", content: "첨부 내용" }] : undefined,
  });
}

/** What the server says of the reader's folders and mails (the truth behind the screen). */
async function inboxCounts() {
  const r = await e.t.call("GET", "/api/folders", { token: reader.token });
  const find = (list: MailFolder[]): MailFolder | undefined =>
    list.map((f) => (f.id === box.INBOX ? f : find(f.children))).find(Boolean);
  const inbox = find(r.body)!;
  return { newCount: inbox.newCount as number, totalCount: inbox.totalCount as number };
}
async function mailOf(id: number) {
  const page = await e.t.call("GET", `/api/mails?folderId=-1&page=0&pageSize=100`, { token: reader.token });
  const trash = await e.t.call("GET", `/api/mails?folderId=${box.DELETED}&page=0&pageSize=100`, { token: reader.token });
  return [...page.body.mails, ...trash.body.mails].find((m: { mailId: number }) => m.mailId === id);
}

/** axe on the whole page (folder pane with the current folder's unread count too), or on some parts of it. */
async function seriousViolations(page: Page, parts: string[] = []): Promise<string[]> {
  let axe = axeOf(page);
  for (const part of parts) axe = axe.include(part);
  if (parts.length) axe = axe.include(".modal-overlay");
  const result = await axe.withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return result.violations.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.impact} ${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`);
}

const row = (page: Page, id: number) => page.locator(`#mail-row-${id}`);
const rowIds = (page: Page) => page.locator("[role=grid] [role=row][data-mail-id]").evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-mail-id"))));

/** The shown name of the Sent folder, from the folder part's strings when they are there. */
function sentName(): RegExp {
  const file = new URL("../../web/src/locales/ko/mail/folders.json", import.meta.url);
  const name = existsSync(file) ? JSON.parse(readFileSync(file, "utf8"))?.type?.SENT : undefined;
  return new RegExp(name ?? "folders\\.type\\.SENT");
}

const { page } = await e.newPage();
page.setDefaultTimeout(10_000);

describe("the mail list", () => {
  test("the inbox shows 45 mails in pages of 20, newest first", async () => {
    await signIn(e, page, "reader", co.domain, USER_PASSWORD);
    await page.waitForURL(new RegExp(`#/mail/${box.INBOX}/1$`));
    await page.locator("[role=grid]").waitFor();
    await page.getByText("전체 45통").waitFor();
    expect(await rowIds(page)).toEqual(Array.from({ length: 20 }, (_, i) => ids[45 - i]));
    // Unread rows are marked, the attachment and size show; the inbox is current in the pane, with its count.
    await expect(row(page, ids[45]).getAttribute("data-unread")).resolves.toBe("true");
    await page.locator(".mf-current .mf-count").first().waitFor();
    await row(page, ids[45]).getByRole("img", { name: "첨부 파일" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "inbox-page-1");

    await page.getByRole("link", { name: "다음 페이지" }).click();
    await page.waitForURL(new RegExp(`#/mail/${box.INBOX}/2$`));
    await row(page, ids[25]).waitFor();
    expect(await rowIds(page)).toEqual(Array.from({ length: 20 }, (_, i) => ids[25 - i]));
    await page.getByRole("link", { name: "3 페이지" }).click();
    await page.waitForURL(new RegExp(`#/mail/${box.INBOX}/3$`));
    await row(page, ids[5]).waitFor();
    expect(await rowIds(page)).toEqual([ids[5], ids[4], ids[3], ids[2], ids[1]]);
    await expect(page.locator('[aria-label="다음 페이지"]').getAttribute("aria-disabled")).resolves.toBe("true");
    await e.shot(page, "inbox-page-3");
    await page.getByRole("link", { name: "첫 페이지" }).click();
    await page.waitForURL(new RegExp(`#/mail/${box.INBOX}/1$`));
    await row(page, ids[45]).waitFor();
  });

  test("a shift-click range is selected and marked read; the unread count follows", async () => {
    expect(await inboxCounts()).toEqual({ newCount: 45, totalCount: 45 });
    await row(page, ids[44]).getByRole("checkbox").click();
    await row(page, ids[42]).getByRole("checkbox").click({ modifiers: ["Shift"] });
    await page.getByText("3통 선택됨").waitFor();
    await row(page, ids[40]).getByRole("checkbox").click();
    await page.getByText("4통 선택됨").waitFor();
    await e.shot(page, "selected");
    await page.getByRole("button", { name: "읽음", exact: true }).click();
    for (const n of [44, 43, 42, 40]) await expect.poll(() => row(page, ids[n]).getAttribute("data-unread")).toBeNull();
    await expect(row(page, ids[41]).getAttribute("data-unread")).resolves.toBe("true");
    await expect.poll(inboxCounts).toEqual({ newCount: 41, totalCount: 45 });
    expect((await mailOf(ids[43])).readStatus).toBe(1);
    expect((await mailOf(ids[41])).readStatus).toBe(0);
    // Select all on the page, then clear it.
    await page.getByRole("checkbox", { name: "이 페이지의 메일 모두 선택" }).check();
    await page.getByText("20통 선택됨").waitFor();
    await page.getByRole("checkbox", { name: "이 페이지의 메일 모두 선택" }).uncheck();
    await expect(page.getByText(/통 선택됨/).count()).resolves.toBe(0);
  });

  test("a star applies at once and stays", async () => {
    const star = row(page, ids[45]).getByRole("button", { name: "별표" });
    await star.click();
    await expect.poll(() => star.getAttribute("aria-pressed")).toBe("true");
    await expect.poll(async () => (await mailOf(ids[45])).importantStatus).toBe(1);
  });

  test("a star the server refuses comes back off, with the spec's message", async () => {
    let refused = 0;
    await page.route("**/api/mails/importantStatus", async (route) => {
      if (refused++ === 0) await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ code: "common.500", message: "x" }) });
      else await route.continue();
    });
    const star = row(page, ids[44]).getByRole("button", { name: "별표" });
    await star.click();
    await page.getByText("별표 표시에 실패했습니다.").waitFor();
    await expect(star.getAttribute("aria-pressed")).resolves.toBe("false");
    await e.shot(page, "star-rolled-back");
    expect(refused).toBe(1);
    expect((await mailOf(ids[44])).importantStatus).toBe(0);
    await page.unroute("**/api/mails/importantStatus");
  });

  test("a refused star puts back only its own mail, not a star that succeeded meanwhile", async () => {
    let calls = 0;
    let refusedDone!: () => void;
    const refusedAnswered = new Promise<void>((r) => (refusedDone = r));
    await page.route("**/api/mails/importantStatus", async (route) => {
      if (calls++ === 0) {
        await new Promise((r) => setTimeout(r, 1500));
        await route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ code: "common.500", message: "x" }) });
        refusedDone();
      } else await route.continue();
    });
    const refused = row(page, ids[44]).getByRole("button", { name: "별표" });
    const kept = row(page, ids[42]).getByRole("button", { name: "별표" });
    await refused.click();
    await kept.click();
    await expect.poll(async () => (await mailOf(ids[42])).importantStatus).toBe(1);
    await refusedAnswered;
    await expect.poll(() => refused.getAttribute("aria-pressed")).toBe("false");
    // The refusal's rollback leaves the other star alone (it used to put back a snapshot of every list).
    await page.waitForTimeout(300);
    await expect(kept.getAttribute("aria-pressed")).resolves.toBe("true");
    expect((await mailOf(ids[44])).importantStatus).toBe(0);
    await page.unroute("**/api/mails/importantStatus");
  });

  test("deleting a starred mail asks first, then moves it to the trash", async () => {
    await row(page, ids[45]).getByRole("checkbox").click();
    await page.getByRole("button", { name: "삭제", exact: true }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("별표 표시된 메일입니다. 삭제하시겠습니까?").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "delete-starred-confirm");
    await dialog.getByRole("button", { name: "삭제" }).click();
    await page.getByText("메일이 삭제되었습니다.").waitFor();
    await row(page, ids[45]).waitFor({ state: "detached" });
    await page.getByText("전체 44통").waitFor();
    const trashed = await mailOf(ids[45]);
    expect(trashed.folderId).toBe(box.DELETED);
  });

  test("moving received mail to Sent is refused", async () => {
    await row(page, ids[44]).getByRole("checkbox").click();
    await page.getByRole("button", { name: "이동", exact: true }).click();
    await page.getByRole("menuitem", { name: sentName() }).click();
    await page.getByText("보낸 메일만 보낸메일함으로 이동할 수 있습니다.").waitFor();
    await e.shot(page, "move-sent-refused");
    expect((await mailOf(ids[44])).folderId).toBe(box.INBOX);
    await row(page, ids[44]).getByRole("checkbox").click();
  });

  test("the keyboard moves, marks read and opens", async () => {
    // ids[44] is first now; focus it, go down to 43 (read), u marks it unread again; down to 42, Enter opens.
    await row(page, ids[44]).focus();
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`mail-row-${ids[43]}`);
    await page.keyboard.press("u");
    await expect.poll(() => row(page, ids[43]).getAttribute("data-unread")).toBe("true");
    await expect.poll(async () => (await mailOf(ids[43])).readStatus).toBe(0);
    await page.keyboard.press("s");
    await expect.poll(async () => (await mailOf(ids[43])).importantStatus).toBe(1);
    await page.keyboard.press("?");
    await page.getByRole("dialog", { name: "키보드 단축키" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "shortcuts-help");
    await page.keyboard.press("Escape");
    await row(page, ids[43]).focus();
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await page.waitForURL(/#\/mail\/view\//);
    const hash = decodeURIComponent(new URL(page.url()).hash);
    expect(hash).toContain(`"mailId":${ids[42]}`);
  });

  test("a mail sent by a colleague appears without a reload", async () => {
    await page.goto(`${e.base}/#/mail/${box.INBOX}/1`);
    await row(page, ids[44]).waitFor();
    const before = await page.evaluate(() => performance.getEntriesByType("navigation").length);
    const sent = await e.t.call("POST", "/api/mails/v2/send", {
      token: writer.token,
      json: { to: [reader.username], subject: "실시간 도착 메일", content: "<p>방금 보냈습니다</p>" },
    });
    expect(sent.status).toBe(200);
    await page.getByText("실시간 도착 메일").waitFor({ timeout: 15_000 });
    await page.getByText("전체 45통").waitFor();
    expect(await rowIds(page).then((l) => l.length)).toBe(20);
    expect(await page.evaluate(() => performance.getEntriesByType("navigation").length)).toBe(before);
    await e.shot(page, "realtime-arrived");
  });

  test("a mail marked unread in the list is read again when it is opened again", async () => {
    await row(page, ids[40]).click();
    await page.waitForURL(/#\/mail\/view\//);
    await expect.poll(async () => (await mailOf(ids[40])).readStatus).toBe(1);
    await page.goBack();
    await row(page, ids[40]).focus();
    await page.keyboard.press("u");
    await expect.poll(() => row(page, ids[40]).getAttribute("data-unread")).toBe("true");
    await expect.poll(async () => (await mailOf(ids[40])).readStatus).toBe(0);
    // The opened mail cached from the first time is not shown as it was: it is read anew (and so marked read).
    await row(page, ids[40]).click();
    await page.waitForURL(/#\/mail\/view\//);
    await expect.poll(async () => (await mailOf(ids[40])).readStatus).toBe(1);
    await page.goBack();
    await row(page, ids[40]).waitFor();
  });

  test("Delete from the keyboard leaves the focus on the next row, and the arrows go on", async () => {
    const extra = await deliver(e, reader, { subject: "키보드로 지울 메일", text: "곧 지웁니다", to: reader.username });
    await page.goto(`${e.base}/#/mail/${box.INBOX}/1`);
    await page.reload();
    await row(page, extra).waitFor();
    const before = await rowIds(page);
    const at = before.indexOf(extra);
    await row(page, extra).focus();
    await page.keyboard.press("Delete");
    await page.getByText("메일이 삭제되었습니다.").last().waitFor();
    await row(page, extra).waitFor({ state: "detached" });
    const after = await rowIds(page);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`mail-row-${after[at]}`);
    await page.keyboard.press("ArrowDown");
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe(`mail-row-${after[at + 1]}`);
    expect((await mailOf(extra)).folderId).toBe(box.DELETED);
  });
  test("Sent shows recipients and the scheduled badge; deleting a scheduled mail asks and cancels its send", async () => {
    const at = e.t.clock.now().getTime() + 2 * 86_400_000;
    const r = await e.t.call("POST", "/api/mails/v2/send", {
      token: reader.token,
      json: { to: [writer.username], subject: "예약 발송 메일", content: "<p>모레 보냅니다</p>", isReserve: true, reserveDate: at },
    });
    expect(r.status).toBe(200);
    await page.goto(`${e.base}/#/mail/${box.SENT}/1`);
    const scheduled = page.locator("[role=row][data-mail-id]").filter({ hasText: "예약 발송 메일" });
    await scheduled.waitFor();
    await scheduled.getByText("받는 사람:").waitFor();
    await scheduled.getByText(writer.username).waitFor();
    await scheduled.locator(".mail-badge-reserve").getByText(/^예약 /).waitFor();
    await e.shot(page, "sent-scheduled");
    const id = Number(await scheduled.getAttribute("data-mail-id"));
    await scheduled.getByRole("checkbox").click();
    await page.getByRole("button", { name: "삭제", exact: true }).click();
    await page.getByRole("dialog").getByText("예약된 메일입니다. 삭제하면 발송이 취소됩니다. 삭제하시겠습니까?").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "삭제" }).click();
    await page.getByText("메일이 삭제되었습니다.").last().waitFor();
    await scheduled.waitFor({ state: "detached" });
    const cancelled = await mailOf(id);
    expect(cancelled.folderId).toBe(box.DELETED);
    expect(cancelled.mailType).toBe("RESERVE_CANCEL");
  });

  test("tags: with none made yet the picker says so (its loading item gives way to that one)", async () => {
    expect((await e.t.call("GET", "/api/tag", { token: reader.token })).body.content ?? []).toEqual([]);
    await page.goto(`${e.base}/#/mail/${box.INBOX}/1`);
    await row(page, ids[41]).getByRole("checkbox").click();
    await page.getByRole("button", { name: "태그", exact: true }).click();
    const none = JSON.parse(readFileSync(new URL("../../web/src/locales/ko/mail/list.json", import.meta.url), "utf8")).tag.none;
    await page.getByRole("menu", { name: "태그" }).getByRole("menuitem", { name: none }).waitFor();
    await page.keyboard.press("Escape");
    await row(page, ids[41]).getByRole("checkbox").click();
    await row(page, ids[41]).waitFor();
  });

  test("tags: one is added from the picker and shows as a coloured chip, then removed", async () => {
    expect((await e.t.call("POST", `/api/tag/${encodeURIComponent("거래처")}`, { token: reader.token, json: { color: "#2e7d32" } })).status).toBe(201);
    await page.goto(`${e.base}/#/mail/${box.INBOX}/1`);
    await row(page, ids[41]).getByRole("checkbox").click();
    await row(page, ids[39]).getByRole("checkbox").click();
    await page.getByRole("button", { name: "태그", exact: true }).click();
    await page.getByRole("menuitem", { name: "#거래처" }).first().click();
    await page.getByText("태그 '거래처'을(를) 추가했습니다.").waitFor();
    await row(page, ids[41]).getByText("#거래처").waitFor();
    await expect.poll(async () => (await mailOf(ids[39])).tags).toEqual(["거래처"]);
    await expect.poll(() => row(page, ids[41]).locator(".mail-tag").evaluate((el) => getComputedStyle(el).borderColor)).toBe("rgb(46, 125, 50)");
    await e.shot(page, "tagged");
    await page.getByRole("button", { name: "태그", exact: true }).click();
    // The second "#거래처" is in the "remove" section (the selected mails carry it).
    await expect.poll(() => page.getByRole("menuitem", { name: "#거래처" }).count()).toBe(2);
    await page.getByRole("menuitem", { name: "#거래처" }).last().click();
    await page.getByText("태그 '거래처'을(를) 제거했습니다.").waitFor();
    await expect.poll(async () => (await mailOf(ids[41])).tags).toEqual([]);
    await row(page, ids[41]).getByText("#거래처").waitFor({ state: "detached" });
  });

  test("read all zeroes the inbox's unread count", async () => {
    await page.getByRole("button", { name: "모두 읽음" }).click();
    await page.getByText("모든 메일을 읽음으로 표시했습니다.").waitFor();
    await expect.poll(inboxCounts).toEqual({ newCount: 0, totalCount: 45 });
    await expect(page.locator("[role=row][data-unread]").count()).resolves.toBe(0);
  });

  test("in the trash: delete for ever after a confirm, then empty the trash", async () => {
    await page.goto(`${e.base}/#/mail/${box.DELETED}/1`);
    await row(page, ids[45]).waitFor();
    // The quota bar under the folders follows what leaves the mailbox.
    const quota = page.locator(".mf-quota");
    const quotaBefore = await quota.getAttribute("aria-label");
    const usedBefore = (await e.t.call("GET", "/api/users/quota", { token: reader.token })).body.usedSize as number;
    await row(page, ids[45]).getByRole("checkbox").click();
    await page.getByRole("button", { name: "영구 삭제" }).click();
    await page.getByRole("dialog").getByText("선택한 메일 1통을 영구 삭제하시겠습니까? 삭제한 메일은 복구할 수 없습니다.").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "영구 삭제" }).click();
    await page.getByText("메일이 영구 삭제되었습니다.").waitFor();
    await row(page, ids[45]).waitFor({ state: "detached" });
    expect(await mailOf(ids[45])).toBeUndefined();
    await page.locator("[role=row][data-mail-id]").first().waitFor();
    await page.getByRole("button", { name: "휴지통 비우기" }).click();
    await page.getByRole("dialog").getByText("휴지통을 비우시겠습니까? 휴지통의 메일이 영구 삭제됩니다.").waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "휴지통 비우기" }).click();
    await page.getByText("휴지통이 비어 있습니다.").waitFor();
    const trash = await e.t.call("GET", `/api/mails?folderId=${box.DELETED}&page=0&pageSize=20`, { token: reader.token });
    expect(trash.body.totalElements).toBe(0);
    expect((await e.t.call("GET", "/api/users/quota", { token: reader.token })).body.usedSize).toBeLessThan(usedBefore);
    await expect.poll(() => quota.getAttribute("aria-label")).not.toBe(quotaBefore);
    await e.shot(page, "trash-emptied");
  });

  test("split view with the first mail shown, and the group view", async () => {
    expect((await e.t.call("PUT", "/api/mail/config/splitView", { token: reader.token, json: { splitView: true, showFirstMail: true } })).status).toBe(200);
    expect((await e.t.call("PUT", "/api/mail/config/groupView", { token: reader.token, json: { groupView: true } })).status).toBe(200);
    await page.goto(`${e.base}/#/mail/${box.INBOX}/1`);
    await page.reload();
    await page.waitForURL(/#\/mail\/view\//);
    const first = await rowIds(page).then((l) => l[0]);
    expect(decodeURIComponent(new URL(page.url()).hash)).toContain(`"mailId":${first}`);
    await expect.poll(() => page.locator("[role=row][data-open]").getAttribute("data-mail-id")).toBe(String(first));
    await page.getByRole("columnheader", { name: "오늘" }).waitFor();
    await page.getByRole("columnheader", { name: "이전" }).waitFor();
    // The reader's sandboxed frame is the view part's (axe cannot enter a frame without scripts).
    expect(await seriousViolations(page, [".mail-split-list", ".mail-folder-pane"])).toEqual([]);
    await e.shot(page, "split-grouped");
    await e.t.call("PUT", "/api/mail/config/splitView", { token: reader.token, json: { splitView: false, showFirstMail: false } });
    await e.t.call("PUT", "/api/mail/config/groupView", { token: reader.token, json: { groupView: false } });
  });
});

describe("the list in other languages", () => {
  for (const [lng, markRead, count] of [["en", "Mark read", "45 mails"], ["id", "Tandai dibaca", "45 email"]] as const) {
    test(lng, async () => {
      await page.evaluate((l) => localStorage.setItem("gw.language", l), lng);
      await page.goto(`${e.base}/#/mail/${box.INBOX}/1`);
      await page.reload();
      await page.waitForURL(new RegExp(`#/mail/${box.INBOX}/1$`));
      await page.getByText(count, { exact: true }).waitFor();
      await page.getByRole("button", { name: markRead }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await e.shot(page, `inbox-${lng}`);
    });
  }
});

test("the list's loading placeholder is announced and passes axe while the list request is held", async () => {
  const { context, page: slow } = await e.newPage();
  slow.setDefaultTimeout(10_000);
  let release!: () => void;
  const held = new Promise<void>((r) => release = r);
  // The real request, only delayed until the placeholder has been checked.
  await slow.route(/\/api\/mails\?/, async (route) => {
    await held;
    await route.continue();
  });
  try {
    await signIn(e, slow, "reader", co.domain, USER_PASSWORD);
    const placeholder = slow.getByRole("status", { name: "메일 목록을 불러오는 중" });
    await placeholder.waitFor();
    expect(await seriousViolations(slow)).toEqual([]);
    release();
    await slow.locator("[role=grid] [role=row][data-mail-id]").first().waitFor();
    await expect(placeholder.count()).resolves.toBe(0);
  } finally {
    release();
    await context.close();
  }
});
