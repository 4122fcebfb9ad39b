// Form boxes, forms, versions and templates (002 §7 form/*, template/*, the admin's form calls), the starter set
// and the content validation drafting uses (forms/content.ts).
import { describe, expect, test } from "vitest";
import { checkContent, validateContent } from "../../server/modules/approval/forms/content.ts";
import { STARTER_FORM_KEYS } from "../../shared/approval/constants.ts";
import { FRAME_LABELS, FRAME_SLOTS } from "../../shared/approval/forms.ts";
import type { AdminForm, Form, FormBox, FormSummary, FormTemplate } from "../../shared/approval/forms.ts";
import { createTestApp } from "../support/test-app.ts";
import { approvalCast, setApproval, userLine } from "./support.ts";

const t = await createTestApp();
const { api, A, B } = await approvalCast(t, "forms");
const { ok, fails, raw } = api;

const design = (name: string, extra: Record<string, unknown> = {}) => ({
  boxId: 0,
  name,
  code: "시험",
  templateBody: '<p>시험 양식</p><table><tr><th>내용</th><td><gw-field key="body"></gw-field></td></tr></table>',
  fields: [{ key: "body", label: "내용", type: "textarea", required: true }],
  numberFormat: "{FORM}-{YY}-{SEQ:3}",
  ...extra,
});

describe("the starter set", () => {
  test("ten first calls at once make it once: three boxes, the five forms with their fields", async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => raw("GET", "form/box/list", A.drafter)));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const boxes = answers[0].body as FormBox[];
    expect(boxes.map((b) => b.name)).toEqual(["일반", "경비", "인사"]);
    const forms = await ok<FormSummary[]>(200, "GET", "form/list/all", A.drafter);
    expect(forms.map((f) => f.starterKey).sort()).toEqual([...STARTER_FORM_KEYS].sort());
    expect(forms.map((f) => f.name).sort()).toEqual(["구매요청서", "업무협조전", "지출결의서", "품의서", "휴가신청서"].sort());
    const [{ n }] = await t.db.sql<{ n: number }[]>`select count(*)::int as n from approval_forms where company_id = ${A.co.companyId}`;
    expect(n).toBe(5);
    expect(boxes.find((b) => b.name === "경비")!.forms!.map((f) => f.name)).toEqual(["지출결의서", "구매요청서"]);
  });

  test("지출결의서: its fields, template and number format", async () => {
    const all = await ok<FormSummary[]>(200, "GET", "form/list/all", A.drafter);
    const expense = await ok<Form>(200, "GET", `form/${all.find((f) => f.starterKey === "expense")!.id}`, A.drafter);
    expect(expense.code).toBe("지출");
    expect(expense.numberFormat).toBe("{DEPT}-{YYYY}-{SEQ:4}");
    expect(expense.template.fields.map((f) => [f.label, f.type])).toEqual([
      ["지출 일자", "date"], ["지출 내역", "table"], ["합계", "money"], ["결제 수단", "text"], ["첨부", "attachments"],
    ]);
    const items = expense.template.fields.find((f) => f.key === "items")!;
    expect(items.columns.map((c) => [c.label, c.type, c.sum])).toEqual([
      ["일자", "date", false], ["내역", "text", false], ["거래처", "text", false], ["금액", "money", true],
    ]);
    for (const f of expense.template.fields) expect(expense.template.templateBody).toContain(`<gw-field key="${f.key}"></gw-field>`);
    expect(expense.template.templateFrame).toContain('<gw-slot name="stamps"></gw-slot>');
    expect(expense.template.templateFrame).toContain('<gw-slot name="docNum"></gw-slot>');
  });

  test("the frame: every slot of FRAME_SLOTS, its labels as <gw-label> with the Korean text inside, no bare label text", async () => {
    const all = await ok<FormSummary[]>(200, "GET", "form/list/all", A.drafter);
    const proposal = all.find((f) => f.starterKey === "proposal")!;
    const frame = (await ok<FormTemplate>(200, "GET", `template/${proposal.id}`, A.drafter)).templateFrame;
    expect([...frame.matchAll(/<gw-slot name="([^"]*)"><\/gw-slot>/g)].map((m) => m[1]).sort()).toEqual([...FRAME_SLOTS].sort());
    const labels = [...frame.matchAll(/<th scope="row"><gw-label key="([^"]*)">([^<]*)<\/gw-label><\/th>/g)].map((m) => [m[1], m[2]]);
    expect(labels).toEqual([
      ["docNum", "문서번호"],
      ["draftOrgan", "기안부서"],
      ["drafter", "기안자"],
      ["draftedAt", "기안일"],
      ["completedAt", "완료일"],
      ["openType", "공개 범위"],
      ["receivers", "수신"],
      ["title", "제목"],
    ]);
    expect(labels.map(([k]) => k).sort()).toEqual([...FRAME_LABELS].sort());
    // Outside the labels the frame carries no words: nothing for an en or id reader to see in Korean.
    expect(frame.replace(/<gw-label key="[a-zA-Z]+">[^<]*<\/gw-label>/g, "").replace(/<[^>]*>/g, "")).toBe("");
    // A document answers the same frame.
    const doc = await ok<{ id: number }>(201, "POST", "document/draft/temp", A.drafter, {
      draftType: "DRAFT", formId: proposal.id, formVersion: proposal.version, title: "틀 확인", draftOrganId: A.drafter.organId, content: {}, lines: [],
    });
    expect((await ok<{ templateFrame: string }>(200, "GET", `document/${doc.id}`, A.drafter)).templateFrame).toBe(frame);
  });

  test("the other starter forms carry the fields a Korean office expects", async () => {
    const all = await ok<FormSummary[]>(200, "GET", "form/list/all", A.drafter);
    const labels = async (key: string) =>
      (await ok<Form>(200, "GET", `form/${all.find((f) => f.starterKey === key)!.id}`, A.drafter)).template.fields.map((f) => f.label);
    expect(await labels("proposal")).toEqual(["품의 내용", "기대 효과", "금액", "첨부"]);
    expect(await labels("leave")).toEqual(["휴가 종류", "시작일", "종료일", "일수", "사유", "비상 연락처"]);
    expect(await labels("cooperation")).toEqual(["협조 부서", "협조 요청 내용", "기한"]);
    expect(await labels("purchase")).toEqual(["품목", "구매 사유", "납기"]);
  });
});

