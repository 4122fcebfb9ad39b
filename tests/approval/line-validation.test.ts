// The approval line validation of 002 §5 through POST appr-line/approver/list/validate and
// appr-line/approver/validate: every rule with its code, the spec's Korean text for each code the spec gives
// one, the resolved lines, and another company's people and departments treated as missing.
import { describe, expect, test } from "vitest";
import { APPROVAL_SPEC_KO } from "../../shared/approval/errors.ts";
import type { LineCheck } from "../../shared/approval/lines.ts";
import { createTestApp } from "../support/test-app.ts";
import { approvalCast, organLine, setApproval, userLine } from "./support.ts";

const t = await createTestApp();
const { api, A, B } = await approvalCast(t, "lines");
const { ok, fails } = api;
const plan = A.organs.plan;

const listCheck = (lines: unknown[], draftOrganId = plan) => ({ draftOrganId, lines });
/** The list is refused with the code; answers each line's codes. */
async function refused(code: string, lines: unknown[], draftOrganId = plan): Promise<string[][]> {
  const body = await fails(400, code, "POST", "appr-line/approver/list/validate", A.drafter, listCheck(lines, draftOrganId));
  return (body.params.lines as LineCheck[]).map((c) => c.errors);
}

describe("a whole line list", () => {
  test("a good list: each line resolved with its approver, department and position", async () => {
    const checks = await ok<LineCheck[]>(200, "POST", "appr-line/approver/list/validate", A.drafter, listCheck([
      userLine("APPROVAL", 1, A.planLead.id),
      organLine("HELP_ORGAN", 2, A.organs.finance),
      userLine("APPROVAL", 3, A.director.id),
      userLine("APPROVAL", 4, A.ceo.id, A.organs.exec),
      organLine("RECEIVE_ORGAN", 1, A.organs.general),
      userLine("RECEIVE", 2, A.generalMember.id),
      userLine("CC", 1, A.planMember.id),
      organLine("SHARE_ORGAN", 1, plan),
      userLine("SHARE", 2, A.financeMember.id),
    ]));
    expect(checks.every((c) => c.errors.length === 0)).toBe(true);
    expect(checks.map((c) => [c.line.key, c.line.group, c.line.approver.userName, c.line.approver.organName, c.line.approver.position])).toEqual([
      [`USER_${A.planLead.id}`, "APPROVAL", "이팀장", "기획팀", "팀장"],
      [`ORGAN_${A.organs.finance}`, "APPROVAL", null, "재무팀", null],
      [`USER_${A.director.id}`, "APPROVAL", "윤본부", "경영진", "본부장"],
      [`USER_${A.ceo.id}`, "APPROVAL", "한대표", "경영진", "대표이사"],
      [`ORGAN_${A.organs.general}`, "RECEIVE", null, "총무팀", null],
      [`USER_${A.generalMember.id}`, "RECEIVE", "강접수", "총무팀", "사원"],
      [`USER_${A.planMember.id}`, "CC", "오동료", "기획팀", "사원"],
      [`ORGAN_${plan}`, "SHARE", null, "기획팀", null],
      [`USER_${A.financeMember.id}`, "SHARE", "최회계", "재무팀", "사원"],
    ]);
    expect(checks[0].line.approver).toMatchObject({ isUser: true, isOrgan: false, userEmail: A.planLead.username });
    expect(checks[1].line.approver).toMatchObject({ isUser: false, isOrgan: true, userId: null });
  });

  test("a duplicated approver: 중복된 결재자 입니다. on the later line", async () => {
    expect(await refused("approval.line_duplicate_approver", [
      userLine("APPROVAL", 1, A.planLead.id),
      userLine("CC", 1, A.planLead.id),
    ])).toEqual([[], ["approval.line_duplicate_approver"]]);
    expect(await refused("approval.line_duplicate_approver", [
      organLine("HELP_ORGAN", 1, A.organs.finance),
      userLine("APPROVAL", 2, A.planLead.id),
      organLine("RECEIVE_ORGAN", 1, A.organs.finance),
    ])).toEqual([[], [], ["approval.line_duplicate_approver"]]);
    expect(APPROVAL_SPEC_KO["approval.line_duplicate_approver"]).toBe("중복된 결재자 입니다.");
  });

  test("a sort order twice in one group: 결재선 순서가 중복되었습니다.; other groups may repeat it", async () => {
    expect(await refused("approval.line_duplicate_order", [
      userLine("APPROVAL", 1, A.planLead.id),
      organLine("HELP_ORGAN", 1, A.organs.finance),
      userLine("APPROVAL", 2, A.director.id),
    ])).toEqual([[], ["approval.line_duplicate_order"], []]);
    await ok(200, "POST", "appr-line/approver/list/validate", A.drafter, listCheck([
      userLine("APPROVAL", 1, A.planLead.id),
      userLine("RECEIVE", 1, A.generalMember.id),
      userLine("CC", 1, A.financeMember.id),
    ]));
    expect(APPROVAL_SPEC_KO["approval.line_duplicate_order"]).toBe("결재선 순서가 중복되었습니다.");
  });

  test("the approval group ends with a help line: 최종 결재선 유형은 반드시 [결재] 유형이어야 합니다.", async () => {
    expect(await refused("approval.line_last_not_approval", [
      userLine("APPROVAL", 1, A.planLead.id),
      organLine("HELP_ORGAN", 2, A.organs.finance),
      userLine("RECEIVE", 9, A.generalMember.id),
    ])).toEqual([[], ["approval.line_last_not_approval"], []]);
    // The order counts, not the position in the list.
    await ok(200, "POST", "appr-line/approver/list/validate", A.drafter, listCheck([
      userLine("APPROVAL", 3, A.director.id),
      userLine("HELP", 2, A.financeLead.id),
    ]));
    expect(APPROVAL_SPEC_KO["approval.line_last_not_approval"]).toBe("최종 결재선 유형은 반드시 [결재] 유형이어야 합니다.");
  });

  test("the drafter on the line: 기안자는 결재선에 포함될 수 없습니다.", async () => {
    expect(await refused("approval.line_drafter", [userLine("APPROVAL", 1, A.planLead.id), userLine("CC", 1, A.drafter.id)]))
      .toEqual([[], ["approval.line_drafter"]]);
    expect(APPROVAL_SPEC_KO["approval.line_drafter"]).toBe("기안자는 결재선에 포함될 수 없습니다.");
  });

  test("the drafting department other than for shared reading: 기안 부서는 공람 유형만 지정 가능합니다.", async () => {
    for (const type of ["HELP_ORGAN", "RECEIVE_ORGAN"]) {
      expect(await refused("approval.line_draft_organ", [userLine("APPROVAL", 1, A.planLead.id), organLine(type as "HELP_ORGAN", 0, plan)]))
        .toEqual([[], ["approval.line_draft_organ"]]);
    }
    expect(APPROVAL_SPEC_KO["approval.line_draft_organ"]).toBe("기안 부서는 공람 유형만 지정 가능합니다.");
  });

  test("people and departments that are not there: 사용자가 존재하지 않거나, 부서에 속해있지 않습니다 / 더이상 존재하지 않는 조직입니다", async () => {
    expect(await refused("approval.line_user_invalid", [
      userLine("APPROVAL", 1, A.planLead.id, A.organs.finance), // not in 재무팀
      userLine("APPROVAL", 2, B.director.id), // another company's
      userLine("APPROVAL", 3, 999_999),
      userLine("APPROVAL", 4, A.financeLead.id, A.organs.finance),
    ])).toEqual([["approval.line_user_invalid"], ["approval.line_user_invalid"], ["approval.line_user_invalid"], []]);
    expect(await refused("approval.line_organ_gone", [
      userLine("APPROVAL", 1, A.planLead.id),
      organLine("RECEIVE_ORGAN", 1, B.organs.general),
      { type: "HELP_ORGAN", sortOrder: 0, userId: A.financeLead.id, organId: null },
    ])).toEqual([[], ["approval.line_organ_gone"], ["approval.line_organ_gone"]]);
    expect(APPROVAL_SPEC_KO["approval.line_user_invalid"]).toBe("사용자가 존재하지 않거나, 부서에 속해있지 않습니다");
    expect(APPROVAL_SPEC_KO["approval.line_organ_gone"]).toBe("더이상 존재하지 않는 조직입니다");
  });

  test("an inactive user is refused; so is a department deleted since", async () => {
    const gone = await A.co.org("없어질 팀");
    const leaver = await A.co.user("leaver", [A.organs.finance]);
    await t.db.sql`update users set status = 'INACTIVE' where id = ${leaver.id}`;
    await t.db.sql`delete from organizations where id = ${gone}`;
    expect(await refused("approval.line_user_invalid", [userLine("APPROVAL", 1, leaver.id), organLine("SHARE_ORGAN", 1, gone)]))
      .toEqual([["approval.line_user_invalid"], ["approval.line_organ_gone"]]);
  });

  test("the drafting department must be the caller's own; an empty list is fine until submitting", async () => {
    await fails(400, "approval.draft_organ_not_own", "POST", "appr-line/approver/list/validate", A.drafter, listCheck([], A.organs.finance));
    await fails(400, "approval.draft_organ_not_own", "POST", "appr-line/approver/list/validate", A.drafter, listCheck([], B.organs.plan));
    expect(await ok(200, "POST", "appr-line/approver/list/validate", A.drafter, listCheck([]))).toEqual([]);
    await fails(400, "common.validation", "POST", "appr-line/approver/list/validate", A.drafter, listCheck([{ type: "BOSS", sortOrder: 1, userId: 1 }]));
  });
});

