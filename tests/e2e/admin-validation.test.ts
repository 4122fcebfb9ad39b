// The administrator's forms in a real browser: a new user gets a language (ko unless chosen), so an
// Indonesian employee starts in Indonesian; an out-of-range mailbox quota or organisation sort order is
// refused with a message beside the field instead of being changed into the range without a word; a group
// address of only a local part asks for the whole address. Screens of the Add user dialog in ko, en and id.
import { describe, expect, test } from "vitest";
import type { Locator, Page } from "playwright-core";
import { ADMIN_PASSWORD, signupCompany } from "../support/test-app.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";

const DOMAIN = "adminwalk.test";
const e = await startE2E("admin-validation");
const co = await signupCompany(e.t, { domain: DOMAIN, name: "김대표" });
const { page } = await e.newPage({ height: 1000 });
page.setDefaultTimeout(12_000);

const GIB = 1024 ** 3;
const adminGet = async (path: string) => (await e.t.call("GET", path, { token: co.token })).body;
const fieldError = (p: Page | Locator, text: string) => p.locator(".field-error", { hasText: text });

describe("the administrator's forms", () => {
  test("Add user: a quota out of range is refused beside the field; the language chosen is saved", async () => {
    await signIn(e, page, "admin", DOMAIN, ADMIN_PASSWORD, "/admin/users");
    await page.getByRole("button", { name: "사용자 추가" }).click();
    const dialog = page.getByRole("dialog", { name: "사용자 추가" });
    await dialog.getByRole("textbox", { name: "아이디" }).fill("budi");
    await dialog.getByRole("textbox", { name: "이름" }).fill("Budi Santoso");
    await dialog.getByLabel("비밀번호", { exact: true }).fill("Budi!pass1");
    // The language: Korean unless chosen.
    const language = dialog.getByRole("button", { name: /언어/ });
    expect(await language.innerText()).toContain("한국어");
    await language.click();
    await page.getByRole("option", { name: "Bahasa Indonesia" }).click();
    expect(await language.innerText()).toContain("Bahasa Indonesia");

    const quota = dialog.getByRole("textbox", { name: "메일 용량" });
    await quota.fill("99999");
    await quota.press("Tab");
    // Left as typed (not turned into 1024 without a word) ...
    expect(await quota.inputValue()).toBe("99999");
    await dialog.getByRole("button", { name: "추가", exact: true }).click();
    // ... and refused beside the field.
    await fieldError(dialog, "메일 용량은 1GB 이상 1TB(1024GB) 이하로 입력하세요.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "add-user-quota-ko");
    expect((await adminGet("/api/admin/users?searchWord=budi")).totalElements).toBe(0);

    await quota.fill("20");
    await dialog.getByRole("button", { name: "추가", exact: true }).click();
    await page.getByText(`Budi Santoso(budi@${DOMAIN}) 사용자를 추가했습니다.`).waitFor();
    const [budi] = (await adminGet("/api/admin/users?searchWord=budi")).content;
    expect(budi).toMatchObject({ username: `budi@${DOMAIN}`, languageType: "id", totalQuota: 20 * GIB });
  });

  for (const [lng, add, title, label, help] of [
    ["en", "Add user", "Add user", "Language", "The language of this user's screens; they can change it later."],
    ["id", "Tambah pengguna", "Tambah pengguna", "Bahasa", "Bahasa tampilan pengguna ini; pengguna dapat mengubahnya nanti."],
  ] as const) {
    test(`the Add user dialog in ${lng}`, async () => {
      await page.evaluate((l) => localStorage.setItem("gw.language", l), lng);
      try {
        await page.reload();
        await page.getByRole("button", { name: add }).click();
        const dialog = page.getByRole("dialog", { name: title });
        await dialog.getByRole("button", { name: new RegExp(label) }).waitFor();
        await dialog.getByText(help).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await e.shot(page, `add-user-${lng}`);
        await page.keyboard.press("Escape");
      } finally {
        await page.evaluate(() => localStorage.setItem("gw.language", "ko"));
      }
    });
  }

  test("organisations: a local part alone asks for the whole address; a sort order out of range is refused", async () => {
    await page.goto(`${e.base}/#/admin/organizations`);
    await page.reload();
    await page.getByRole("button", { name: "최상위 조직 추가" }).click();
    const dialog = page.getByRole("dialog", { name: "최상위 조직 추가" });
    await dialog.getByRole("textbox", { name: "이름" }).fill("영업부");
    const email = dialog.getByRole("textbox", { name: "조직 주소(선택)" });
    await email.fill("sales");
    await dialog.getByRole("button", { name: "추가", exact: true }).click();
    await fieldError(dialog, "조직 주소는 sales@회사도메인처럼 전체 주소로 입력하세요.").waitFor();
    await e.shot(page, "org-local-part");
    await email.fill("sales@elsewhere.test");
    await dialog.getByRole("button", { name: "추가", exact: true }).click();
    await fieldError(dialog, "조직 주소는 회사 도메인 중 하나를 사용해야 합니다.").waitFor();
    await email.fill(`sales@${DOMAIN}`);
    await dialog.getByRole("button", { name: "추가", exact: true }).click();
    await page.getByText("영업부 조직을 추가했습니다.").waitFor();

    const order = page.getByRole("textbox", { name: "정렬 순서" });
    await order.fill("-99999999999");
    await order.press("Tab");
    expect(await order.inputValue()).toBe("-99999999999");
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await fieldError(page, "정렬 순서는 0부터 1,000,000까지의 정수로 입력하세요.").waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "org-sort-order");
    const [org] = await adminGet("/api/admin/organizations");
    expect(org).toMatchObject({ name: "영업부", email: `sales@${DOMAIN}`, sortOrder: 0 });
    await order.fill("5");
    // Leaving the field takes the message away (the button moves up): then save.
    await order.press("Tab");
    await fieldError(page, "정렬 순서는").waitFor({ state: "detached" });
    await page.getByRole("button", { name: "저장", exact: true }).click();
    await page.getByText("영업부 조직을 저장했습니다.").waitFor();
    expect((await adminGet("/api/admin/organizations"))[0].sortOrder).toBe(5);
  });
});