describe("member calls", () => {
  test("lists by box and keyword, the simple box list, inner-draft forms", async () => {
    const simple = await ok<FormBox[]>(200, "GET", "form/box/list/simple", A.drafter);
    expect(simple.every((b) => b.forms === undefined)).toBe(true);
    const hr = simple.find((b) => b.name === "인사")!;
    expect((await ok<FormSummary[]>(200, "GET", `form/list?boxId=${hr.id}`, A.drafter)).map((f) => f.name)).toEqual(["휴가신청서"]);
    expect((await ok<FormSummary[]>(200, "GET", `form/list?keyword=${encodeURIComponent("요청")}`, A.drafter)).map((f) => f.name))
      .toEqual(["구매요청서"]);
    const inner = await ok<FormSummary[]>(200, "GET", "form/inner", A.drafter);
    expect(inner.length).toBeGreaterThan(0);
    expect(inner.every((f) => f.innerDraft)).toBe(true);
    await fails(400, "common.validation", "GET", "form/list?boxId=x", A.drafter);
  });

  test("another company's form and template answer 404 like missing ones", async () => {
    const bForm = (await ok<FormSummary[]>(200, "GET", "form/list/all", B.drafter))[0];
    await fails(404, "approval.form_not_found", "GET", `form/${bForm.id}`, A.drafter);
    await fails(404, "approval.template_not_found", "GET", `template/${bForm.id}`, A.drafter);
    await fails(404, "approval.form_not_found", "GET", "form/999999", A.drafter);
    expect((await ok<FormSummary[]>(200, "GET", "form/list/all", A.drafter)).some((f) => f.id === bForm.id)).toBe(false);
  });
});

