// Screens that must fit and follow the language, in a real browser at 1280×800: the document itself never
// scrolls (admin company settings and account security used to grow it with visually hidden elements escaping
// their scroll area, so wheeling or a field error pushed the top bar away), a field error on the company form
// shows above the sticky save bar, the mail list toolbar keeps one row in ko, en and id (labels give way to icons
// with their names where they do not fit), and switching the language from the user menu re-renders the rows of
// the admin tables at once (they are cached per row by react-aria).
import { afterEach, describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { ADMIN_PASSWORD } from "../support/test-app.ts";
import { adminApi } from "../support/admin-api.ts";
import { startE2E } from "./support/browser.ts";
import { deliver, mailCompany, signIn } from "./support/mail.ts";
import { strings } from "./support/walk-i18n.ts";

const DOMAIN = "fit-e2e.test";
const e = await startE2E("screens-fit");
const co = await mailCompany(e, DOMAIN, "Kim Admin");
const org = await adminApi(e.t).newOrg(co.admin.token, { name: "Sales" });
await adminApi(e.t).newUser(co.admin.token, { loginId: "lee", accountName: "Lee Young", organIds: [org.id] });
await adminApi(e.t).newUser(co.admin.token, { loginId: "park", accountName: "Park Min" });
expect((await e.t.call("POST", "/api/admin/mail/senders", { token: co.admin.token, json: { pattern: "@spam.example" } })).status).toBe(201);
await deliver(e, co.admin, { from: "a@ext.test", to: `admin@${DOMAIN}`, subject: "Hello", text: "one" });

const { page } = await e.newPage({ width: 1280, height: 800 });
page.setDefaultTimeout(15_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") await e.shot(page, `FAILED-${ctx.task.name.slice(0, 20)}`).catch(() => {});
});

/** The document's own scroll: its height, and how far it is scrolled. */
const documentScroll = (p: Page) =>
  p.evaluate(() => ({ height: document.documentElement.scrollHeight, y: scrollY, viewport: innerHeight }));

async function setLanguage(lng: "ko" | "en" | "id") {
  await page.evaluate((l) => localStorage.setItem("gw.language", l), lng);
  await page.reload();
}

describe("the document never scrolls", () => {
  test("admin company settings and account security stay one screen high, wheeled to the end", async () => {
    await signIn(e, page, "admin", DOMAIN, ADMIN_PASSWORD);
    for (const hash of ["#/admin/company", "#/account/security", "#/admin/users", "#/admin/organizations", "#/account/info"]) {
      await page.goto(`${e.base}/${hash}`);
      await page.locator("#main h2").first().waitFor();
      await page.mouse.move(700, 500);
      await page.mouse.wheel(0, 5000);
      await page.waitForTimeout(200);
      const s = await documentScroll(page);
      expect({ hash, ...s }).toEqual({ hash, height: s.viewport, y: 0, viewport: 800 });
      // The top bar is still on screen.
      expect((await page.locator(".top-bar").boundingBox())!.y).toBe(0);
    }
    await e.shot(page, "security-wheeled");
  });

  test("the help address error on the company form shows above the save bar, the page unmoved", async () => {
    await page.goto(`${e.base}/#/admin/company`);
    const help = page.getByRole("switch", { name: "도움말 링크" });
    if (!(await help.isChecked())) await help.click({ force: true });
    await page.getByRole("textbox", { name: "도움말 주소" }).fill("");
    await page.locator(".adm-savebar").getByRole("button", { name: "저장" }).first().click();
    const error = page.getByText("http:// 또는 https://로 시작하는 도움말 주소를 입력하세요.");
    await error.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("placeholder"))).toBe("https://");
    const bar = (await page.locator(".adm-savebar").first().boundingBox())!;
    const shown = (await error.boundingBox())!;
    expect(shown.y + shown.height).toBeLessThanOrEqual(bar.y);
    expect(await documentScroll(page)).toMatchObject({ height: 800, y: 0 });
    await e.shot(page, "company-help-error");
  });
});

