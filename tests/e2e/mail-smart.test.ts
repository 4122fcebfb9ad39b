// The smart mailbox's list in a real browser (issue 7, "classify promotion and social mail into their
// folders"): with the smart mailbox on, SMART holds promotion and social mail; above its list "전체 / 프로모션
// / 소셜" (a radio group) narrows it to one class, by mouse and by keyboard; each row carries its class badge;
// the choice survives opening a mail and is dropped on leaving the folder; axe finds nothing serious.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { build, file, folders, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("mail-smart");
const co = await mailCompany(e, "smart.test");
const reader = await co.member("reader");
const box = await folders(e.t, reader);

const config = await e.t.call("PUT", "/api/mail/config/smartMailbox", {
  token: reader.token,
  json: { smartMailbox: true, classifyPromotion: true, classifySocial: true },
});
expect(config.status).toBe(200);

// Filed the way the smart mailbox files them: SMART with a category; one ordinary mail in the inbox.
const promotion: number[] = [];
const social: number[] = [];
for (let i = 1; i <= 3; i++) {
  promotion.push(await file(e.t, reader, build({ from: "Shop <deals@shop.example>", to: reader.username, subject: `주간 특가 ${i}`, text: "할인" }), {
    folder: "SMART", category: "PROMOTION",
  }));
  social.push(await file(e.t, reader, build({ from: "Facebook <notification@facebookmail.com>", to: reader.username, subject: `친구 요청 ${i}`, text: "친구" }), {
    folder: "SMART", category: "SOCIAL",
  }));
}
await file(e.t, reader, build({ subject: "계약서", text: "검토 부탁드립니다.", to: reader.username }));

const { page } = await e.newPage();
page.setDefaultTimeout(10_000);
const pane = () => page.getByRole("navigation", { name: "메일함" });
const rowIds = (p: Page) =>
  p.locator("[role=grid] [role=row][data-mail-id]").evaluateAll((els) => els.map((el) => Number(el.getAttribute("data-mail-id"))));
const newestFirst = (ids: number[]) => ids.slice().sort((a, b) => b - a);
const filter = () => page.getByRole("radiogroup", { name: "스마트 메일함 분류" });

describe("the smart mailbox's list", () => {
  test("SMART lists both classes with their badges, and the filter above it", async () => {
    await signIn(e, page, "reader", co.domain, USER_PASSWORD);
    await page.locator("[role=grid]").waitFor();
    // No filter outside SMART.
    expect(await filter().count()).toBe(0);
    await pane().getByRole("row", { name: /^스마트메일함/ }).first().click();
    await page.waitForURL(new RegExp(`#/mail/${box.SMART}/1$`));
    await filter().waitFor();
    await page.getByText("전체 6통").waitFor();
    expect(await rowIds(page)).toEqual(newestFirst([...promotion, ...social]));
    await expect(filter().getByRole("radio", { name: "전체" }).getAttribute("aria-checked")).resolves.toBe("true");
    await page.locator(`#mail-row-${promotion[0]} .mail-badge-smart`).getByText("프로모션").waitFor();
    await page.locator(`#mail-row-${social[0]} .mail-badge-smart`).getByText("소셜").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "smart-all");
  });

  test("프로모션 shows only promotion mail; 소셜 by keyboard only social mail", async () => {
    await filter().getByRole("radio", { name: "프로모션" }).click();
    await page.getByText("전체 3통").waitFor();
    expect(await rowIds(page)).toEqual(newestFirst(promotion));
    expect(await page.locator("[role=grid] .mail-badge-smart").allTextContents()).toEqual(["프로모션", "프로모션", "프로모션"]);
    await expect(filter().getByRole("radio", { name: "프로모션" }).getAttribute("aria-checked")).resolves.toBe("true");
    expect(await seriousViolations(page)).toEqual([]);
    const shot = await e.shot(page, "smart-promotion");
    expect(shot).toMatch(/smart-promotion\.png$/);

    // Arrow keys move the choice within the group (the focused one is selected by Space/Enter).
    await filter().getByRole("radio", { name: "프로모션" }).focus();
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Space");
    await page.waitForFunction((n) => document.querySelectorAll("[role=grid] [role=row][data-mail-id]").length === n, 3);
    await page.getByText("전체 3통").waitFor();
    await expect(filter().getByRole("radio", { name: "소셜" }).getAttribute("aria-checked")).resolves.toBe("true");
    await expect.poll(() => rowIds(page)).toEqual(newestFirst(social));
    await e.shot(page, "smart-social");
  });

  test("the choice stays while a mail is read, and is dropped on leaving the folder", async () => {
    await page.locator(`#mail-row-${social[2]}`).click();
    await page.waitForURL(/#\/mail\/view\//);
    await page.goBack();
    await page.waitForURL(new RegExp(`#/mail/${box.SMART}/1$`));
    await expect(filter().getByRole("radio", { name: "소셜" }).getAttribute("aria-checked")).resolves.toBe("true");
    await expect.poll(() => rowIds(page)).toEqual(newestFirst(social));

    await pane().getByRole("row", { name: /^받은메일함/ }).first().click();
    await page.waitForURL(new RegExp(`#/mail/${box.INBOX}/1$`));
    await page.getByText("전체 1통").waitFor();
    expect(await filter().count()).toBe(0);
    await pane().getByRole("row", { name: /^스마트메일함/ }).first().click();
    await page.getByText("전체 6통").waitFor();
    await expect(filter().getByRole("radio", { name: "전체" }).getAttribute("aria-checked")).resolves.toBe("true");
    expect(await rowIds(page)).toHaveLength(6);
  });
});