describe("admin calls", () => {
  test("only the company admin: 403 approval.admin_only", async () => {
    await fails(403, "approval.admin_only", "GET", "admin/form/list", A.drafter);
    await fails(403, "approval.admin_only", "POST", "admin/form/box", A.drafter, { name: "x" });
    await fails(403, "approval.admin_only", "POST", "admin/form", A.planLead, design("x"));
    await fails(403, "approval.admin_only", "DELETE", "admin/form/1", A.drafter);
  });

  test("form boxes: add, rename, delete an empty one; a box with forms 409; a foreign box 404", async () => {
    const box = await ok<FormBox>(201, "POST", "admin/form/box", A.admin, { name: "총무", sortOrder: 5 });
    expect(await ok<FormBox>(200, "PUT", `admin/form/box/${box.id}`, A.admin, { name: "총무 서식", sortOrder: 6 }))
      .toEqual({ id: box.id, name: "총무 서식", sortOrder: 6 });
    await fails(400, "common.validation", "POST", "admin/form/box", A.admin, { name: "" });
    await ok(200, "DELETE", `admin/form/box/${box.id}`, A.admin);
    const used = (await ok<FormBox[]>(200, "GET", "form/box/list/simple", A.admin))[0];
    await fails(409, "approval.box_not_empty", "DELETE", `admin/form/box/${used.id}`, A.admin);
    const bBox = (await ok<FormBox[]>(200, "GET", "form/box/list/simple", B.admin))[0];
    await fails(404, "approval.box_not_found", "PUT", `admin/form/box/${bBox.id}`, A.admin, { name: "남의 것" });
    await fails(404, "approval.box_not_found", "DELETE", `admin/form/box/${bBox.id}`, A.admin);
    await fails(404, "approval.box_not_found", "POST", "admin/form", A.admin, design("남의 상자", { boxId: bBox.id }));
  });

  test("a new form: sanitised template, version 1, its preset line resolved", async () => {
    const box = await ok<FormBox>(201, "POST", "admin/form/box", A.admin, { name: "시험" });
    const form = await ok<AdminForm>(201, "POST", "admin/form", A.admin, design("시험 양식", {
      boxId: box.id,
      templateBody: '<h2 onclick="x()">제목</h2><script>alert(1)</script><a href="javascript:x">링크</a><img src="http://x/y.png">' +
        '<p><gw-label key="drafter" onclick="y()">기안자</gw-label></p>' +
        '<table style="width: 100%; position: fixed"><tr><td colspan="2"><gw-field key="body" data-x="1"></gw-field></td></tr></table>',
      presetLines: [userLine("APPROVAL", 1, A.planLead.id), userLine("CC", 1, A.financeMember.id)],
      openType: "PUBLIC",
    }));
    expect(form.version).toBe(1);
    expect(form.active).toBe(true);
    expect(form.documentCount).toBe(0);
    expect(form.openType).toBe("PUBLIC");
    const body = form.template.templateBody;
    expect(body).toContain("<h2>제목</h2>");
    expect(body).toContain('<gw-field key="body"></gw-field>');
    expect(body).toContain('<p><gw-label key="drafter">기안자</gw-label></p>');
    expect(body).toContain('style="width:100%"');
    for (const gone of ["script", "onclick", "javascript", "<img", "<a", "data-x", "position"]) expect(body).not.toContain(gone);
    expect(form.presetLines.map((l) => [l.type, l.approver.userName, l.approver.organName, l.approver.position])).toEqual([
      ["APPROVAL", "이팀장", "기획팀", "팀장"],
      ["CC", "최회계", "재무팀", "사원"],
    ]);
    expect((await ok<AdminForm[]>(200, "GET", "admin/form/list", A.admin)).some((f) => f.id === form.id)).toBe(true);
  });

  test("a design that does not hold together: 400 with the code and the field", async () => {
    const boxId = (await ok<FormBox[]>(200, "GET", "form/box/list/simple", A.admin))[0].id;
    const bad = (extra: Record<string, unknown>) => design("잘못된 양식", { boxId, ...extra });
    const unknownKey = await fails(400, "approval.field_invalid", "POST", "admin/form", A.admin, bad({ templateBody: '<gw-field key="nope"></gw-field>' }));
    expect(unknownKey.params.field).toBe("nope");
    const twice = [{ key: "a", label: "첫째", type: "text" }, { key: "a", label: "둘째", type: "text" }];
    expect((await fails(400, "approval.field_invalid", "POST", "admin/form", A.admin, bad({ templateBody: "<p>x</p>", fields: twice }))).params.field)
      .toBe("둘째");
    await fails(400, "approval.field_invalid", "POST", "admin/form", A.admin, bad({ templateBody: "<p/>", fields: [{ key: "t", label: "표", type: "table" }] }));
    await fails(400, "approval.field_invalid", "POST", "admin/form", A.admin, bad({ fields: [{ key: "Body", label: "내용", type: "text" }] }));
    for (const numberFormat of ["{DEPT}-{YYYY}", "{SEQ}-{SEQ}", "{DEPT}-{SEQ:4}-{X}", "{SEQ:11}"]) {
      await fails(400, "approval.number_format_invalid", "POST", "admin/form", A.admin, bad({ numberFormat }));
    }
    await fails(400, "approval.line_last_not_approval", "POST", "admin/form", A.admin, bad({ presetLines: [userLine("HELP", 1, A.planLead.id)] }));
    await fails(400, "approval.line_user_invalid", "POST", "admin/form", A.admin, bad({ presetLines: [userLine("APPROVAL", 1, B.planLead.id)] }));
    await fails(409, "approval.form_name_taken", "POST", "admin/form", A.admin, design("품의서", { boxId }));
    expect((await ok<AdminForm[]>(200, "GET", "admin/form/list", A.admin)).some((f) => f.name === "잘못된 양식")).toBe(false);
  });

  test("versions: a template change makes version 2; documents' version 1 stays readable", async () => {
    const boxId = (await ok<FormBox[]>(200, "GET", "form/box/list/simple", A.admin))[0].id;
    const v1 = await ok<AdminForm>(201, "POST", "admin/form", A.admin, design("버전 양식", { boxId }));
    const renamed = await ok<AdminForm>(200, "PUT", `admin/form/${v1.id}`, A.admin, design("버전 양식 (개정)", { boxId }));
    expect(renamed.version).toBe(1);
    expect(renamed.name).toBe("버전 양식 (개정)");
    const v2 = await ok<AdminForm>(200, "PUT", `admin/form/${v1.id}`, A.admin, design("버전 양식 (개정)", {
      boxId,
      templateBody: '<p>두 번째 판</p><gw-field key="body"></gw-field>',
    }));
    expect(v2.version).toBe(2);
    const v3 = await ok<AdminForm>(200, "PUT", `admin/form/${v1.id}`, A.admin, design("버전 양식 (개정)", {
      boxId,
      templateBody: '<p>두 번째 판</p><gw-field key="body"></gw-field>',
      numberFormat: "{SEQ}",
    }));
    expect(v3.version).toBe(3);
    expect((await ok<Form>(200, "GET", `form/${v1.id}`, A.drafter)).template.templateBody).toContain("두 번째 판");
    const old = await ok<Form>(200, "GET", `form/${v1.id}?version=1`, A.drafter);
    expect(old.template.version).toBe(1);
    expect(old.template.templateBody).toContain("시험 양식");
    expect(old.numberFormat).toBe("{FORM}-{YY}-{SEQ:3}");
    expect((await ok<FormTemplate>(200, "GET", `template/${v1.id}?version=1`, A.drafter)).templateBody).toContain("시험 양식");
    await fails(404, "approval.form_not_found", "GET", `form/${v1.id}?version=9`, A.drafter);
    await fails(404, "approval.template_not_found", "GET", `template/${v1.id}?version=9`, A.drafter);
    const bForm = (await ok<FormSummary[]>(200, "GET", "form/list/all", B.drafter))[0];
    await fails(404, "approval.form_not_found", "PUT", `admin/form/${bForm.id}`, A.admin, design("남의 양식", { boxId }));
  });

  test("deactivate, reactivate; delete: a used form is only deactivated, an unused one is gone", async () => {
    const boxId = (await ok<FormBox[]>(200, "GET", "form/box/list/simple", A.admin))[0].id;
    const form = await ok<AdminForm>(201, "POST", "admin/form", A.admin, design("끌 양식", { boxId }));
    expect((await ok<AdminForm>(200, "PUT", `admin/form/${form.id}/active`, A.admin, { active: false })).active).toBe(false);
    expect((await ok<FormSummary[]>(200, "GET", "form/list/all", A.drafter)).some((f) => f.id === form.id)).toBe(false);
    await fails(404, "approval.form_not_found", "GET", `form/${form.id}`, A.drafter);
    await ok(200, "GET", `form/${form.id}?version=1`, A.drafter);
    await fails(400, "common.validation", "PUT", `admin/form/${form.id}/active`, A.admin, { active: "yes" });
    await ok(200, "PUT", `admin/form/${form.id}/active`, A.admin, { active: true });

    await t.db.sql`insert into approval_documents (company_id, form_id, form_version, status, title, drafter_id, draft_organ_id)
      values (${A.co.companyId}, ${form.id}, 1, 'TEMP', '쓴 문서', ${A.drafter.id}, ${A.organs.plan})`;
    expect(await ok(200, "DELETE", `admin/form/${form.id}`, A.admin)).toEqual({ deleted: false });
    const kept = (await ok<AdminForm[]>(200, "GET", "admin/form/list", A.admin)).find((f) => f.id === form.id)!;
    expect([kept.active, kept.documentCount]).toEqual([false, 1]);

    const unused = await ok<AdminForm>(201, "POST", "admin/form", A.admin, design("지울 양식", { boxId }));
    expect(await ok(200, "DELETE", `admin/form/${unused.id}`, A.admin)).toEqual({ deleted: true });
    await fails(404, "approval.form_not_found", "GET", `form/${unused.id}?version=1`, A.admin);
    await fails(404, "approval.form_not_found", "DELETE", `admin/form/${unused.id}`, A.admin);
  });
});

