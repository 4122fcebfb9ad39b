// The recipient selector of compose in a real browser (000 §2 "Mail dialogs: recipient selector"): the
// organisation chart on the left, the chosen organisation's members on the right (with a search word), the
// picked people added to To and Cc, an organisation's own group address added to Bcc; the dialog stays open
// for several fields and Done closes it. The mail sent goes to exactly those people (the group address to its
// members), as the server has it. Screens in ko, en and id; axe on the dialog.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";
import { mailsIn } from "../mail/compose/helpers.ts";

const DOMAIN = "picker.test";
const e = await startE2E("mail-compose-picker");
const co = await mailCompany(e, DOMAIN);
await co.member("sena");

async function admin(method: string, path: string, json: unknown) {
  const r = await e.t.call(method, path, { token: co.admin.token, json });
  expect(r.status, `${method} ${path}: ${JSON.stringify(r.body)}`).toBeLessThan(300);
  return r.body;
}
const sales = (await admin("POST", "/api/admin/organizations", { name: "영업본부", email: `sales@${DOMAIN}` })).id as number;
const team = (await admin("POST", "/api/admin/organizations", { name: "영업1팀", parentId: sales })).id as number;
async function person(loginId: string, accountName: string, organIds: number[]) {
  await admin("POST", "/api/admin/users", { loginId, accountName, password: USER_PASSWORD, organIds, requestPasswordChange: false });
}
await person("yuna", "김유나", [team]);
await person("jiho", "박지호", [team]);
await person("hana", "이하나", [sales]);
await person("dami", "최다미", [sales]);

const { page } = await e.newPage();
page.setDefaultTimeout(12_000);
const form = (p: Page) => p.locator("form.cmp");
const SUBJECT = "조직도에서 고른 받는 사람";

describe("the recipient selector", () => {
  test("people picked from the organisation chart and a group address receive the mail, in the fields chosen", async () => {
    await signIn(e, page, "sena", DOMAIN, USER_PASSWORD);
    await page.goto(`${e.base}/#/mail/write/-1/1/${encodeURIComponent("{}")}`);
    await form(page).getByRole("button", { name: "주소록" }).click();
    const dialog = page.getByRole("dialog", { name: "받는 사람 선택" });
    const orgs = dialog.getByRole("listbox", { name: "조직도" });
    await orgs.getByRole("option", { name: /영업1팀/ }).click();
    const members = dialog.getByRole("listbox", { name: "영업1팀 구성원" });
    await members.getByRole("option", { name: /김유나/ }).click();
    await members.getByRole("option", { name: /박지호/ }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "selector-ko");
    await dialog.getByRole("button", { name: "받는 사람에 추가" }).first().click();
    await dialog.getByRole("status").getByText("받는 사람에 2명을 추가했습니다.").waitFor();

    // Another organisation, narrowed by a search word: one person to Cc; its group address to Bcc.
    await orgs.getByRole("option", { name: /영업본부/ }).click();
    const salesMembers = dialog.getByRole("listbox", { name: "영업본부 구성원" });
    await salesMembers.getByRole("option", { name: /최다미/ }).waitFor();
    await dialog.getByRole("searchbox", { name: "이름 검색" }).fill("이하나");
    await expect.poll(() => salesMembers.getByRole("option").count()).toBe(1);
    await salesMembers.getByRole("option", { name: /이하나/ }).click();
    await dialog.getByRole("button", { name: "참조에 추가" }).first().click();
    await dialog.getByText(`조직 주소 sales@${DOMAIN}`).waitFor();
    await dialog.getByRole("button", { name: "숨은 참조에 추가" }).last().click();
    await dialog.getByRole("status").getByText("숨은 참조에 1명을 추가했습니다.").waitFor();
    await dialog.getByRole("button", { name: "완료" }).click();
    await dialog.waitFor({ state: "detached" });

    const f = form(page);
    for (const who of [`yuna@${DOMAIN}`, `jiho@${DOMAIN}`, `hana@${DOMAIN}`, `sales@${DOMAIN}`]) await f.locator(".cmp-chip", { hasText: who }).waitFor();
    await f.getByLabel("제목", { exact: true }).fill(SUBJECT);
    await e.shot(page, "picked-chips");
    await f.getByRole("button", { name: "보내기", exact: true }).click();
    await page.getByRole("heading", { name: "메일을 보냈습니다." }).waitFor();

    const got = async (u: string) => (await mailsIn(e.t, `${u}@${DOMAIN}`, "INBOX")).find((m) => m.message.subject === SUBJECT);
    const yuna = await got("yuna");
    expect(yuna?.message.to.map((a) => a.address).sort()).toEqual([`jiho@${DOMAIN}`, `yuna@${DOMAIN}`]);
    expect(yuna?.message.cc.map((a) => a.address)).toEqual([`hana@${DOMAIN}`]);
    expect(await got("jiho")).toBeDefined();
    expect(await got("hana")).toBeDefined();
    // The group address reached the organisation's members, Bcc (not in the headers the others see).
    expect(await got("dami")).toBeDefined();
    expect(JSON.stringify(yuna?.message.to) + JSON.stringify(yuna?.message.cc)).not.toContain("sales@");
  });

  for (const [lng, open, title, orgLabel] of [["en", "Directory", "Choose recipients", "Organisation chart"], ["id", "Direktori", "Pilih penerima", "Bagan organisasi"]] as const) {
    test(`the selector in ${lng}`, async () => {
      await page.evaluate((l) => localStorage.setItem("gw.language", l), lng);
      try {
        await page.goto(`${e.base}/#/mail/-1/1`);
        await page.goto(`${e.base}/#/mail/write/-1/1/${encodeURIComponent("{}")}`);
        await page.reload();
        await form(page).getByRole("button", { name: open }).click();
        const dialog = page.getByRole("dialog", { name: title });
        await dialog.getByRole("listbox", { name: orgLabel }).getByRole("option", { name: /영업1팀/ }).click();
        await dialog.getByRole("option", { name: /김유나/ }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await e.shot(page, `selector-${lng}`);
        await page.keyboard.press("Escape");
      } finally {
        await page.evaluate(() => localStorage.setItem("gw.language", "ko"));
      }
    });
  }
});
