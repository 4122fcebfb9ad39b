// Mail on a phone (390x844), walked in ko, en and id with each language's own labels: the top bar keeps one
// row (search folded to an icon, secondary icons in an overflow menu) and no screen scrolls sideways (inbox,
// reader, compose, settings); the folder tree opens as a modal drawer (focus inside, Escape closes, choosing a
// folder closes it and shows that folder's mail); a search runs from the folded search; the user menu and
// sign-out are reached through the overflow menu; the list toolbar stays one row with every action reachable;
// the list settings show the switches forced off on phones disabled, with a hint. At 1280x800 the top bar is
// as before. Screenshots go to test-results/e2e/mail-phone/ (and SHOTS_DIR when set).
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { build, deliver, file, mailCompany, type Who } from "./support/mail.ts";
import { privateFolder } from "../mail/reading/support.ts";
import { type Lang, signInIn, strings } from "./support/walk-i18n.ts";

const e = await startE2E("mail-phone");
const LANGS = (Deno.env.get("PHONE_LANGS") ?? "ko,en,id").split(",") as Lang[];
const SHOTS = Deno.env.get("SHOTS_DIR");
const PHONE = { width: 390, height: 844 };

async function shot(page: Page, name: string) {
  const file = await e.shot(page, name);
  if (SHOTS) await Deno.copyFile(file, `${SHOTS}/${file.split("/").pop()}`);
}

/** Nothing wider than the screen: the document does not scroll sideways and the top bar's parts stay inside. */
async function expectNoSideScroll(page: Page) {
  // What sticks out, named, so a failure says where (hidden parts, such as react-aria's clipped native select, aside).
  const outside = (selector: string) =>
    page.evaluate((sel) =>
      [...document.querySelectorAll(sel)].filter((el) => {
        if (el.closest("[aria-hidden='true']")) return false;
        const r = el.getBoundingClientRect();
        return r.width > 1 && (r.right > innerWidth + 0.5 || r.left < -0.5);
      }).slice(0, 5).map((el) => `${el.tagName}.${el.className}`), selector);
  await expect.poll(async () => (await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)) || await outside("body *"))
    .toBe(true);
  expect(await outside(".top-bar *")).toEqual([]);
}

async function openPage(lng: Lang, size = PHONE) {
  const { context, page } = await e.newPage(size);
  await context.addInitScript((l) => localStorage.setItem("gw.language", l), lng);
  page.setDefaultTimeout(12_000);
  return page;
}

const signIn = (page: Page, tr: ReturnType<typeof strings>, loginId: string, domain: string) =>
  signInIn(e.base, page, tr, loginId, domain);

