// The approval administration (issue 26, part 2): the admin adds a form box, designs a form in it (fields, the
// template built from them plus an inserted field, a number format with its live example) and saves it as
// version 1; a member then finds it in the form chooser, drafts with it and submits it (box dd).
import { describe, expect, test } from "vitest";
import type { AdminForm } from "../../shared/approval/forms.ts";
import type { Document } from "../../shared/approval/documents.ts";
import { seriousViolations, startE2E } from "./support/browser.ts";
import { signIn } from "./support/mail.ts";
import { ADMIN_PASSWORD } from "../support/test-app.ts";
import { approvalSetup, PW } from "./support/approval.ts";

const e = await startE2E("approval-admin");
const s = await approvalSetup(e, "appr-admin-e2e.test");
const { A } = s;

describe("approval administration", () => {
  test("a form box and a designed form, then a member drafts with it", async () => {
    const { context, page: p } = await e.newPage();
    p.setDefaultTimeout(12_000);
    await signIn(e, p, "admin", A.co.domain, ADMIN_PASSWORD, "/admin/approval");
    await p.getByRole("heading", { name: "전자결재", exact: true }).waitFor();

    // A form box.
    await p.getByRole("tab", { name: "양식함", exact: true }).click();
    await p.getByLabel("새 양식함 이름").fill("총무 양식");
    await p.getByRole("button", { name: "양식함 추가", exact: true }).click();
    await p.getByRole("list", { name: "양식함" }).getByText("총무 양식", { exact: true }).waitFor();

    // The designer.
    await p.getByRole("tab", { name: "양식", exact: true }).click();
    await p.getByRole("button", { name: "새 양식", exact: true }).click();
    await p.getByRole("heading", { name: "새 양식", exact: true }).waitFor();
    await p.getByRole("textbox", { name: "양식 이름" }).fill("비품 신청서");
    await p.getByRole("textbox", { name: "양식 코드" }).fill("비품");
    await p.getByRole("button", { name: /양식함/ }).click();
    await p.getByRole("option", { name: "총무 양식", exact: true }).click();
    const format = p.getByRole("textbox", { name: "문서 번호 형식" });
    await format.fill("{FORM}-{YYYY}");
    await p.getByText("{SEQ} 또는 {SEQ:n}을 한 번 넣고, 다른 중괄호는 쓰지 마세요.").waitFor();
    await format.fill("{FORM}-{YYYY}-{SEQ:3}");
    await expect.poll(() => p.locator(".aa-example-value").textContent(), { timeout: 3000 }).toBe(`비품-${new Date().getFullYear()}-001`);

    await p.getByRole("button", { name: "항목 추가", exact: true }).click();
    const f1 = p.getByRole("listitem", { name: /^1번째 항목/ });
    await f1.getByRole("textbox", { name: "항목 이름" }).fill("품목");
    await f1.getByRole("textbox", { name: "키" }).fill("item");
    await f1.getByText("필수", { exact: true }).click();
    await p.getByRole("button", { name: "항목 추가", exact: true }).click();
    const f2 = p.getByRole("listitem", { name: /^2번째 항목/ });
    await f2.getByRole("textbox", { name: "항목 이름" }).fill("수량");
    await f2.getByRole("textbox", { name: "키" }).fill("qty");
    await f2.getByRole("button", { name: /유형/ }).click();
    await p.getByRole("option", { name: "숫자", exact: true }).click();
    await p.getByRole("button", { name: "항목 추가", exact: true }).click();
    const f3 = p.getByRole("listitem", { name: /^3번째 항목/ });
    await f3.getByRole("textbox", { name: "항목 이름" }).fill("사유");
    await f3.getByRole("textbox", { name: "키" }).fill("reason");

    // The template: a table of the first fields, then one more inserted at the end.
    await p.getByRole("button", { name: "표로 자동 구성", exact: true }).click();
    const body = p.getByRole("textbox", { name: "템플릿 본문 (HTML)" });
    await expect.poll(() => body.inputValue(), { timeout: 3000 }).toContain('<gw-field key="qty"></gw-field>');
    await body.fill('<p>아래와 같이 비품을 신청합니다.</p><table><tbody><tr><th>품목</th><td><gw-field key="item"></gw-field></td></tr><tr><th>수량</th><td><gw-field key="qty"></gw-field></td></tr></tbody></table>');
    await body.press("End");
    await p.getByRole("button", { name: /삽입할 항목/ }).click();
    await p.getByRole("option", { name: "사유 (reason)", exact: true }).click();
    await p.getByRole("button", { name: "항목 삽입", exact: true }).click();
    await expect.poll(() => body.inputValue(), { timeout: 3000 }).toContain('<gw-field key="reason"></gw-field>');
    const preview = p.getByRole("region", { name: "미리보기" });
    await preview.getByText("수량 · 숫자").waitFor();
    await preview.getByText("사유 · 텍스트").waitFor();
    expect(await seriousViolations(p)).toEqual([]);
    await e.shot(p, "designer");

    await p.getByRole("button", { name: "저장", exact: true }).click();
    await p.getByText("'비품 신청서' 양식을 저장했습니다 (버전 1).").waitFor();
    const row = p.getByRole("row", { name: /비품 신청서/ });
    await row.getByText("v1").waitFor();
    await row.getByText("총무 양식").waitFor();
    await e.shot(p, "forms");
    const forms = await s.api.ok<AdminForm[]>(200, "GET", "admin/form/list", A.admin);
    const form = forms.find((f) => f.name === "비품 신청서")!;
    expect(form.numberFormat).toBe("{FORM}-{YYYY}-{SEQ:3}");
    expect(form.template.fields.map((f) => [f.key, f.type, f.required])).toEqual([["item", "text", true], ["qty", "number", false], ["reason", "text", false]]);
    await context.close();

    // A member drafts with it.
    const m = await e.newPage();
    const q = m.page;
    q.setDefaultTimeout(12_000);
    await signIn(e, q, "kim", A.co.domain, PW, "/approval/form/select");
    await q.getByRole("navigation", { name: "양식함" }).getByRole("button", { name: /총무 양식/ }).click();
    await q.getByRole("link", { name: /^비품 신청서/ }).click();
    await q.getByRole("heading", { level: 1, name: "비품 신청서" }).waitFor();
    await q.getByRole("textbox", { name: "제목", exact: true }).fill("모니터 신청");
    await q.getByLabel("품목", { exact: true }).fill("27인치 모니터");
    await q.getByLabel("수량", { exact: true }).fill("2");
    await q.getByLabel("사유", { exact: true }).fill("듀얼 모니터 업무");
    // Submitting without a line says so.
    await q.getByRole("button", { name: "상신", exact: true }).click();
    await q.locator(".ad-alert").getByText("결재자를 한 명 이상 지정하세요.", { exact: true }).waitFor();
    await q.getByRole("button", { name: "결재선 지정", exact: true }).click();
    const d = q.getByRole("dialog", { name: "결재선 지정" });
    await d.getByRole("treegrid", { name: "조직도" }).getByText("기획팀", { exact: true }).click();
    await d.getByRole("listbox", { name: /구성원$/ }).getByRole("option", { name: /^이팀장/ }).click();
    await d.getByRole("button", { name: "이팀장 추가", exact: true }).click();
    await d.getByRole("button", { name: "결재선 지정: 적용" }).click();
    await d.waitFor({ state: "detached" });
    await q.getByRole("button", { name: "상신", exact: true }).click();
    await q.waitForURL(/#\/approval\/doc\/list\/dd$/, { timeout: 20_000 });
    const dd = await s.api.ok<{ content: { id: number; title: string }[] }>(200, "GET", "box/dd", A.drafter);
    const id = dd.content.find((x) => x.title === "모니터 신청")!.id;
    const doc = await s.api.ok<Document>(200, "GET", `document/${id}`, A.drafter);
    expect(doc.formId).toBe(form.id);
    expect(doc.content).toMatchObject({ item: "27인치 모니터", qty: 2, reason: "듀얼 모니터 업무" });
    await m.context.close();
  });
});