describe("content validation (drafting)", () => {
  const fields = async (key: string) => {
    const all = await ok<FormSummary[]>(200, "GET", "form/list/all", A.drafter);
    return (await ok<Form>(200, "GET", `form/${all.find((f) => f.starterKey === key)!.id}`, A.drafter)).template.fields;
  };

  test("a good 지출결의서 keeps its values; names come from the database", async () => {
    const [file] = await t.db.sql<{ id: string }[]>`insert into approval_files (company_id, uploader_id, name, size, content_type, blob_key)
      values (${A.co.companyId}, ${A.drafter.id}, '영수증.pdf', 10, 'application/pdf', 'k1') returning id`;
    const content = await validateContent(t.deps.db, A.co.companyId, await fields("expense"), {
      spent_on: "2025-03-10",
      items: [{ date: "2025-03-09", detail: "회의비", vendor: "카페", amount: 42000, stray: "x" }],
      total: 42000,
      payment: "법인카드",
      files: [Number(file.id)],
      unknown: "dropped",
    }, true);
    expect(content).toEqual({
      spent_on: "2025-03-10",
      items: [{ date: "2025-03-09", detail: "회의비", vendor: "카페", amount: 42000 }],
      total: 42000,
      payment: "법인카드",
      files: [Number(file.id)],
    });
    const coop = await validateContent(t.deps.db, A.co.companyId, await fields("cooperation"), {
      organ: { id: A.organs.finance, name: "아무 이름" },
      request: "자료 요청",
    }, true);
    expect(coop.organ).toEqual({ id: A.organs.finance, name: "재무팀" });
  });

  test("missing and invalid values: the codes with the field's label", async () => {
    const expense = await fields("expense");
    const problems = async (content: Record<string, unknown>, required = true) =>
      (await checkContent(t.deps.db, A.co.companyId, expense, content, required)).problems.map((p) => [p.label, p.code]);
    const good = { spent_on: "2025-03-10", items: [{ amount: 1 }], total: 1, payment: "현금" };
    expect(await problems({})).toEqual([
      ["지출 일자", "approval.field_required"], ["지출 내역", "approval.field_required"], ["합계", "approval.field_required"],
      ["결제 수단", "approval.field_required"],
    ]);
    expect(await problems({}, false)).toEqual([]);
    expect(await problems({ ...good, spent_on: "2025-02-30" })).toEqual([["지출 일자", "approval.field_invalid"]]);
    expect(await problems({ ...good, total: "1000" })).toEqual([["합계", "approval.field_invalid"]]);
    expect(await problems({ ...good, items: [{ amount: "many" }] })).toEqual([["지출 내역", "approval.field_invalid"]]);
    // More rows than TABLE_ROWS_MAX (200) says the limit; 200 rows are taken.
    expect(await problems({ ...good, items: Array(201).fill({ amount: 1 }) })).toEqual([["지출 내역", "approval.table_too_long"]]);
    expect((await checkContent(t.deps.db, A.co.companyId, expense, { ...good, items: Array(201).fill({ amount: 1 }) }, true)).problems[0].max).toBe(200);
    expect(await problems({ ...good, items: Array(200).fill({ amount: 1 }) })).toEqual([]);
    expect(await problems({ ...good, files: [999999] })).toEqual([["첨부", "approval.field_invalid"]]);
    const coop = await fields("cooperation");
    const bad = await checkContent(t.deps.db, A.co.companyId, coop, { organ: { id: B.organs.finance, name: "재무팀" }, request: "x" }, true);
    expect(bad.problems.map((p) => p.code)).toEqual(["approval.field_invalid"]);
    const person = [{ key: "who", label: "담당자", type: "person" as const, required: true, placeholder: "", columns: [] }];
    const picked = await checkContent(t.deps.db, A.co.companyId, person, { who: { id: A.planLead.id, name: "?" } }, true);
    expect([picked.content.who, picked.problems]).toEqual([{ id: A.planLead.id, name: "이팀장" }, []]);
    for (const who of [{ id: B.planLead.id, name: "이팀장" }, { name: "이름만" }, "이팀장"]) {
      expect((await checkContent(t.deps.db, A.co.companyId, person, { who }, true)).problems.map((p) => p.code)).toEqual(["approval.field_invalid"]);
    }
    await expect(validateContent(t.deps.db, A.co.companyId, expense, { ...good, total: null }, true)).rejects
      .toMatchObject({ status: 400, code: "approval.field_required", params: { field: "합계", key: "total" } });
  });
});

describe("module switched off", () => {
  test("every forms call answers 403 approval.disabled", async () => {
    await setApproval(t, B.admin, false);
    await fails(403, "approval.disabled", "GET", "form/box/list", B.drafter);
    await fails(403, "approval.disabled", "GET", "admin/form/list", B.admin);
    await setApproval(t, B.admin, true);
    await ok(200, "GET", "form/box/list", B.drafter);
  });
});
