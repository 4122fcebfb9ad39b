// Two guards of the mail screens from issue 22's review, in a real browser. The reader warns about mail from
// outside that claims the company's own domain without passing SPF or DKIM (delivered through the real
// inbound listener), and does not for a colleague's mail. Compose refuses an attachment past the company's
// large-file limit at once, saying the limit, without uploading a byte or listing a row for it. The admin
// sets both new mail settings (send limit, forged own-domain mail) on the company's module settings, and a
// send past the hourly limit says the limit and the wait.
import { afterEach, describe, expect, test } from "vitest";
import { Buffer } from "node:buffer";
import { upsertConfig } from "../../server/modules/company/repo.ts";
import { NORMAL_ATTACHMENT_TOTAL } from "../../shared/mail/constants.ts";
import { compose, listen, localResolver, sendRaw } from "../mail/smtp/support.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { folders, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";
import { ADMIN_PASSWORD } from "../support/test-app.ts";
import { companyConfig } from "../../server/modules/company/service.ts";

const e = await startE2E("mail-review-guards");
const smtp = await listen(e.t.deps, localResolver({}));
const co = await mailCompany(e, "guards.test");
const A = await co.member("mina");
const B = await co.member("jun");

const { page } = await e.newPage();
page.setDefaultTimeout(12_000);
afterEach(async (ctx) => {
  if (ctx.task.result?.state === "fail") await e.shot(page, `FAILED-${ctx.task.name.slice(0, 20)}`).catch(() => {});
});

/** The reader's address of A's mail with this subject (in the inbox). */
async function viewUrl(subject: string): Promise<string> {
  const inbox = (await folders(e.t, A)).INBOX;
  return `${e.base}/#/mail/view/${inbox}/1/${encodeURIComponent(JSON.stringify({ list: {}, view: { mailId: await mailIdOf(subject) } }))}`;
}

async function mailIdOf(subject: string): Promise<number> {
  const rows = await e.t.db.sql`select m.id from mails m join mail_messages g on g.id = m.message_id
    where m.user_id = ${A.userId} and g.subject = ${subject}`;
  return Number((rows[0] as { id: number | string }).id);
}

describe("the reader's forged-sender warning", () => {
  test("outside mail on the company's domain without SPF or DKIM shows the warning; a colleague's does not", async () => {
    const raw = await compose({ from: `대표 <ceo@${co.domain}>`, to: A.username, subject: "긴급 송금 요청", text: "오늘 중으로 송금 부탁합니다." });
    expect((await sendRaw(smtp.port, { from: "bounce@mailer.example", to: [A.username] }, raw)).ok).toBe(true);
    const sent = await e.t.call("POST", "/api/mails/v2/send", { token: B.token, json: { to: [A.username], subject: "점심 메뉴" } });
    expect(sent.status).toBe(200);

    await signIn(e, page, "mina", co.domain, USER_PASSWORD);
    await page.goto(await viewUrl("긴급 송금 요청"));
    await page.getByRole("heading", { name: "긴급 송금 요청", level: 2 }).waitFor();
    const warning = page.getByRole("alert").filter({ hasText: "보낸 사람이 위조되었을 수 있습니다." });
    await warning.waitFor();
    expect(await warning.textContent()).toContain(`회사 도메인(${co.domain})`);
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "forged-sender-warning-ko");

    await page.goto(await viewUrl("점심 메뉴"));
    await page.getByRole("heading", { name: "점심 메뉴", level: 2 }).waitFor();
    await expect(page.getByText("보낸 사람이 위조되었을 수 있습니다.").count()).resolves.toBe(0);
  });
});

