// "Save to drive" in the mail reader (issue 25; shared/mail/drive.ts): a received attachment's button puts the
// file into the user's drive root, a snackbar says so, and the drive holds the attachment's bytes; the reader
// with the button has no serious accessibility violation.
import { describe, expect, test } from "vitest";
import { startE2E, seriousViolations } from "./support/browser.ts";
import { deliver, folders, mailCompany, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("mail-save-to-drive");
const co = await mailCompany(e, "save-drive.test");
const reader = await co.member("reader");
const box = await folders(e.t, reader);
const mailId = await deliver(e, reader, {
  subject: "계약서 송부",
  to: reader.username,
  text: "첨부 확인 바랍니다",
  attachments: [{ filename: "계약서 최종.pdf", content: "%PDF-1.4 contract", contentType: "application/pdf" }],
});
const { page } = await e.newPage();
await signIn(e, page, "reader", "save-drive.test", USER_PASSWORD);

describe("save a mail attachment to the drive", () => {
  test("the reader's button saves the file into the drive root and says so", async () => {
    await page.goto(`${e.base}/#/mail/view/${box.INBOX}/1/${encodeURIComponent(JSON.stringify({ list: {}, view: { mailId } }))}`);
    const button = page.getByRole("button", { name: "계약서 최종.pdf 드라이브에 저장", exact: true });
    await button.waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await button.click();
    await page.getByRole("status").filter({ hasText: "계약서 최종.pdf을(를) 드라이브에 저장했습니다." }).waitFor();
    await e.shot(page, "saved-to-drive");
    const root = (await e.t.call("GET", "/api/drive/default", { token: reader.token })).body.id;
    const list = await e.t.call("GET", `/api/drive/list?folderId=${root}&pageSize=50`, { token: reader.token });
    const file = list.body.list.content.find((i: { fileName: string }) => i.fileName === "계약서 최종.pdf");
    expect(file).toBeTruthy();
    const bytes = await e.t.app.request(`/api/drive/${file.id}/download`, { headers: { authorization: `Bearer ${reader.token}` } });
    expect(await bytes.text()).toBe("%PDF-1.4 contract");
  });
});