describe("adding one line", () => {
  const chosen = [userLine("APPROVAL", 1, A.planLead.id), organLine("HELP_ORGAN", 2, A.organs.finance)];
  const add = (line: unknown, extra: Record<string, unknown> = {}) => ({ draftOrganId: plan, lines: chosen, line, ...extra });

  test("a new approver: the resolved line", async () => {
    const check = await ok<LineCheck>(200, "POST", "appr-line/approver/validate", A.drafter, add(userLine("APPROVAL", 3, A.director.id)));
    expect([check.errors, check.line.approver.userName, check.line.approver.organName]).toEqual([[], "윤본부", "경영진"]);
  });

  test("the add rules: 결재선 내 중복은 불가능합니다 / 기안자는 결재선에 추가할 수 없습니다 / 기안부서와 동일한 부서는 추가할 수 없습니다", async () => {
    await fails(400, "approval.line_add_duplicate", "POST", "appr-line/approver/validate", A.drafter, add(userLine("CC", 1, A.planLead.id)));
    await fails(400, "approval.line_add_duplicate", "POST", "appr-line/approver/validate", A.drafter, add(organLine("RECEIVE_ORGAN", 1, A.organs.finance)));
    await fails(400, "approval.line_add_drafter", "POST", "appr-line/approver/validate", A.drafter, add(userLine("CC", 1, A.drafter.id)));
    await fails(400, "approval.line_add_same_organ", "POST", "appr-line/approver/validate", A.drafter, add(organLine("RECEIVE_ORGAN", 1, plan)));
    await ok(200, "POST", "appr-line/approver/validate", A.drafter, add(organLine("SHARE_ORGAN", 1, plan)));
    await fails(400, "approval.line_duplicate_order", "POST", "appr-line/approver/validate", A.drafter, add(userLine("APPROVAL", 2, A.director.id)));
    await fails(400, "approval.line_user_invalid", "POST", "appr-line/approver/validate", A.drafter, add(userLine("APPROVAL", 3, B.director.id)));
    expect(APPROVAL_SPEC_KO["approval.line_add_duplicate"]).toBe("결재선 내 중복은 불가능합니다");
    expect(APPROVAL_SPEC_KO["approval.line_add_drafter"]).toBe("기안자는 결재선에 추가할 수 없습니다");
    expect(APPROVAL_SPEC_KO["approval.line_add_same_organ"]).toBe("기안부서와 동일한 부서는 추가할 수 없습니다");
  });

  test("to an existing document (docId): its drafter, department and lines count; only those it concerns may ask", async () => {
    const c = A.co.companyId;
    const [form] = await t.db.sql<{ id: string }[]>`select id from approval_forms where company_id = ${c} and starter_key = 'proposal'`;
    const [doc] = await t.db.sql<{ id: string }[]>`insert into approval_documents (company_id, form_id, form_version, status, title,
      drafter_id, draft_organ_id) values (${c}, ${form.id}, 1, 'COMPLETED', '공람 추가', ${A.drafter.id}, ${plan}) returning id`;
    const docId = Number(doc.id);
    await t.db.sql`insert into approval_lines (company_id, document_id, type, grp, sort_order, status, user_id, organ_id) values
      (${c}, ${docId}, 'APPROVAL', 'APPROVAL', 1, 'APPROVED', ${A.planLead.id}, ${plan}),
      (${c}, ${docId}, 'RECEIVE_ORGAN', 'RECEIVE', 1, 'WAITING', null, ${A.organs.general})`;
    const body = (line: unknown) => ({ draftOrganId: A.organs.finance, line, docId });
    // The approver adding a share line: the drafter of the document is refused, whoever asks.
    await fails(400, "approval.line_add_drafter", "POST", "appr-line/approver/validate", A.planLead, body(userLine("SHARE", 1, A.drafter.id)));
    await fails(400, "approval.line_add_duplicate", "POST", "appr-line/approver/validate", A.planLead, body(userLine("SHARE", 1, A.planLead.id)));
    await fails(400, "approval.line_add_same_organ", "POST", "appr-line/approver/validate", A.planLead, body(organLine("RECEIVE_ORGAN", 2, plan)));
    await ok(200, "POST", "appr-line/approver/validate", A.planLead, body(userLine("SHARE", 1, A.financeMember.id)));
    // 정총무 leads 총무팀, the receiving department: a keeper may ask too.
    await ok(200, "POST", "appr-line/approver/validate", A.generalLead, body(userLine("SHARE", 1, A.financeMember.id)));
    await fails(403, "approval.not_allowed", "POST", "appr-line/approver/validate", A.financeMember, body(userLine("SHARE", 1, A.ceo.id)));
    await fails(404, "approval.not_found", "POST", "appr-line/approver/validate", B.drafter, body(userLine("SHARE", 1, B.ceo.id)));
  });
});

test("module switched off: 403 approval.disabled", async () => {
  await setApproval(t, B.admin, false);
  await fails(403, "approval.disabled", "POST", "appr-line/approver/list/validate", B.drafter, { draftOrganId: B.organs.plan, lines: [] });
  await setApproval(t, B.admin, true);
});