describe("the mail list toolbar keeps one row at 1280 px", () => {
  for (const lng of ["ko", "en", "id"] as const) {
    test(`in ${lng}: the select-all box and every button share one row; icon-only buttons keep their names`, async () => {
      const tr = strings(lng);
      await page.goto(`${e.base}/#/mail`);
      await setLanguage(lng);
      for (const folder of ["INBOX", "DELETED"]) {
        await page.locator(".mf-row").filter({ hasText: tr(`mail:folders.type.${folder}`) }).first().click();
        await page.getByRole("heading", { name: tr(`mail:folders.type.${folder}`), level: 2 }).waitFor();
        const row = page.locator(".mail-toolbar-row");
        await row.locator(".mail-tool").first().waitFor();
        await page.waitForTimeout(100);
        const tops = await row.locator(".mail-select-all, .mail-tool").evaluateAll((els) =>
          [...new Set(els.map((el) => Math.round(el.getBoundingClientRect().top)))]
        );
        expect({ lng, folder, rows: tops.length }).toEqual({ lng, folder, rows: 1 });
        // A button without its label still has its name, and shows it as a tooltip on hover.
        const iconOnly = row.locator(".mail-tool[data-icon-only]");
        for (const b of await iconOnly.all()) expect(await b.getAttribute("aria-label")).toBeTruthy();
        if (lng === "ko") expect(await iconOnly.count()).toBe(0);
        else {
          expect(await iconOnly.count()).toBeGreaterThan(0);
          const last = iconOnly.last();
          await last.hover();
          await expect.poll(() => last.evaluate((b) => getComputedStyle(b, "::after").display)).toBe("block");
        }
        await e.shot(page, `toolbar-${lng}-${folder.toLowerCase()}`);
      }
    });
  }
});

describe("a language switch re-renders table rows at once", () => {
  async function switchTo(name: string) {
    await page.locator(".user-button").click();
    await page.getByRole("menuitem", { name }).click();
  }
  const hangul = (text: string) => /[가-힣]/.test(text);

  test("admin users, blocked senders and organisation members follow the new language", async () => {
    await setLanguage("ko");
    const en = strings("en");
    await page.goto(`${e.base}/#/admin/users`);
    const rows = page.locator(".adm-table [role=row]").filter({ has: page.locator("[role=rowheader], [role=gridcell]") });
    await rows.filter({ hasText: "Park Min" }).waitFor();
    expect(hangul(await rows.filter({ hasText: "Park Min" }).innerText())).toBe(true); // 소속 없음, 사용, 없음
    await switchTo("English");
    await page.getByRole("heading", { name: en("admin:section.users") }).waitFor();
    const park = rows.filter({ hasText: "Park Min" });
    await expect.poll(() => park.innerText()).toContain(en("admin:users.noOrganization"));
    expect(await park.innerText()).toContain(en("admin:users.status.ACTIVE"));
    expect(await park.innerText()).toContain(en("admin:users.never"));
    // Every row (the admin's last sign-in date too) is in English now: no Korean left in the table.
    for (const text of await rows.allInnerTexts()) expect(hangul(text), text).toBe(false);
    await e.shot(page, "users-en");

    await switchTo("한국어");
    await page.getByRole("heading", { name: "사용자" }).waitFor();
    await expect.poll(() => park.innerText()).toContain("소속 없음");

    await page.goto(`${e.base}/#/admin/mail-senders`);
    const sender = page.locator(".adm-table [role=row]").filter({ hasText: "@spam.example" });
    await sender.waitFor();
    await switchTo("English");
    await expect.poll(() => sender.innerText()).toContain(en("admin:senders.kind.domain"));
    expect(hangul(await sender.innerText())).toBe(false);

    await page.goto(`${e.base}/#/admin/organizations`);
    await page.locator(".adm-tree-item").filter({ hasText: "Sales" }).click();
    const member = page.locator(".adm-table [role=row]").filter({ hasText: "Lee Young" });
    await member.waitFor();
    await switchTo("Bahasa Indonesia");
    const id = strings("id");
    await expect.poll(() => member.innerText()).toContain(id("admin:orgs.member"));
    await e.shot(page, "org-members-id");
    await setLanguage("ko");
  });
});
