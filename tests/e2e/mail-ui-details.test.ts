// Small things of the mail screens, in ko, en and id: the new sub-folder dialog says which folder the new one
// goes in; the tag dialog shows a colour that is not one of the palette's as the chosen one (and saving keeps
// it); the spam tab's block and allow lists line up side by side and their placeholders fit, at 1280 px and on
// a phone; the compose screen's "drop files here" hint is not shown on a touch phone, where files cannot be
// dragged, while the attach button stays.
import { afterAll, describe, expect, test } from "vitest";
import type { Locator, Page } from "playwright-core";
import { startE2E } from "./support/browser.ts";
import { folders, mailCompany } from "./support/mail.ts";
import { type Lang, signInIn, strings } from "./support/walk-i18n.ts";

const e = await startE2E("mail-ui-details");
const co = await mailCompany(e, "details.test");
const LANGS: Lang[] = ["ko", "en", "id"];
const LOGIN = { ko: "kira", en: "emma", id: "intan" };
const CUSTOM = "#123abc";

const DEVICES = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true },
  tablet: { viewport: { width: 1024, height: 1366 }, hasTouch: true, isMobile: true },
};

/** A signed-in page of a user of `lng` (their language set, a folder "Laporan" and a tag "proyek" in #123abc). */
async function userPage(lng: Lang, device: keyof typeof DEVICES = "desktop") {
  const tr = strings(lng);
  const context = await e.browser.newContext({ ...DEVICES[device], locale: "ko-KR" });
  await context.addInitScript((l) => localStorage.setItem("gw.language", l), lng);
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await signInIn(e.base, page, tr, LOGIN[lng], co.domain);
  return { context, page, tr };
}

const users = Object.fromEntries(await Promise.all(LANGS.map(async (lng) => {
  const who = await co.member(LOGIN[lng]);
  const language = lng.toUpperCase();
  expect((await e.t.call("PUT", "/api/users/general", { token: who.token, form: { accountName: lng, personalEmail: "", languageType: language } })).status).toBe(200);
  expect((await e.t.call("POST", "/api/folders", { token: who.token, json: { folderType: "PRIVATE", nameFolder: "Laporan" } })).status).toBe(201);
  expect((await e.t.call("POST", "/api/tag/proyek", { token: who.token, form: { color: CUSTOM } })).status).toBe(201);
  return [lng, { who, box: await folders(e.t, who) }];
})));
const pages: { ko?: Page; en?: Page; id?: Page } = {};
afterAll(async () => {
  for (const p of Object.values(pages)) await p?.context().close();
});

async function menu(page: Page, tr: ReturnType<typeof strings>, row: string, action: string) {
  const tree = page.getByRole("treegrid", { name: tr("mail:folders.treeLabel") });
  await tree.getByRole("row", { name: new RegExp(`^${row}`) }).first().click({ button: "right" });
  await page.getByRole("menuitem", { name: tr(`mail:folders.action.${action}`), exact: true }).click();
}

/** Whether the placeholder of a text box fits in it, measured with the box's own font. */
function placeholderFits(box: Locator) {
  return box.evaluate((input: HTMLInputElement) => {
    const css = getComputedStyle(input);
    const ctx = document.createElement("canvas").getContext("2d")!;
    ctx.font = css.font;
    const room = input.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight);
    return ctx.measureText(input.placeholder).width <= room;
  });
}