describe("compose and the large-file limit", () => {
  test("a file past the limit is refused at once with the limit; nothing is uploaded or listed", async () => {
    await upsertConfig(e.t.db.db, A.companyId, "mail", { largeFileMaxSize: 1, largeFileSizeUnit: "MB" }, e.t.clock.now());
    const uploads: string[] = [];
    page.on("request", (r) => r.url().includes("/api/mail/file/upload") && uploads.push(r.url()));
    await page.goto(`${e.base}/#/mail/write/-1/1/${encodeURIComponent("{}")}`);
    const f = page.locator("form.cmp");
    await f.getByRole("textbox", { name: "내용" }).waitFor();
    // Past the 20 MB of normal files it would be a large file, and large files may have 1 MB.
    // Made in the page (sending 20 MB through the browser connection would take longer than the test).
    const data = await page.evaluateHandle((size) => {
      const dt = new DataTransfer();
      dt.items.add(new File([new Uint8Array(size)], "site-video.mp4", { type: "video/mp4" }));
      return dt;
    }, NORMAL_ATTACHMENT_TOTAL + 1);
    const zone = page.locator(".cmp-drop");
    for (const type of ["dragenter", "dragover", "drop"]) await zone.dispatchEvent(type, { dataTransfer: data });
    await page.getByText("site-video.mp4 파일은 첨부할 수 없습니다. 대용량 파일은 메일당 모두 합쳐 1 MB까지 첨부할 수 있습니다.").first().waitFor();
    await expect(f.locator(".cmp-file", { hasText: "site-video.mp4" }).count()).resolves.toBe(0);
    expect(uploads).toEqual([]);
    await e.shot(page, "large-limit-refused-ko");

    // A file within the limits is still taken as before.
    await f.locator("input[type=file]").setInputFiles({ name: "memo.txt", mimeType: "text/plain", buffer: Buffer.from("memo") });
    await f.locator(".cmp-file", { hasText: "memo.txt" }).getByText("완료").waitFor();
    expect(uploads).toHaveLength(1);
  });
});

describe("the admin's mail settings", () => {
  test("the hourly send limit and what to do with forged own-domain mail are set on the module settings", async () => {
    const { page: admin, context } = await e.newPage();
    admin.setDefaultTimeout(12_000);
    await signIn(e, admin, "admin", co.domain, ADMIN_PASSWORD, "/admin/company");
    await admin.getByRole("tab", { name: "모듈 설정" }).click();
    const limit = admin.getByLabel("사용자별 시간당 수신자 수");
    await expect(limit.inputValue()).resolves.toBe("500");
    await limit.fill("120");
    await admin.getByRole("button", { name: /회사 도메인을 사용한 외부 메일/ }).click();
    await admin.getByRole("option", { name: "스팸메일함으로 이동" }).click();
    expect(await seriousViolations(admin)).toEqual([]);
    await e.shot(admin, "admin-mail-guards-ko");
    await admin.getByRole("tabpanel").getByRole("button", { name: "저장" }).first().click();
    await expect.poll(async () => {
      const c = await companyConfig(e.t.deps, A.companyId, "mail") as { sendLimitPerHour: number; ownDomainSpoof: string };
      return [c.sendLimitPerHour, c.ownDomainSpoof];
    }).toEqual([120, "SPAM"]);
    await context.close();
  });
});

describe("compose and the hourly send limit", () => {
  test("a send past the limit says the limit and when to try again; the mail stays being written", async () => {
    await upsertConfig(e.t.db.db, A.companyId, "mail", { sendLimitPerHour: 1 }, e.t.clock.now());
    expect((await e.t.call("POST", "/api/mails/v2/send", { token: A.token, json: { to: [B.username], subject: "첫 메일" } })).status).toBe(200);
    const { page: p, context } = await e.newPage();
    p.setDefaultTimeout(12_000);
    await signIn(e, p, "mina", co.domain, USER_PASSWORD, `/mail/write/-1/1/${encodeURIComponent("{}")}`);
    const f = p.locator("form.cmp");
    await f.getByRole("textbox", { name: "내용" }).waitFor();
    await f.getByRole("combobox", { name: "받는 사람" }).fill("jun");
    await p.getByRole("option", { name: /User jun/ }).click();
    await f.getByLabel("제목", { exact: true }).fill("두 번째 메일");
    await f.getByRole("button", { name: "보내기", exact: true }).click();
    await p.getByText("한 시간에 최대 1명에게 보낼 수 있습니다. 60분 후에 다시 시도하세요.").first().waitFor();
    await expect(f.getByLabel("제목", { exact: true }).inputValue()).resolves.toBe("두 번째 메일");
    await e.shot(p, "send-limit-ko");
    await context.close();
  });
});
