// The aliases tab of the admin's user edit dialog in a real browser: the admin adds an alias (the server has
// it), a used address is refused with its message, and deleting removes it. Screenshot in ko, axe.
import { describe, expect, test } from "vitest";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { ADMIN_PASSWORD } from "../support/test-app.ts";
import { mailCompany, signIn } from "./support/mail.ts";

const e = await startE2E("admin-aliases");
const co = await mailCompany(e, "aliases-ui.test");
const kim = await co.member("kim");
const aliases = async () =>
  (await e.t.call("GET", "/api/alias/me", { token: kim.token })).body.aliases.map((a: { address: string }) => a.address);

const { page } = await e.newPage();
page.setDefaultTimeout(10_000);

describe("aliases in the user edit dialog", () => {
  test("add, refuse a used address, delete", async () => {
    await signIn(e, page, "admin", co.domain, ADMIN_PASSWORD, "/admin/users");
    await page.getByRole("row", { name: /kim@aliases-ui\.test/ }).click();
    await page.getByRole("tab", { name: "별칭" }).click();
    await page.getByText("등록된 별칭이 없습니다.").waitFor();
    await page.getByLabel("별칭 주소").fill("sales@aliases-ui.test");
    await page.getByRole("button", { name: "추가", exact: true }).click();
    await page.getByRole("button", { name: "sales@aliases-ui.test 삭제" }).waitFor();
    await expect.poll(aliases).toEqual(["sales@aliases-ui.test"]);

    await page.getByLabel("별칭 주소").fill("admin@aliases-ui.test");
    await page.getByRole("button", { name: "추가", exact: true }).click();
    await page.locator(".field-error", { hasText: "이미 사용 중인 주소입니다." }).waitFor();
    await page.getByLabel("별칭 주소").fill("x@elsewhere.test");
    await page.getByRole("button", { name: "추가", exact: true }).click();
    await page.locator(".field-error", { hasText: "회사 도메인" }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "aliases-tab");

    await page.getByRole("button", { name: "sales@aliases-ui.test 삭제" }).click();
    await page.getByText("등록된 별칭이 없습니다.").waitFor();
    await expect.poll(aliases).toEqual([]);
  });
});
