// A mail in the reader posted to a board (issue 28 "a mail in the reader can be posted to a board"): 게시판에
// 등록 in the reader's more menu opens the post editor prefilled from GET /api/mails/share/board/form/{mailId}
// (title, the mail's text under its quoted header, its attachment as an uploaded file); choosing a board and
// posting makes the post with the file. A mail with more attachments than a post takes says which were left
// out. A company without boards has no such menu item.
import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import type { Page } from "playwright-core";
import type { Post } from "../../shared/board/posts.ts";
import { FILES_PER_POST } from "../../shared/board/constants.ts";
import { boardApi, boardCompany, makeBoard, setBoards } from "../board/support.ts";
import { PW } from "../share/share-helpers.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { deliver, signIn } from "./support/mail.ts";

const e = await startE2E("mail-to-board");
const A = await boardCompany(e.t, "mail-to-board-e2e.test");
const B = await boardCompany(e.t, "mail-to-board-off-e2e.test");
await setBoards(e.t, B.admin, false);
const board = await makeBoard(e.t, A.manager, { name: "거래처 소식" });
const kim = { companyId: A.co.companyId, userId: A.manager.id, username: A.manager.username, token: A.manager.token };

const json = (lng: string, file: string) => JSON.parse(readFileSync(new URL(`../../web/src/locales/${lng}/${file}`, import.meta.url), "utf8"));
const w = json("ko", "board/write.json");
const MORE = json("ko", "mail/view.json").moreActions as string;
const messages = json("ko", "board.json").messages as Record<string, string>;

async function openInReader(page: Page, subject: string) {
  await page.getByText(subject, { exact: true }).first().click();
  await page.getByRole("heading", { level: 2, name: subject }).waitFor();
  await page.getByRole("button", { name: MORE, exact: true }).click();
}

describe("posting a mail to a board", () => {
  test("from the reader, with its attachment", async () => {
    await deliver(e, kim, {
      from: "협력사 박부장 <park@partner.example>",
      to: A.manager.username,
      subject: "11월 납품 견적서 송부",
      html: "<p>안녕하세요. 11월 납품 <b>견적서</b>를 보내드립니다.</p>",
      attachments: [{ filename: "견적서_11월.txt", content: "품목,수량,단가\n노트북,10,1500000\n", contentType: "text/plain" }],
    });
    const { context, page } = await e.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(e, page, "kim", A.co.domain, PW);
    await openInReader(page, "11월 납품 견적서 송부");
    await page.getByRole("menuitem", { name: w.fromMail, exact: true }).click();

    await page.waitForURL(/#\/board\/write\//);
    await page.getByRole("heading", { level: 1, name: w.newTitle }).waitFor();
    const title = page.getByRole("textbox", { name: w.titleLabel });
    await expect.poll(() => title.inputValue(), { timeout: 10_000 }).toBe("11월 납품 견적서 송부");
    const body = page.getByRole("textbox", { name: w.content, exact: true });
    await body.getByText(/11월 납품/).first().waitFor();
    await body.locator("strong, b").filter({ hasText: /^견적서$/ }).waitFor(); // the mail's bold kept
    await page.locator(".bw-file", { hasText: "견적서_11월.txt" }).getByText(w.files.uploaded, { exact: true }).waitFor();
    // No board came with it: choose one.
    await page.getByRole("button", { name: new RegExp(w.boardPlaceholder) }).click();
    await page.getByRole("option", { name: "거래처 소식", exact: true }).click();
    expect(await seriousViolations(page)).toEqual([]);
    await e.shot(page, "ko-from-mail");

    const created = page.waitForResponse((r) => r.url().endsWith("/api/board/post") && r.request().method() === "POST");
    await page.getByRole("button", { name: w.submit, exact: true }).click();
    const res = await created;
    expect(res.status()).toBe(201);
    const id = ((await res.json()) as Post).id;
    await page.waitForURL(new RegExp(`#/board/view/${id}/`));
    await page.getByText(messages["22"], { exact: true }).waitFor();

    const p = await boardApi(e.t).ok<Post>(200, "GET", `post/${id}`, A.manager);
    expect(p).toMatchObject({ boardId: board.id, title: "11월 납품 견적서 송부" });
    expect(p.files.map((f) => f.name)).toEqual(["견적서_11월.txt"]);
    expect(p.content).toContain("견적서");
    expect(p.content).toContain("park@partner.example");
    await context.close();
  });

  test("attachments past the post's limit are left out and named", async () => {
    await deliver(e, kim, {
      to: A.manager.username,
      subject: "사진 자료 모음",
      text: "현장 사진입니다.",
      attachments: Array.from({ length: FILES_PER_POST + 1 }, (_, i) => ({ filename: `사진${i + 1}.txt`, content: `사진 ${i + 1}` })),
    });
    const { context, page } = await e.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(e, page, "kim", A.co.domain, PW);
    await openInReader(page, "사진 자료 모음");
    await page.getByRole("menuitem", { name: w.fromMail, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: w.newTitle }).waitFor();
    const notice = page.getByRole("status").filter({ hasText: "사진11.txt" });
    await notice.waitFor({ timeout: 10_000 });
    expect(await notice.textContent()).toBe(w.skippedFiles_other.replace("{{count}}", "1").replace("{{names}}", "사진11.txt"));
    await expect.poll(() => page.locator(".bw-file").count()).toBe(FILES_PER_POST);
    await context.close();
  });

  test("a company without boards offers no 게시판에 등록", async () => {
    const lee = { companyId: B.co.companyId, userId: B.sales.id, username: B.sales.username, token: B.sales.token };
    await deliver(e, lee, { to: B.sales.username, subject: "게시판 없는 회사의 메일", text: "본문" });
    const { context, page } = await e.newPage();
    page.setDefaultTimeout(15_000);
    await signIn(e, page, "lee", B.co.domain, PW);
    await openInReader(page, "게시판 없는 회사의 메일");
    const menu = page.getByRole("menu", { name: MORE });
    await menu.getByRole("menuitem").first().waitFor();
    expect(await menu.getByRole("menuitem", { name: w.fromMail, exact: true }).count()).toBe(0);
    await context.close();
  });
});
