// The approval island's boxes and a document's way through them (issue 26, part 1): the approver's home with
// its counts and lists, the box "to approve" with its pages, a title filter kept in the address, the Excel
// export read back with exceljs, a document with its frame, stamp boxes and the table's sum, 결재 with 전결
// landing in box ac; the drafter, watching the document, sees it completed with its number through realtime
// without a reload; the print view.
import { describe, expect, test } from "vitest";
import ExcelJS from "exceljs";
import type { Document } from "../../shared/approval/documents.ts";
import { downloadBytes, seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";
import { approvalSetup, PW } from "./support/approval.ts";

const e = await startE2E("approval-boxes");
const s = await approvalSetup(e, "appr-boxes-e2e.test");
const { A } = s;

describe("approval boxes", () => {
  test("home, box with pages and filters, Excel, approve with 전결, the drafter sees it done, print", async () => {
    for (let i = 1; i <= 11; i++) await s.submit(`회의비 정산 ${String(i).padStart(2, "0")}`);
    const target = await s.submit("3월 거래처 미팅 식대", "expense");

    // The drafter watches the document in the submitted box.
    const drafter = await e.newPage();
    await signIn(e, drafter.page, "kim", A.co.domain, PW, `/approval/doc/list/dd/${target}`);
    await drafter.page.getByRole("heading", { level: 1, name: "3월 거래처 미팅 식대" }).waitFor();

    const { context, page: p } = await e.newPage();
    p.setDefaultTimeout(12_000);
    await signIn(e, p, "lee", A.co.domain, PW, "/approval");
    await p.waitForURL(/#\/approval\/home$/);
    const card = p.getByRole("link", { name: /^결재 대기/ }).first();
    await expect.poll(() => p.locator(".ap-card").first().textContent(), { timeout: 8000 }).toBe("결재 대기12");
    await expect.poll(() => p.locator(".ap-home .ap-doc-list").first().locator("li").count(), { timeout: 5000 }).toBe(5);
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "home");

    // The box: 10 a page, the second page holds the rest.
    await card.click();
    await p.waitForURL(/#\/approval\/doc\/list\/ab$/);
    const rows = p.locator("tbody tr.ap-row");
    await expect.poll(() => rows.count(), { timeout: 8000 }).toBe(10);
    await p.getByRole("button", { name: "2 페이지", exact: true }).click();
    await p.waitForURL(/page=2/);
    await expect.poll(() => rows.count(), { timeout: 8000 }).toBe(2);
    // Sorting by title from its column header (descending first, then ascending), said by aria-sort.
    const head = p.locator("thead");
    await head.getByRole("button", { name: "제목", exact: true }).click();
    await p.waitForURL(/sort=title/);
    await expect.poll(() => head.getByRole("columnheader", { name: "제목", exact: true }).getAttribute("aria-sort"), { timeout: 5000 }).toBe("descending");
    await head.getByRole("button", { name: "제목", exact: true }).click();
    await p.waitForURL(/dir=asc/);
    await expect.poll(() => rows.first().locator(".ap-cell-title").textContent(), { timeout: 5000 }).toBe("3월 거래처 미팅 식대");

    // A title filter lands in the address and narrows the list.
    await p.getByLabel("검색어", { exact: true }).fill("거래처");
    await p.getByRole("button", { name: "검색", exact: true }).click();
    await p.waitForURL(/keywordFlag=TITLE/);
    expect(decodeURIComponent(p.url())).toContain("title=거래처");
    await expect.poll(() => rows.count(), { timeout: 8000 }).toBe(1);
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "box-filtered");

    // The Excel export with the same filter.
    const [download] = await Promise.all([p.waitForEvent("download"), p.getByRole("button", { name: "Excel 내려받기" }).click()]);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await downloadBytes(download)).buffer as ArrayBuffer);
    const cells = wb.worksheets[0].getSheetValues().flat().map((v) => String(v ?? ""));
    expect(cells).toContain("3월 거래처 미팅 식대");
    expect(cells.some((c) => c.startsWith("회의비 정산"))).toBe(false);

    // The document: frame, stamps, the table with its sum; approve with 전결.
    await rows.first().focus();
    await p.keyboard.press("Enter");
    await p.waitForURL(new RegExp(`#/approval/doc/list/ab/${target}$`));
    await p.getByRole("heading", { level: 1, name: "3월 거래처 미팅 식대" }).waitFor();
    await p.getByRole("table", { name: "결재" }).getByText("김기안").waitFor();
    await p.locator(".ap-field-table tfoot").getByText("100,000").waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "document");
    await p.getByRole("toolbar", { name: "문서 작업" }).getByRole("button", { name: "결재", exact: true }).click();
    const dialog = p.getByRole("dialog", { name: "결재" });
    await dialog.getByLabel("의견 (선택)").fill("확인했습니다");
    await dialog.getByText("전결", { exact: true }).click();
    await e.shot(p, "approve-dialog");
    await dialog.getByRole("button", { name: "결재", exact: true }).click();
    await p.getByText("결재를 완료 하였습니다.").waitFor();
    await p.waitForURL(/#\/approval\/doc\/list\/ac$/);
    await p.locator("tbody tr.ap-row", { hasText: "3월 거래처 미팅 식대" }).waitFor();

    // The drafter's page follows through realtime: completed, with its number.
    const done = await s.api.ok<Document>(200, "GET", `document/${target}`, A.drafter);
    expect(done.status).toBe("COMPLETED");
    expect(done.docNum).toBeTruthy();
    await drafter.page.getByText(done.docNum!, { exact: true }).first().waitFor({ timeout: 10_000 });
    await drafter.page.locator(".ap-stamp-mark", { hasText: "전결" }).first().waitFor();
    await e.shot(drafter.page, "drafter-completed");

    // The print view, without the shell.
    await drafter.page.getByRole("link", { name: "인쇄", exact: true }).click();
    await drafter.page.waitForURL(new RegExp(`#/approval/doc/print/${target}$`));
    await drafter.page.getByRole("button", { name: "인쇄", exact: true }).waitFor();
    await drafter.page.getByText(done.docNum!, { exact: true }).first().waitFor();
    expect(await drafter.page.locator(".top-bar").count()).toBe(0);
    expect(await seriousViolations(drafter.page)).toEqual([]);
    await e.shot(drafter.page, "print");
    await drafter.context.close();
    await context.close();
  });
});
