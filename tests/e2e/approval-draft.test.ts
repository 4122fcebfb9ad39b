// Drafting in the approval island (issue 26, part 2): a member opens the form chooser, picks 지출결의서, fills
// its table (the sum shows), attaches a file, builds the approval line in the line editor (the drafter refused
// on adding, a HELP_ORGAN last in the approval group flagged with the spec's Korean text and fixed by moving it
// up), saves the line as a preset, saves the draft temporarily (box dt), edits it and submits it (box dd); a new
// draft loads the saved line; leaving it asks first; a REUSE of the submitted document carries its content and
// lines. The personal settings: saved lines and the deputy.
import { Buffer } from "node:buffer";
import { describe, expect, test } from "vitest";
import type { DocumentSummary } from "../../shared/approval/documents.ts";
import type { Page as DocPage } from "../../shared/paging.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";
import { approvalSetup, PW } from "./support/approval.ts";
import { userLine } from "../approval/support.ts";

const e = await startE2E("approval-draft");
const s = await approvalSetup(e, "appr-draft-e2e.test");
const { A } = s;

describe("drafting", () => {
  test("지출결의서: table and sum, file, line editor with its checks and a preset, temporary save, edit, submit", async () => {
    const { context, page: p } = await e.newPage();
    p.setDefaultTimeout(12_000);
    await signIn(e, p, "kim", A.co.domain, PW, "/approval/form/select");
    await p.getByRole("heading", { level: 1, name: "기안하기" }).waitFor();
    await p.getByRole("link", { name: /^지출결의서/ }).click();
    await p.waitForURL(/#\/approval\/draft\/\d+$/);
    await p.getByRole("heading", { level: 1, name: "지출결의서" }).waitFor();

    await p.getByRole("textbox", { name: "제목", exact: true }).fill("3월 팀 회식비");
    await p.getByLabel("지출 일자", { exact: true }).fill("2026-03-20");
    await p.getByLabel("일자 1행", { exact: true }).fill("2026-03-20");
    await p.getByLabel("내역 1행", { exact: true }).fill("팀 회식");
    await p.getByLabel("금액 1행", { exact: true }).fill("84000");
    await p.getByRole("button", { name: "행 추가", exact: true }).click();
    await p.getByLabel("내역 2행", { exact: true }).fill("택시비");
    await p.getByLabel("금액 2행", { exact: true }).fill("16000");
    await p.getByLabel("금액 2행", { exact: true }).press("Tab");
    await expect.poll(() => p.getByLabel("금액 합계").textContent(), { timeout: 5000 }).toBe("100,000");
    await p.getByLabel("합계", { exact: true }).fill("100000");
    await p.getByLabel("결제 수단", { exact: true }).fill("법인카드");
    // The form's attachments field: one file, uploaded with its progress, then listed.
    await p.locator(".ad-form input[type=file]").setInputFiles({ name: "영수증.txt", mimeType: "text/plain", buffer: Buffer.from("receipt") });
    await p.getByRole("list", { name: "첨부 목록" }).getByText("영수증.txt").waitFor();

    // The line editor.
    await p.getByRole("button", { name: "결재선 지정", exact: true }).click();
    const d = p.getByRole("dialog", { name: "결재선 지정" });
    const tree = d.getByRole("treegrid", { name: "조직도" });
    const members = d.getByRole("listbox", { name: /구성원$/ });
    await tree.getByText("기획팀", { exact: true }).click();
    // The drafter cannot be added (002 §5 "Adding a line").
    await members.getByRole("option", { name: /^김기안/ }).click();
    await d.getByRole("button", { name: "김기안 추가", exact: true }).click();
    await d.getByText("기안자는 결재선에 추가할 수 없습니다").waitFor();
    await members.getByRole("option", { name: /^이팀장/ }).click();
    await d.getByRole("button", { name: "이팀장 추가", exact: true }).click();
    await tree.getByText("경영진", { exact: true }).click();
    await members.getByRole("option", { name: /^윤본부/ }).click();
    await d.getByRole("button", { name: "윤본부 추가", exact: true }).click();
    // Enter on a member adds them too.
    await members.getByRole("option", { name: /^한대표/ }).focus();
    await p.keyboard.press("Enter");
    const approvalGroup = d.getByRole("grid", { name: /^결재/ });
    await expect.poll(() => approvalGroup.getByRole("row").count(), { timeout: 5000 }).toBe(3);

    // 재무팀 for cooperation: last in the approval group is refused with the spec's text at the line.
    await d.getByRole("button", { name: /추가할 유형/ }).click();
    await p.getByRole("option", { name: "부서 협조", exact: true }).click();
    await tree.getByText("재무팀", { exact: true }).click();
    await d.getByRole("button", { name: "재무팀 부서 추가", exact: true }).click();
    const lastError = d.getByText("최종 결재선 유형은 반드시 [결재] 유형이어야 합니다.");
    await lastError.waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "line-editor-error");
    await d.getByRole("button", { name: "재무팀 위로 이동", exact: true }).click();
    await lastError.waitFor({ state: "detached" });
    // Keyboard: Alt+↑ moves a focused row (한대표 above 재무팀, then back down with Alt+↓): 이팀장, 윤본부, 재무팀, 한대표.
    const ceoRow = approvalGroup.getByRole("row", { name: /한대표/ });
    await ceoRow.getByText("한대표", { exact: true }).click();
    await expect.poll(() => ceoRow.evaluate((el) => el === document.activeElement), { timeout: 3000 }).toBe(true);
    await p.keyboard.press("Alt+ArrowUp");
    await expect.poll(() => approvalGroup.getByRole("row").nth(2).textContent(), { timeout: 3000 }).toContain("한대표");
    await ceoRow.getByText("한대표", { exact: true }).click();
    await expect.poll(() => ceoRow.evaluate((el) => el === document.activeElement), { timeout: 3000 }).toBe(true);
    await p.keyboard.press("Alt+ArrowDown");
    await expect.poll(() => approvalGroup.getByRole("row").nth(3).textContent(), { timeout: 5000 }).toContain("한대표");
    await lastError.waitFor({ state: "detached" });

    // 총무팀 receives.
    await d.getByRole("button", { name: /추가할 유형/ }).click();
    await p.getByRole("option", { name: "부서 수신", exact: true }).click();
    await tree.getByText("총무팀", { exact: true }).click();
    await d.getByRole("button", { name: "총무팀 부서 추가", exact: true }).click();
    await d.getByRole("grid", { name: /^수신/ }).getByRole("row", { name: /총무팀/ }).waitFor();

    // Saved as a preset.
    await d.getByLabel("개인 결재선 이름").fill("지출 결재선");
    await d.getByRole("button", { name: "현재 결재선 저장", exact: true }).click();
    await d.getByText("'지출 결재선' 결재선을 저장했습니다.").waitFor();
    await d.getByRole("button", { name: "결재선 지정: 적용" }).click();
    await d.waitFor({ state: "detached" });
    const panel = p.getByRole("region", { name: "결재선" });
    await expect.poll(() => panel.getByRole("listitem").count(), { timeout: 5000 }).toBe(5);
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "draft-filled");

    // Temporary save: box dt.
    await p.getByRole("button", { name: "임시 저장", exact: true }).click();
    await p.waitForURL(/#\/approval\/doc\/list\/dt$/);
    await p.getByText("3월 팀 회식비").first().waitFor();
    const temp = await s.api.ok<DocPage<DocumentSummary>>(200, "GET", "box/dt", A.drafter);
    const id = temp.content.find((x) => x.title === "3월 팀 회식비")!.id;

    // Edit it, then submit: box dd.
    await p.goto(`${e.base}/#/approval/doc/list/dt/${id}/edit`);
    const title = p.getByRole("textbox", { name: "제목", exact: true });
    await expect.poll(() => title.inputValue(), { timeout: 8000 }).toBe("3월 팀 회식비");
    await expect.poll(() => p.getByLabel("금액 합계").textContent(), { timeout: 5000 }).toBe("100,000");
    await p.getByRole("list", { name: "첨부 목록" }).getByText("영수증.txt").waitFor();
    await title.fill("3월 팀 회식비 정산");
    await p.getByRole("button", { name: "상신", exact: true }).click();
    await p.waitForURL(/#\/approval\/doc\/list\/dd$/);
    await p.getByText("3월 팀 회식비 정산").first().waitFor();
    // Back leaves the box for the page the draft was opened from, not for the editor of the submitted document.
    await p.goBack();
    await p.waitForURL(/#\/approval\/doc\/list\/dt$/);
    const dd = await s.api.ok<DocPage<DocumentSummary>>(200, "GET", "box/dd", A.drafter);
    expect(dd.content.map((x) => x.title)).toContain("3월 팀 회식비 정산");

    // A new draft loads the saved line.
    await p.goto(`${e.base}/#/approval/form/select`);
    await p.getByRole("link", { name: /^품의서/ }).click();
    await p.getByRole("heading", { level: 1, name: "품의서" }).waitFor();
    await p.getByRole("button", { name: "결재선 지정", exact: true }).click();
    const d2 = p.getByRole("dialog", { name: "결재선 지정" });
    await d2.getByRole("button", { name: /개인 결재선/ }).click();
    await p.getByRole("option", { name: "지출 결재선", exact: true }).click();
    await d2.getByRole("button", { name: "불러오기", exact: true }).click();
    await expect.poll(() => d2.getByRole("grid", { name: /^결재/ }).getByRole("row").count(), { timeout: 5000 }).toBe(4);
    await d2.getByRole("button", { name: "결재선 지정: 적용" }).click();
    await expect.poll(() => panel.getByRole("listitem").count(), { timeout: 5000 }).toBe(5);

    // Leaving the changed draft asks first; then REUSE of the submitted document brings its title, table and lines.
    await p.goto(`${e.base}/#/approval/draft/reuse?originDocId=${id}`);
    await p.getByRole("dialog").getByRole("button", { name: "떠나기", exact: true }).click();
    await p.getByText("재기안", { exact: true }).waitFor();
    await expect.poll(() => p.getByRole("textbox", { name: "제목", exact: true }).inputValue(), { timeout: 8000 }).toBe("3월 팀 회식비 정산");
    await expect.poll(() => p.getByLabel("금액 합계").textContent(), { timeout: 5000 }).toBe("100,000");
    await expect.poll(() => panel.getByRole("listitem").count(), { timeout: 5000 }).toBe(5);
    // A person found by name in the line editor; adding them twice is refused.
    await p.getByRole("button", { name: "결재선 지정", exact: true }).click();
    const d3 = p.getByRole("dialog", { name: "결재선 지정" });
    const search = d3.getByRole("searchbox", { name: "이름으로 검색" });
    await search.fill("최회");
    await search.press("Enter");
    await d3.getByRole("listbox", { name: "검색 결과" }).getByRole("option", { name: /^최회계/ }).click();
    await d3.getByRole("button", { name: "최회계 추가", exact: true }).click();
    await d3.getByText("최회계: 결재로 추가했습니다.", { exact: true }).waitFor();
    await d3.getByRole("button", { name: "최회계 추가", exact: true }).click();
    await d3.getByText("결재선 내 중복은 불가능합니다", { exact: true }).waitFor();
    await expect.poll(() => d3.getByRole("grid", { name: /^결재/ }).getByRole("row").count(), { timeout: 5000 }).toBe(5);
    await d3.getByRole("button", { name: "취소", exact: true }).click();
    await expect.poll(() => panel.getByRole("listitem").count(), { timeout: 5000 }).toBe(5);
    await context.close();
  });

  test("personal settings: saved lines (edit, select and delete) and the deputy", async () => {
    for (const name of ["팀장 결재", "본부 결재"]) {
      await s.api.ok(201, "POST", "config/preset/appr-line", A.drafter, {
        name, draftOrganId: A.organs.plan, approvalLines: [userLine("APPROVAL", 1, name === "팀장 결재" ? A.planLead.id : A.director.id)],
      });
    }
    const { context, page: p } = await e.newPage();
    p.setDefaultTimeout(12_000);
    await signIn(e, p, "kim", A.co.domain, PW, "/approval/config");
    await p.waitForURL(/#\/approval\/config\/preset$/);
    const list = p.getByRole("grid", { name: "개인 결재선" });
    await list.getByRole("row", { name: "팀장 결재" }).waitFor();

    // Rename one in its dialog.
    await p.getByRole("button", { name: "팀장 결재 수정", exact: true }).click();
    const d = p.getByRole("dialog", { name: "개인 결재선 수정" });
    await d.getByRole("textbox", { name: "이름" }).fill("기획팀장 결재");
    await d.getByRole("button", { name: "저장", exact: true }).click();
    await d.waitFor({ state: "detached" });
    await list.getByRole("row", { name: "기획팀장 결재" }).getByText("이팀장").waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "presets");

    // Select both and delete them together.
    await list.getByRole("row", { name: "기획팀장 결재" }).click();
    await list.getByRole("row", { name: "본부 결재" }).click();
    await p.getByRole("button", { name: "선택 삭제 (2)", exact: true }).click();
    await p.getByRole("dialog").getByRole("button", { name: "삭제", exact: true }).click();
    await p.getByText("개인 결재선 2개를 삭제했습니다.").waitFor();
    await list.getByRole("row", { name: "본부 결재" }).waitFor({ state: "detached" });
    expect(await list.getByRole("row", { name: "기획팀장 결재" }).count()).toBe(0);

    // The deputy: a colleague for a week, then cleared.
    await p.getByRole("link", { name: "대결 설정", exact: true }).click();
    await p.waitForURL(/#\/approval\/config\/deputy$/);
    await p.getByText("설정된 대결자가 없습니다.").waitFor();
    await p.getByRole("combobox", { name: "대결자" }).fill("오동");
    await p.getByRole("option", { name: /^오동료/ }).click();
    await p.getByLabel("시작", { exact: true }).fill("2026-03-02T09:00");
    await p.getByLabel("종료", { exact: true }).fill("2026-03-09T09:00");
    await p.getByRole("textbox", { name: "사유" }).fill("출장");
    await p.getByRole("button", { name: "저장", exact: true }).click();
    await p.getByRole("status").getByText(/대결자: 오동료/).waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "deputy");
    await p.getByRole("button", { name: "대결 해제", exact: true }).click();
    await p.getByRole("dialog").getByRole("button", { name: "대결 해제", exact: true }).click();
    await p.getByText("설정된 대결자가 없습니다.").waitFor();
    await context.close();
  });
});
