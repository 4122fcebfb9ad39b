// Every colour theme keeps WCAG 2.1 AA contrast on the mail screens, in a real browser: for each theme the UI
// offers, the mail list, a mail in the reader, compose and mail settings have no axe "color-contrast" violation
// (button labels on the theme colour, links such as "목록으로" and "+ 태그" in the theme's accent), and the
// unread marker in the list stands out from its row (non-text contrast >= 3:1; the brown theme's used to be a
// pale beige dot on white). Each screen is opened once and every theme is put on it in turn, with the variables
// the app's own applyTheme sets (web/src/app/themes.ts); that the user's chosen theme reaches the page through
// the server is checked once. Screens per theme are kept under test-results/e2e/theme-contrast/.
import { afterEach, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { THEMES, type Theme } from "../../shared/locale.ts";
import { themeVariables } from "../../web/src/app/themes.ts";
import { axe, startE2E } from "./support/browser.ts";
import { deliver, folders, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

/** The mail settings tabs (web/src/modules/mail/config/ConfigScreen.tsx). */
const CONFIG_TABS = ["list", "write", "sign", "rule", "forward", "away", "spam", "smart", "external", "client"];
const DOMAIN = "themes.test";
const e = await startE2E("theme-contrast");
const co = await mailCompany(e, DOMAIN);
const user = await co.member("dana");
const { INBOX } = await folders(e.t, user);
await deliver(e, user, { subject: "읽은 메일", text: "회의 자료입니다. https://example.com/agenda 를 보세요.", to: `dana@${DOMAIN}` });
await deliver(e, user, { subject: "안 읽은 메일", text: "아직 읽지 않았습니다.", to: `dana@${DOMAIN}` });

const { page } = await e.newPage({ width: 1280, height: 800 });
page.setDefaultTimeout(15_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") await e.shot(page, `FAILED-${ctx.task.name.slice(0, 20)}`).catch(() => {});
});

/**
 * The axe "color-contrast" failures on the open page, each with its colours and ratio (axe-core goes into the
 * page once per page load, support/axe.ts). The mails' sandboxed frames run no scripts and are left out.
 */
async function contrastFailures(p: Page, where: string): Promise<string[]> {
  const result = await axe(p).withRules(["color-contrast"]).withoutFrames().analyze();
  return result.violations.flatMap((v) => v.nodes).map((n) => {
    const data: { fgColor?: string; bgColor?: string; contrastRatio?: number } = n.any[0]?.data ?? {};
    const text = n.html.replace(/\s+/g, " ").slice(0, 90);
    return `${where}: ${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}:1 — ${n.target.join(" ")} ${text}`;
  });
}

/**
 * The unread dot's colour and the colour of the row behind it, as the eye sees them: every background from the
 * root down to the row is painted onto a canvas (so translucent tints and color-mix() values composite as in
 * the page), then the dot over it; answers the contrast ratio of the two.
 */
function unreadDotContrast(p: Page) {
  return p.locator(".mail-row[data-unread] .mail-unread-dot").first().evaluate((dot) => {
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext("2d", { willReadFrequently: true })!;
    const paint = (color: string) => {
      ctx.fillStyle = color;
      ctx.fillRect(0, 0, 1, 1);
    };
    const read = () => [...ctx.getImageData(0, 0, 1, 1).data].slice(0, 3);
    paint("#ffffff");
    const chain: Element[] = [];
    for (let el = dot.parentElement; el; el = el.parentElement) chain.unshift(el);
    for (const el of chain) paint(getComputedStyle(el).backgroundColor);
    const row = read();
    paint(getComputedStyle(dot).backgroundColor);
    const mark = read();
    const lum = ([r, g, b]: number[]) => {
      const c = (v: number) => (v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
      return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
    };
    const [hi, lo] = [lum(row), lum(mark)].sort((a, b) => b - a);
    return { row: `rgb(${row.join(",")})`, mark: `rgb(${mark.join(",")})`, ratio: Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100 };
  });
}

/**
 * Puts a theme on the open page as applyTheme does (its CSS variables on the root), then ends any transition
 * the change started, so that axe reads the theme's final colours.
 */
async function putTheme(theme: Theme) {
  await page.evaluate(([name, vars]) => {
    const root = document.documentElement;
    root.dataset.theme = name;
    for (const [k, v] of Object.entries(vars)) root.style.setProperty(k, v);
    getComputedStyle(document.body).color; // style the page with the new variables now
    for (const a of document.getAnimations()) a.finish();
  }, [theme, themeVariables(theme)] as const);
}

/** Every theme's color-contrast failures on the open page, each prefixed with its theme and screen. */
async function everyTheme(where: string, shot?: (theme: Theme) => string | undefined): Promise<string[]> {
  const failures: string[] = [];
  for (const theme of THEMES) {
    await putTheme(theme);
    failures.push(...await contrastFailures(page, `${theme} ${where}`));
    const name = shot?.(theme);
    if (name) await e.shot(page, name);
  }
  return failures;
}

describe("every theme keeps contrast on the mail screens", () => {
  test("the UI offers the themes checked here, and the user's theme reaches the page from the server", async () => {
    await signIn(e, page, "dana", DOMAIN, USER_PASSWORD);
    await page.getByRole("button", { name: "테마" }).click();
    const dialog = page.getByRole("dialog", { name: "테마" });
    await expect(dialog.getByRole("radio").count()).resolves.toBe(THEMES.length);
    await dialog.getByRole("button", { name: "닫기" }).click();

    expect((await e.t.call("PUT", `/api/users/theme/brown`, { token: user.token })).status).toBe(200);
    await page.goto(`${e.base}/#/mail/${INBOX}/1`);
    await page.reload();
    await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme)).toBe("brown");
    const applied = await page.evaluate((names) => {
      const style = document.documentElement.style;
      return Object.fromEntries(names.map((n) => [n, style.getPropertyValue(n)]));
    }, Object.keys(themeVariables("brown")));
    expect(applied).toEqual(themeVariables("brown"));
  });

  test("the list passes color-contrast in every theme, and its unread dot shows (>= 3:1)", async () => {
    await page.goto(`${e.base}/#/mail/${INBOX}/1`);
    await page.locator(".mail-row[data-unread]").filter({ hasText: "안 읽은 메일" }).waitFor();
    const failures: string[] = [];
    const dots: string[] = [];
    for (const theme of THEMES) {
      await putTheme(theme);
      failures.push(...await contrastFailures(page, `${theme} list`));
      const dot = await unreadDotContrast(page);
      if (dot.ratio < 3) dots.push(`${theme}: ${dot.mark} on ${dot.row} = ${dot.ratio}:1`);
      await e.shot(page, `${theme}-list`);
    }
    expect({ failures, dots }).toEqual({ failures: [], dots: [] });
  });

  test("a mail in the reader passes color-contrast in every theme", async () => {
    // The already read one, so the other stays unread.
    await page.locator(".mail-row").filter({ hasText: "읽은 메일" }).filter({ hasNotText: "안 읽은" }).click();
    await page.getByRole("heading", { name: "읽은 메일" }).waitFor();
    await page.getByRole("link", { name: "목록으로" }).waitFor();
    expect(await everyTheme("reader", (t) => `${t}-reader`)).toEqual([]);
  });

  test("compose passes color-contrast in every theme", async () => {
    await page.goto(`${e.base}/#/mail/write/-1/1/${encodeURIComponent("{}")}`);
    await page.locator("form.cmp").getByRole("textbox", { name: "내용" }).waitFor();
    expect(await everyTheme("compose", (t) => `${t}-compose`)).toEqual([]);
  });

  for (const tab of CONFIG_TABS) {
    test(`the mail settings tab ${tab} passes color-contrast in every theme`, async () => {
      await page.goto(`${e.base}/#/mail/config/${INBOX}/1/${tab}`);
      await page.getByRole("heading", { name: "메일 설정" }).waitFor();
      await page.locator(".mail-config-tab[data-selected]").waitFor();
      await page.locator("[role=tabpanel]").first().waitFor();
      await page.waitForLoadState("networkidle");
      // External accounts has the "계정 추가" button.
      const shot = tab === "list" || tab === "external" ? (t: Theme) => `${t}-settings-${tab}` : undefined;
      expect(await everyTheme(`settings/${tab}`, shot)).toEqual([]);
    });
  }
});
