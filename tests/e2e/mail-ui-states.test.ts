// Mail screens in states a new user meets: a folder address that leads nowhere says so and offers the way
// home (no "try again" that can never work); a folder name cut short in the folder pane shows whole on hover;
// on a phone the reader's icon-only tools keep their names for screen readers and the back link has a row of
// its own above them; reloading an untouched compose does not announce an empty mail as "restored", while a
// mail with something written in it is restored; sizes are written in the UI language's number format.
import { describe, expect, test } from "vitest";
import { startE2E } from "./support/browser.ts";
import { deliver, folders, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";
import { signInIn, strings } from "./support/walk-i18n.ts";

const e = await startE2E("mail-ui-states");
const co = await mailCompany(e, "states.test");
const me = await co.member("stella");
const box = await folders(e.t, me);
const mailId = await deliver(e, me, { subject: "현장 점검 결과 보고", to: me.username, text: "점검 결과를 보내드립니다." });
/** An attachment of 6,500 bytes: 6.3 KB, written in each language's own way. */
const report = { filename: "laporan.pdf", content: new TextEncoder().encode("x".repeat(6500)), contentType: "application/pdf" };

const { page } = await e.newPage();
page.setDefaultTimeout(10_000);
const restoredSnack = () => page.locator(".snack").filter({ hasText: "작성 중이던 메일을 복원했습니다." });

describe("mail screens in their edge states", { timeout: 60_000 }, () => {
  test("a folder that does not exist says so and leads home instead of offering a retry", async () => {
    await signIn(e, page, "stella", co.domain, USER_PASSWORD, "/mail/987654/1");
    await page.getByText("메일함이 없거나 삭제되었습니다.").waitFor();
    await expect(page.getByRole("button", { name: "다시 시도" }).count()).resolves.toBe(0);
    await e.shot(page, "missing-folder");
    await page.getByRole("link", { name: "메일 홈으로" }).click();
    await page.waitForURL(new RegExp(`#/mail/${box.INBOX}/1$`));
    await page.getByText("현장 점검 결과 보고").first().waitFor();
  });

  test("a folder name too long for the folder pane is cut with an ellipsis and shown whole on hover", async () => {
    const name = "Proyek Pengembangan Infrastruktur Jaringan Kantor";
    const r = await e.t.call("POST", "/api/folders", { token: me.token, json: { folderType: "PRIVATE", nameFolder: name } });
    expect(r.status).toBe(201);
    await page.goto(`${e.base}/#/mail/${box.INBOX}/1`);
    await page.reload();
    const label = page.locator(".mf-name", { hasText: name });
    await label.waitFor();
    expect(await label.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expect(label.getAttribute("title")).resolves.toBe(name);
  });

  test("reloading an untouched compose shows no 'restored' message; a written one is restored", async () => {
    await page.goto(`${e.base}/#/mail/write/${box.INBOX}/1/${encodeURIComponent("{}")}`);
    const subject = page.getByLabel("제목", { exact: true });
    await subject.waitFor();
    await page.waitForTimeout(800); // longer than the composer's keep delay
    await page.reload();
    await subject.waitFor();
    await page.waitForTimeout(800);
    await expect(restoredSnack().count()).resolves.toBe(0);
    await expect(subject.inputValue()).resolves.toBe("");

    await subject.fill("복원될 제목");
    await page.waitForTimeout(800);
    await page.reload();
    await restoredSnack().waitFor();
    await expect(subject.inputValue()).resolves.toBe("복원될 제목");
    await e.shot(page, "compose-restored");
  });
});

describe("sizes in the language's number format", { timeout: 60_000 }, () => {
  test("an attachment of 6.3 KB reads 6.3 KB in Korean and 6,3 KB in Indonesian", async () => {
    const intan = await co.member("intan");
    const r = await e.t.call("PUT", "/api/users/general", { token: intan.token, form: { accountName: "Intan", personalEmail: "", languageType: "ID" } });
    expect(r.status).toBe(200);
    const view = (id: number, inbox: number) => `${e.base}/#/mail/view/${inbox}/1/${encodeURIComponent(JSON.stringify({ list: {}, view: { mailId: id } }))}`;
    const koMail = await deliver(e, me, { subject: "첨부 크기 확인", to: me.username, text: "첨부", attachments: [report] });
    const ko = await e.newPage();
    ko.page.setDefaultTimeout(10_000);
    await signIn(e, ko.page, "stella", co.domain, USER_PASSWORD);
    await ko.page.goto(view(koMail, box.INBOX));
    await ko.page.getByText("laporan.pdf").first().waitFor();
    await ko.page.getByText("6.3 KB", { exact: true }).first().waitFor();
    await ko.context.close();

    const idBox = await folders(e.t, intan);
    const idMail = await deliver(e, intan, { subject: "Cek ukuran lampiran", to: intan.username, text: "lampiran", attachments: [report] });
    const other = await e.newPage();
    await other.context.addInitScript(() => localStorage.setItem("gw.language", "id"));
    other.page.setDefaultTimeout(10_000);
    await signInIn(e.base, other.page, strings("id"), "intan", co.domain);
    await other.page.goto(view(idMail, idBox.INBOX));
    await other.page.getByText("laporan.pdf").first().waitFor();
    await other.page.getByText("6,3 KB", { exact: true }).first().waitFor();
    await expect(other.page.getByText("6.3 KB", { exact: true }).count()).resolves.toBe(0);
    await e.shot(other.page, "id-attachment-size");
    await other.context.close();
  });
});

describe("the reader on a phone", { timeout: 60_000 }, () => {
  test("the tools keep their names and the back link sits above them", async () => {
    const phone = await e.newPage({ width: 390, height: 844 });
    const p = phone.page;
    p.setDefaultTimeout(10_000);
    await signIn(e, p, "stella", co.domain, USER_PASSWORD, `/mail/view/${box.INBOX}/1/${encodeURIComponent(JSON.stringify({ list: {}, view: { mailId } }))}`);
    await p.getByRole("heading", { name: "현장 점검 결과 보고" }).waitFor();
    const tools = p.getByRole("toolbar", { name: "메일 도구" });
    for (const name of ["답장", "전체 답장", "전달", "삭제"]) {
      const button = tools.getByRole("button", { name, exact: true });
      await button.waitFor();
      // Icon only: the name is there for screen readers, not as visible text beside the icon.
      const rect = await button.boundingBox();
      expect(rect!.width, name).toBeLessThan(48);
    }
    const back = await p.getByRole("link", { name: "목록으로" }).boundingBox();
    const reply = await tools.getByRole("button", { name: "답장", exact: true }).boundingBox();
    expect(back!.y + back!.height).toBeLessThanOrEqual(reply!.y + 1);
    // Nothing sticks out sideways.
    expect(await p.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    await e.shot(p, "phone-reader");
    await phone.context.close();
  });
});