describe.each(LANGS)("mail details in %s", { timeout: 90_000 }, (lng) => {
  test("the new sub-folder dialog names the folder it is made in", async () => {
    const { page, tr } = await userPage(lng);
    pages[lng] = page;
    await menu(page, tr, "Laporan", "create");
    const title = tr("mail:folders.createTitle", { name: "Laporan" });
    const dialog = page.getByRole("dialog", { name: title });
    await page.getByRole("dialog").getByLabel(tr("mail:folders.nameLabel")).waitFor();
    await e.shot(page, `${lng}-subfolder-dialog`);
    await expect(page.getByRole("dialog").getByRole("heading").first().textContent()).resolves.toContain("Laporan");
    await dialog.getByRole("heading", { name: title }).waitFor();
    await dialog.getByLabel(tr("mail:folders.nameLabel")).fill("2026");
    await dialog.getByRole("button", { name: tr("mail:folders.create") }).click();
    await dialog.waitFor({ state: "detached" });
    const tree = await e.t.call("GET", "/api/folders", { token: users[lng].who.token });
    const flat = JSON.stringify(tree.body);
    expect(flat).toContain('"nameFolder":"2026"');

    const root = tr("mail:folders.type.PRIVATE_ROOT");
    await menu(page, tr, root, "create");
    await page.getByRole("dialog", { name: tr("mail:folders.createTitle", { name: root }) }).waitFor();
    await page.keyboard.press("Escape");
  });

  test("the tag dialog shows a colour outside the palette as chosen, and saving keeps it", async () => {
    const page = pages[lng]!;
    const tr = strings(lng);
    await page.reload(); // a fresh screen, whatever the test before left open
    await menu(page, tr, "proyek", "tagEdit");
    const dialog = page.getByRole("dialog", { name: tr("mail:folders.tagEditTitle") });
    const group = dialog.getByRole("radiogroup", { name: tr("mail:folders.colorLabel") });
    const chosen = group.getByRole("radio", { checked: true });
    await group.getByRole("radio").first().waitFor();
    await e.shot(page, `${lng}-tag-custom-colour`);
    await expect(chosen.count()).resolves.toBe(1);
    await expect(chosen.getAttribute("aria-label")).resolves.toContain(CUSTOM);
    // Another colour and back: the current colour stays on offer.
    await group.getByRole("radio", { name: tr("mail:folders.colorName.blue"), exact: true }).click();
    await expect(group.getByRole("radio", { checked: true }).getAttribute("aria-label")).resolves.toBe(tr("mail:folders.colorName.blue"));
    await group.getByRole("radio", { name: new RegExp(CUSTOM) }).click();
    await dialog.getByRole("button", { name: tr("mail:folders.save") }).click();
    await dialog.waitFor({ state: "detached" });
    const tag = await e.t.call("GET", "/api/folders/t_proyek", { token: users[lng].who.token });
    expect(tag.body.color).toBe(CUSTOM);
  });

  test("the spam tab's two lists line up and their placeholders fit, wide and on a phone", async () => {
    const page = pages[lng]!;
    const tr = strings(lng);
    await page.goto(`${e.base}/#/mail/config/-1/1/spam`);
    const block = page.getByRole("textbox", { name: tr("mail:spam.block.label") });
    const allow = page.getByRole("textbox", { name: tr("mail:spam.allow.label") });
    await allow.waitFor();
    await e.shot(page, `${lng}-spam-lists`);
    const [b, a] = [(await block.boundingBox())!, (await allow.boundingBox())!];
    const wideFit = [await placeholderFits(block), await placeholderFits(allow)];

    const phone = await userPage(lng, "phone");
    await phone.page.goto(`${e.base}/#/mail/config/-1/1/spam`);
    const phoneBoxes = [tr("mail:spam.block.label"), tr("mail:spam.allow.label")].map((name) => phone.page.getByRole("textbox", { name }));
    await phoneBoxes[1].waitFor();
    await e.shot(phone.page, `${lng}-spam-lists-phone`);
    const [pb, pa] = [(await phoneBoxes[0].boundingBox())!, (await phoneBoxes[1].boundingBox())!];
    const phoneFit = [await placeholderFits(phoneBoxes[0]), await placeholderFits(phoneBoxes[1])];
    const phoneOverflow = await phone.page.evaluate(() => document.documentElement.scrollWidth > innerWidth);
    await phone.context.close();

    // Side by side: the two text boxes on one line, of one width; on a phone, one above the other.
    expect(Math.abs(b.y - a.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(b.width - a.width)).toBeLessThanOrEqual(1);
    expect(Math.abs(pb.x - pa.x)).toBeLessThanOrEqual(1);
    expect(Math.abs(pb.width - pa.width)).toBeLessThanOrEqual(1);
    expect(phoneOverflow).toBe(false);
    expect({ wideFit, phoneFit }, tr("mail:spam.patternPlaceholder")).toEqual({ wideFit: [true, true], phoneFit: [true, true] });
  });

  test("compose: the drop hint shows with a mouse, not on a touch phone or tablet; the attach button stays", async () => {
    const tr = strings(lng);
    const write = `${e.base}/#/mail/write/${users[lng].box.INBOX}/1/${encodeURIComponent("{}")}`;
    const desk = pages[lng]!;
    await desk.goto(write);
    const section = (p: Page) => p.getByRole("region", { name: tr("mail:compose.attachments") });
    await section(desk).getByRole("button", { name: tr("mail:compose.attachFiles") }).waitFor();
    await section(desk).getByText(tr("mail:compose.dropHint")).waitFor();
    await e.shot(desk, `${lng}-compose-desktop`);

    const phone = await userPage(lng, "phone");
    await phone.page.goto(write);
    await section(phone.page).getByRole("button", { name: tr("mail:compose.attachFiles") }).waitFor();
    await e.shot(phone.page, `${lng}-compose-phone`);
    const hintShown = await section(phone.page).getByText(tr("mail:compose.dropHint")).isVisible();
    await phone.context.close();
    expect(hintShown).toBe(false);

    // A tablet is wide but has no mouse either.
    const tablet = await userPage(lng, "tablet");
    await tablet.page.goto(write);
    await section(tablet.page).getByRole("button", { name: tr("mail:compose.attachFiles") }).waitFor();
    const tabletHint = await section(tablet.page).getByText(tr("mail:compose.dropHint")).isVisible();
    await tablet.context.close();
    expect(tabletHint).toBe(false);
  });
});
