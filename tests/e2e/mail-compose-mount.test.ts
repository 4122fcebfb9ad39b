// One compose screen per route, however it starts: opened at page start (a reload on the write route, the
// first document the browser loads), or through the app, a compose asks the server for its starting draft
// once; a mail kept over a reload is restored and announced once, without asking the server. The test build
// runs React's development build, where StrictMode runs every mount effect twice: this proves the composer
// does its start-up once per screen, not once per effect run.
import { expect, test } from "vitest";
import type { Page } from "playwright-core";
import { startE2E } from "./support/browser.ts";
import { deliver, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";
import { mailsIn } from "../mail/compose/helpers.ts";

const e = await startE2E("mail-compose-mount");
const co = await mailCompany(e, "mount.test");
const A = await co.member("ana");
await deliver(e, A, { from: "kim@partner.test", to: A.username, subject: "답장할 메일", text: "본문" });

const writeUrl = (action: Record<string, unknown> = {}) => `${e.base}/#/mail/write/-1/1/${encodeURIComponent(JSON.stringify(action))}`;
const form = (page: Page) => page.locator("form.cmp");
const subjectOf = (page: Page, label = "제목") => form(page).getByLabel(label, { exact: true });

/** The compose start-up requests (GET of the starting draft) the page makes from now on. */
function countStarts(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "GET" && /\/api\/mails\/v2\/(compose|reply|forward|resend|draft)\b/.test(new URL(r.url()).pathname)) seen.push(new URL(r.url()).pathname);
  });
  return seen;
}

const { page } = await e.newPage();
page.setDefaultTimeout(12_000);
// Every snackbar message shown, from each page load on: a message is counted however briefly it stays (an
// INFO message leaves after 3 s, which a loaded machine can take between two looks at the page).
await page.addInitScript(() => {
  const seen: string[] = [];
  (globalThis as unknown as { __snacks: string[] }).__snacks = seen;
  new MutationObserver((records) => {
    for (const r of records) {
      for (const n of r.addedNodes) {
        if (!(n instanceof HTMLElement)) continue;
        for (const snack of n.matches(".snack") ? [n] : n.querySelectorAll(".snack")) seen.push(snack.textContent ?? "");
      }
    }
  }).observe(document, { childList: true, subtree: true });
});
/** How many times since this page load a snackbar message with this text was shown. */
const shown = (text: string) =>
  page.evaluate((t) => (globalThis as unknown as { __snacks: string[] }).__snacks.filter((s) => s.includes(t)).length, text);
await signIn(e, page, "ana", co.domain, USER_PASSWORD);

test("a compose opened at page start or through the app asks for its starting draft once", async () => {
  await page.goto("about:blank");
  const starts = countStarts(page);
  await page.goto(writeUrl());
  await subjectOf(page).waitFor();
  expect(starts).toEqual(["/api/mails/v2/compose"]);

  // Through the app: the list, then a reply to a mail in it.
  const [inbox] = await mailsIn(e.t, A.username, "INBOX");
  await page.goto(`${e.base}/#/mail/-1/1`);
  await page.waitForURL(/#\/mail\/-1\/1/);
  starts.length = 0;
  await page.goto(writeUrl({ type: 1, mailId: inbox.mail.id }));
  await expect.poll(() => subjectOf(page).inputValue()).toBe("RE: 답장할 메일");
  expect(starts).toEqual([`/api/mails/v2/reply/${inbox.mail.id}/false`]);
});

test("a mail kept over a reload is restored and announced once, without asking the server", async () => {
  await page.goto(`${e.base}/#/mail/-1/1`);
  await page.waitForURL(/#\/mail\/-1\/1/);
  await page.goto(writeUrl());
  await subjectOf(page).waitFor();
  await subjectOf(page).fill("한 번만 복원");
  await expect.poll(() => page.evaluate(() => Object.values(sessionStorage).join()), { timeout: 5000 }).toContain("한 번만 복원");

  const starts = countStarts(page);
  page.once("dialog", (d) => void d.accept());
  await page.reload();
  const restored = page.getByRole("status").filter({ hasText: "작성 중이던 메일을 복원했습니다." });
  await restored.first().waitFor();
  await expect(subjectOf(page).inputValue()).resolves.toBe("한 번만 복원");
  expect(await shown("작성 중이던 메일을 복원했습니다.")).toBe(1);
  expect(starts).toEqual([]);
  await e.shot(page, "restored-once");
});

for (const [lng, subject, restoredText] of [
  ["en", "Subject", "The mail you were writing has been restored."],
  ["id", "Subjek", "Email yang sedang Anda tulis telah dipulihkan."],
] as const) {
  test(`the restored mail is announced once in ${lng}`, async () => {
    await page.evaluate((l) => localStorage.setItem("gw.language", l), lng);
    try {
      await page.goto(`${e.base}/#/mail/-1/1`);
      await page.reload();
      await page.goto(writeUrl({ to: [`${lng}@mount.test`] }));
      await subjectOf(page, subject).fill(`restore ${lng}`);
      await expect.poll(() => page.evaluate(() => Object.values(sessionStorage).join()), { timeout: 5000 }).toContain(`restore ${lng}`);
      page.once("dialog", (d) => void d.accept());
      await page.reload();
      const restored = page.getByRole("status").filter({ hasText: restoredText });
      await restored.first().waitFor();
      await expect(subjectOf(page, subject).inputValue()).resolves.toBe(`restore ${lng}`);
      expect(await shown(restoredText)).toBe(1);
      await e.shot(page, `restored-once-${lng}`);
    } finally {
      await page.evaluate(() => localStorage.setItem("gw.language", "ko"));
    }
  });
}