for (const lng of LANGS) {
  const tr = strings(lng);
  const INBOX_MAIL = { ko: "분기 예산 검토", en: "Quarterly budget review", id: "Tinjauan anggaran kuartalan" }[lng];
  const FOLDER = { ko: "프로젝트", en: "Projects", id: "Proyek" }[lng];
  const FOLDER_MAIL = { ko: "현장 사진 모음", en: "Site photos", id: "Foto lokasi" }[lng];

  describe(`mail on a phone in ${lng}`, () => {
    let me: Who;
    let domain: string;
    let p: Page;

    test("inbox: one-row top bar, no sideways scroll, a one-row list toolbar whose other actions are in 'more'", async () => {
      const co = await mailCompany(e, `phone-${lng}.test`);
      domain = co.domain;
      me = await co.member("mina");
      const r = await e.t.call("PUT", "/api/users/general", { token: me.token, form: { accountName: "Mina", personalEmail: "", languageType: lng.toUpperCase() } });
      expect(r.status).toBe(200);
      const folderId = await privateFolder(e.t, me, FOLDER);
      await deliver(e, me, { subject: INBOX_MAIL, text: "Numbers inside.", to: `mina@${domain}` });
      await file(e.t, me, build({ subject: FOLDER_MAIL, text: "Photos.", to: `mina@${domain}` }), { folder: folderId });

      p = await openPage(lng);
      await signIn(p, tr, "mina", domain);
      await p.getByText(INBOX_MAIL).first().waitFor();
      await expectNoSideScroll(p);
      // The top bar: the module name is not covered, the search is an icon, the rest is behind "more".
      const title = await p.locator(".top-bar-title").boundingBox();
      const actions = await p.locator(".top-bar-actions").boundingBox();
      expect(title!.x + title!.width).toBeLessThanOrEqual(actions!.x);
      await expect(p.getByRole("search").isVisible()).resolves.toBe(false);
      await expect(p.getByRole("button", { name: tr("common:shell.userMenu") }).count()).resolves.toBe(0);
      // The list toolbar is one row.
      const rows = await p.locator(".mail-toolbar button").evaluateAll((els) => new Set(els.map((el) => Math.round(el.getBoundingClientRect().top))).size);
      expect(rows).toBe(1);
      await shot(p, `${lng}-phone-inbox`);
      // Select the mail: 'more' offers the actions the row has no room for, tags as a submenu.
      await p.locator(".mail-row", { hasText: INBOX_MAIL }).locator(".mail-cell-check input").check();
      await p.getByRole("button", { name: tr("mail:list.action.more") }).click();
      const more = p.getByRole("menu", { name: tr("mail:list.action.more") });
      for (const label of ["markUnread", "star", "report", "tag", "readAll"]) {
        await more.getByRole("menuitem", { name: new RegExp(tr(`mail:list.action.${label}`)) }).waitFor();
      }
      await shot(p, `${lng}-phone-list-more`);
      // The tag picker is a submenu (this mailbox has no tags yet).
      await more.getByRole("menuitem", { name: new RegExp(tr("mail:list.action.tag")) }).click();
      await p.getByRole("menu", { name: tr("mail:list.action.tag") }).getByRole("menuitem", { name: tr("mail:list.tag.none") }).waitFor();
      await expectNoSideScroll(p);
      await p.keyboard.press("Escape");
      await p.getByRole("menu", { name: tr("mail:list.action.tag") }).waitFor({ state: "detached" });
      if (!await more.isVisible()) await p.getByRole("button", { name: tr("mail:list.action.more") }).click();
      await more.getByRole("menuitem", { name: tr("mail:list.action.star"), exact: true }).click();
      await p.locator(".mail-row", { hasText: INBOX_MAIL }).locator(".mail-star[data-on]").waitFor();
      expect(await seriousViolations(p)).toEqual([]);
    });

    test("the folder drawer: focus inside, Escape closes; choosing a folder closes it and shows its mail", async () => {
      const menuButton = p.getByRole("button", { name: tr("mail:layout.openFolders") });
      await menuButton.click();
      const drawer = p.getByRole("dialog", { name: tr("mail:layout.folders") });
      await drawer.getByRole("button", { name: tr("mail:folders.write") }).waitFor();
      await expect.poll(() => p.evaluate(() => !!document.activeElement?.closest("[role=dialog]"))).toBe(true);
      // Tab stays inside the drawer.
      for (let i = 0; i < 6; i++) await p.keyboard.press("Tab");
      await expect(p.evaluate(() => !!document.activeElement?.closest("[role=dialog]"))).resolves.toBe(true);
      expect(await seriousViolations(p)).toEqual([]);
      await shot(p, `${lng}-phone-drawer`);
      await p.keyboard.press("Escape");
      await drawer.waitFor({ state: "detached" });
      await expect.poll(() => menuButton.evaluate((el) => el === document.activeElement)).toBe(true);

      await menuButton.click();
      await drawer.getByText(FOLDER, { exact: true }).click();
      await drawer.waitFor({ state: "detached" });
      await p.getByRole("heading", { name: FOLDER }).waitFor();
      await p.getByText(FOLDER_MAIL).first().waitFor();
      await expect(p.getByText(INBOX_MAIL).count()).resolves.toBe(0);
      await expectNoSideScroll(p);
      await shot(p, `${lng}-phone-folder`);
    });

    test("the reader and compose (from the drawer's write button) do not scroll sideways", async () => {
      await p.locator(".mail-row", { hasText: FOLDER_MAIL }).locator(".mail-subject").click();
      await p.getByRole("heading", { name: FOLDER_MAIL }).waitFor();
      await expectNoSideScroll(p);
      await shot(p, `${lng}-phone-read`);
      await p.getByRole("button", { name: tr("mail:layout.openFolders") }).click();
      await p.getByRole("dialog", { name: tr("mail:layout.folders") }).getByRole("button", { name: tr("mail:folders.write") }).click();
      await p.waitForURL(/#\/mail\/write\//);
      await p.locator("form.cmp").getByRole("textbox", { name: tr("mail:compose.body") }).waitFor();
      await expect(p.getByRole("dialog").count()).resolves.toBe(0);
      await expectNoSideScroll(p);
      await shot(p, `${lng}-phone-compose`);
    });

    test("list settings: split view, tabs and popup reading disabled with a hint; no sideways scroll", async () => {
      await p.goto(`${e.base}/#/mail/config/-1/1/list`);
      await p.getByRole("tab", { name: tr("mail:config.tab.list"), selected: true }).waitFor();
      await p.getByText(tr("mail:config.list.smallScreenHint")).waitFor();
      for (const key of ["splitView", "showFirstMail", "useTab", "popupRead"]) {
        await expect(p.getByRole("switch", { name: tr(`mail:config.list.${key}`), exact: true }).isDisabled()).resolves.toBe(true);
      }
      await expect(p.getByRole("switch", { name: tr("mail:config.list.groupView"), exact: true }).isDisabled()).resolves.toBe(false);
      await expectNoSideScroll(p);
      await shot(p, `${lng}-phone-config-list`);
    });

    test("a search from the folded search: field choice and history, results listed", async () => {
      await p.goto(`${e.base}/#/mail`);
      await p.waitForURL(/#\/mail\/\d+\/1$/);
      const toggle = p.locator(".top-bar-actions").getByRole("button", { name: tr("common:shell.search") });
      await expect(toggle.getAttribute("aria-expanded")).resolves.toBe("false");
      await toggle.click();
      const field = p.getByRole("searchbox", { name: tr("mail:search.fieldLabel") });
      await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
      await p.getByRole("button", { name: new RegExp(tr("mail:search.typeLabel")) }).click();
      await p.getByRole("option", { name: tr("mail:search.type.subject") }).click();
      await field.fill(INBOX_MAIL.split(" ")[0]);
      await expectNoSideScroll(p);
      await shot(p, `${lng}-phone-search-open`);
      await field.press("Enter");
      await p.waitForURL(/search/);
      await p.locator(".mail-row", { hasText: INBOX_MAIL }).waitFor();
      await expectNoSideScroll(p);
      // Escape in the field folds the search row back to the icon.
      await field.focus();
      await field.press("Escape");
      await expect.poll(() => toggle.getAttribute("aria-expanded")).toBe("false");
      await shot(p, `${lng}-phone-search-results`);
      // The search was remembered: the history shows it under the empty field when the search unfolds again.
      await toggle.click();
      await field.fill("");
      await p.locator(".msearch").getByText(INBOX_MAIL.split(" ")[0]).first().waitFor();
      await toggle.click();
    });

    test("the overflow menu, opened by keyboard, holds settings and the user menu; signing out from it", async () => {
      const more = p.locator(".top-bar").getByRole("button", { name: tr("common:shell.more") });
      await more.focus();
      await p.keyboard.press("Enter");
      const menu = p.getByRole("menu", { name: tr("common:shell.more") });
      await menu.getByRole("menuitem", { name: tr("common:shell.settings"), exact: true }).waitFor();
      await menu.getByRole("menuitem", { name: tr("common:shell.accountSettings") }).waitFor();
      await menu.getByText("Mina", { exact: true }).waitFor();
      await expect.poll(() => p.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("menuitem");
      await expectNoSideScroll(p);
      await shot(p, `${lng}-phone-overflow`);
      await menu.getByRole("menuitem", { name: tr("common:shell.logout") }).click();
      await p.waitForURL(/#\/login/);
      await p.getByLabel(tr("auth:login.password")).waitFor();
      await p.context().close();
    });
  });
}

describe("the desktop top bar is unchanged", () => {
  test("at 1280x800: search bar, settings, apps, side panel and user menu icons, the folder pane; no phone parts", async () => {
    const tr = strings("ko");
    const co = await mailCompany(e, "phone-desk.test");
    await co.member("desk");
    const page = await openPage("ko", { width: 1280, height: 800 });
    await signIn(page, tr, "desk", co.domain);
    await page.getByRole("search").waitFor();
    await page.getByRole("link", { name: tr("common:shell.settings") }).waitFor();
    await page.getByRole("button", { name: tr("common:shell.apps") }).waitFor();
    await page.getByRole("button", { name: tr("common:shell.togglePanel") }).waitFor();
    await page.getByRole("button", { name: tr("common:shell.userMenu") }).waitFor();
    await page.getByRole("navigation", { name: tr("mail:layout.folders") }).waitFor();
    for (const name of [tr("common:shell.more"), tr("mail:layout.openFolders"), tr("mail:list.action.more")]) {
      await expect(page.getByRole("button", { name, exact: true }).count()).resolves.toBe(0);
    }
    await expect(page.locator(`[aria-controls="top-bar-search"]`).count()).resolves.toBe(0);
    await expect(page.locator(".top-bar").evaluate((el) => el.getBoundingClientRect().height)).resolves.toBe(56);
    await expectNoSideScroll(page);
    await shot(page, "ko-desktop");
    await page.context().close();
  });
});
