// Mails kept in a customer history, in the browser (001 §2 /customer/mail/{groupId}/{historyId}, §7 POST
// api/customer/history/mail): a kept mail opens in its popup with its sender and attachment; from the mail
// reader's "more" menu a mail is kept in a card's history ("keep in customer history"). axe finds nothing
// serious. Screenshots: test-results/e2e/customers-mail/.
import { describe, expect, test } from "vitest";
import type { CustomerCard, CustomerGroup, CustomerHistoryItem } from "../../shared/contacts/customers.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { apiAs, bookCompany } from "./support/books.ts";
import { deliver, folders, signIn, USER_PASSWORD } from "./support/mail.ts";

const e = await startE2E("customers-mail");
const co = await bookCompany(e, "customers-mail.test", { customer: true });
const rw = await co.member("rw");
const as = (token: string) => apiAs(e, { token });
const admin = as(co.admin.token);
const group = await as(rw.token)<CustomerGroup>("POST", "/api/customer/group", { groupName: "누리소프트", isPublic: false });
await as(rw.token)("POST", "/api/customer/card", { groupId: group.id, cardData: { userName: "이서연", emailList: ["seoyeon@nuri.example"] } });

const { page } = await e.newPage();
page.setDefaultTimeout(12_000);
await signIn(e, page, "rw", co.domain, USER_PASSWORD, `/customer/list/group/${group.id}`);
await page.locator("tr.ct-row", { hasText: "이서연" }).waitFor();
const rw$ = { page };

describe("mails kept in a customer history", () => {
  test("a mail kept in the group's history opens in its popup with its attachment", async () => {
    const nuri = group;
    const mailId = await deliver(e, rw, {
      from: "Seoyeon Lee <seoyeon@nuri.example>", to: rw.username, subject: "견적 요청 드립니다", text: "첨부한 목록의 견적을 부탁드립니다.",
      attachments: [{ filename: "목록.txt", content: "widget x 100", contentType: "text/plain" }],
    });
    await as(rw.token)("POST", "/api/customer/history/mail", { groupId: nuri.id, mailId });
    const { page: p } = rw$;
    await p.getByRole("link", { name: "그룹 이력" }).click();
    const history = p.getByRole("region", { name: "그룹 이력" });
    await history.getByRole("button", { name: "메일", exact: true }).click();
    const opened = p.waitForEvent("popup");
    await history.getByRole("button", { name: "보관한 메일 열기: 견적 요청 드립니다" }).click();
    const popup = await opened;
    await popup.getByRole("heading", { name: "견적 요청 드립니다" }).waitFor();
    await popup.getByText("Seoyeon Lee <seoyeon@nuri.example>").waitFor();
    await popup.getByRole("button", { name: "목록.txt 내려받기" }).waitFor();
    expect(await seriousViolations(popup)).toEqual([]);
    await e.shot(popup, "kept-mail-popup");
    await popup.close();
  });

  test("from the mail reader, a mail is kept in a customer's history", async () => {
    const nuri = group;
    const [card] = (await admin<{ content: CustomerCard[] }>("GET", `/api/customer/card?groupId=${nuri.id}`)).content;
    const mailId = await deliver(e, rw, { from: "Seoyeon Lee <seoyeon@nuri.example>", to: rw.username, subject: "계약서 초안 보내드립니다", text: "검토 부탁드립니다." });
    const box = await folders(e.t, rw);
    const { page: p } = rw$;
    await p.goto(`${e.base}/#/mail/view/${box.INBOX}/1/${encodeURIComponent(JSON.stringify({ list: {}, view: { mailId } }))}`);
    await p.getByRole("heading", { name: "계약서 초안 보내드립니다" }).waitFor();
    await p.getByRole("button", { name: "더보기" }).click();
    await p.getByRole("menuitem", { name: "고객 이력에 보관" }).click();
    const dialog = p.getByRole("dialog", { name: "고객 이력에 메일 보관" });
    await dialog.getByRole("button", { name: /고객 그룹/ }).click();
    await p.getByRole("option", { name: "누리소프트" }).click();
    await dialog.getByRole("button", { name: /고객 \(선택\)/ }).click();
    await p.getByRole("option", { name: "이서연 <seoyeon@nuri.example>" }).click();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "keep-from-reader");
    await dialog.getByRole("button", { name: "보관", exact: true }).click();
    await p.getByText("'누리소프트' 이력에 메일을 보관했습니다.").waitFor();
    const hist = await admin<{ content: CustomerHistoryItem[] }>("GET", `/api/customer/history?groupId=${nuri.id}&id=${card.id}&historyType=MAIL`);
    expect(hist.content.map((h) => [h.content, h.mailId])).toEqual([["계약서 초안 보내드립니다", mailId]]);
  });
});
