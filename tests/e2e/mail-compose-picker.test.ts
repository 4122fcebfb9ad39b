// The recipient selector of compose in a real browser (000 §2 "Mail dialogs: recipient selector"): the
// organisation chart on the left (with a last entry for the members in no organisation), the chosen entry's
// members on the right, a search word that looks through the whole company, the picked people added to To
// and Cc, an organisation's own group address added to Bcc; the dialog stays open for several fields and Done
// closes it. The mail sent goes to exactly those people (the group address to its members), as the server has
// it. Another company's people are never offered. Screens in ko, en and id; axe on the dialog.
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";
import { mailsIn } from "../mail/compose/helpers.ts";
import { signupCompany } from "../support/test-app.ts";
import { adminApi } from "../support/admin-api.ts";

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
// In no organisation, as everyone is in a new company.
await person("lee", "이영희", []);
// Another company with an 이영희 of its own: never offered here.
const other = await signupCompany(e.t, { domain: "other-picker.test" });
await adminApi(e.t).newUser(other.token, { loginId: "lee", accountName: "이영희" });

const { page } = await e.newPage();
page.setDefaultTimeout(12_000);
const form = (p: Page) => p.locator("form.cmp");
const SUBJECT = "조직도에서 고른 받는 사람";

describe("the recipient selector", () => {
  test("people picked from the organisation chart and a group address receive the mail, in the fields chosen", async () => {
    await signIn(e, page, "sena", DOMAIN, USER_PASSWORD, `/mail/write/-1/1/${encodeURIComponent("{}")}`);
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

    // A search word looks through the whole company: one person of another organisation to Cc.
    await dialog.getByRole("searchbox", { name: "이름 또는 주소 검색" }).fill("이하나");
    const results = dialog.getByRole("listbox", { name: "‘이하나’ 검색 결과" });
    await expect.poll(() => results.getByRole("option").count()).toBe(1);
    await results.getByRole("option", { name: /이하나/ }).click();
    await dialog.getByRole("button", { name: "참조에 추가" }).first().click();
    await dialog.getByRole("status").getByText("참조에 1명을 추가했습니다.").waitFor();
    // Choosing an organisation shows its members again; its group address to Bcc.
    await orgs.getByRole("option", { name: /영업본부/ }).click();
    const salesMembers = dialog.getByRole("listbox", { name: "영업본부 구성원" });
    await salesMembers.getByRole("option", { name: /최다미/ }).waitFor();
    await expect.poll(() => dialog.getByRole("searchbox", { name: "이름 또는 주소 검색" }).inputValue()).toBe("");
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

  test("people in no organisation are under its own entry, and a search finds them from any organisation", async () => {
    await page.goto(`${e.base}/#/mail/-1/1`);
    await page.goto(`${e.base}/#/mail/write/-1/1/${encodeURIComponent("{}")}`);
    await page.reload();
    await form(page).getByRole("button", { name: "주소록" }).click();
    const dialog = page.getByRole("dialog", { name: "받는 사람 선택" });
    const orgs = dialog.getByRole("listbox", { name: "조직도" });
    await orgs.getByRole("option", { name: /영업1팀/ }).click();
    // By name, and by address, while an organisation they are not in is chosen.
    const search = dialog.getByRole("searchbox", { name: "이름 또는 주소 검색" });
    for (const word of ["이영희", "lee"]) {
      await search.fill(word);
      const results = dialog.getByRole("listbox", { name: `‘${word}’ 검색 결과` });
      await results.getByRole("option", { name: new RegExp(`이영희.*lee@${DOMAIN.replace(".", "\\.")}`) }).waitFor();
      // Only this company's 이영희.
      expect(await results.getByRole("option").allInnerTexts()).toEqual([expect.stringContaining(`lee@${DOMAIN}`)]);
    }
    await e.shot(page, "search-whole-company");
    // People of an organisation show it beside their address in the results.
    await search.fill("dami");
    await dialog.getByRole("option", { name: /최다미/ }).getByText(`dami@${DOMAIN} · 영업본부`).waitFor();

    // Without a search word: the "no organisation" entry lists them (here the administrator, sena and 이영희).
    await orgs.getByRole("option", { name: "소속 없음" }).click();
    const unassigned = dialog.getByRole("listbox", { name: "소속 조직이 없는 구성원" });
    await unassigned.getByRole("option", { name: /이영희/ }).waitFor();
    expect((await unassigned.getByRole("option").allInnerTexts()).map((x) => x.replace(/\s+/g, " ").trim())).toEqual([
      expect.stringContaining("User sena"), expect.stringContaining("김관리"), expect.stringContaining("이영희"),
    ]);
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "unassigned-ko");
    await unassigned.getByRole("option", { name: /이영희/ }).click();
    await dialog.getByRole("button", { name: "받는 사람에 추가" }).first().click();
    await dialog.getByRole("button", { name: "완료" }).click();
    await form(page).locator(".cmp-chip", { hasText: `lee@${DOMAIN}` }).waitFor();
  });

  test("in a company without organisations, everyone is listed at once", async () => {
    const { context, page: p } = await e.newPage();
    await signIn(e, p, "lee", "other-picker.test", USER_PASSWORD, `/mail/write/-1/1/${encodeURIComponent("{}")}`);
    await form(p).getByRole("button", { name: "주소록" }).click();
    const dialog = p.getByRole("dialog", { name: "받는 사람 선택" });
    await dialog.getByRole("option", { name: "소속 없음", selected: true }).waitFor();
    const everyone = dialog.getByRole("listbox", { name: "소속 조직이 없는 구성원" });
    await everyone.getByRole("option", { name: /이영희/ }).waitFor();
    // The administrator and 이영희 of that company, none of the other company's people.
    const texts = (await everyone.getByRole("option").allInnerTexts()).join(" ");
    expect(texts).toContain("admin@other-picker.test");
    expect(texts).not.toContain(`@${DOMAIN}`);
    expect(await everyone.getByRole("option").count()).toBe(2);
    await e.shot(p, "new-company");
    await context.close();
  });

  for (const [lng, open, title, orgLabel, none, search] of [
    ["en", "Directory", "Choose recipients", "Organisation chart", "No organisation", "Search by name or address"],
    ["id", "Direktori", "Pilih penerima", "Bagan organisasi", "Tanpa organisasi", "Cari nama atau alamat"],
  ] as const) {
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
        await dialog.getByRole("option", { name: none }).click();
        await dialog.getByRole("option", { name: /이영희/ }).waitFor();
        await e.shot(page, `unassigned-${lng}`);
        await dialog.getByRole("searchbox", { name: search }).fill("lee");
        await dialog.getByRole("option", { name: /이영희/ }).waitFor();
        expect(await seriousViolations(page)).toEqual([]);
        await e.shot(page, `search-${lng}`);
        await page.keyboard.press("Escape");
      } finally {
        await page.evaluate(() => localStorage.setItem("gw.language", "ko"));
      }
    });
  }
});
