// Approval settings (002 §3 "Config", "Line preset"; §7 config/*): basic config, document managers and the
// document keepers they make, personal line presets (at most 30, validated and resolved), the deputy (대결).
import { describe, expect, test } from "vitest";
import { isDocumentKeeper } from "../../server/modules/approval/config/keepers.ts";
import { absentApproversFor, activeDeputyOf } from "../../server/modules/approval/config/deputy.ts";
import type { Deputy, DocumentManager, LinePreset, ManagedOrgan } from "../../shared/approval/config.ts";
import { PRESETS_MAX } from "../../shared/approval/constants.ts";
import { APPROVAL_ERROR_MESSAGES } from "../../shared/approval/errors.ts";
import { createTestApp } from "../support/test-app.ts";
import { approvalCast, organLine, setApproval, userLine } from "./support.ts";

const t = await createTestApp();
const { api, A, B } = await approvalCast(t, "config");
const { ok, fails } = api;
const db = t.deps.db;

describe("basic config", () => {
  test("page size 10 by default; the admin sets one of the allowed sizes", async () => {
    expect(await ok(200, "GET", "config/basic", A.drafter)).toEqual({ pageSize: 10 });
    await fails(403, "approval.admin_only", "PUT", "config/basic", A.drafter, { pageSize: 20 });
    await fails(400, "common.validation", "PUT", "config/basic", A.admin, { pageSize: 15 });
    expect(await ok(200, "PUT", "config/basic", A.admin, { pageSize: 30 })).toEqual({ pageSize: 30 });
    expect(await ok(200, "GET", "config/basic", A.drafter)).toEqual({ pageSize: 30 });
    expect(await ok(200, "GET", "config/basic", B.drafter)).toEqual({ pageSize: 10 });
  });
});

describe("document managers and keepers", () => {
  test("a department without document managers is kept by its organisation managers", async () => {
    const c = A.co.companyId;
    expect(await ok<ManagedOrgan[]>(200, "GET", "config/manager/managed/list", A.planLead)).toEqual([{ id: A.organs.plan, name: "기획팀" }]);
    expect(await ok(200, "GET", "config/manager/managed/list", A.drafter)).toEqual([]);
    expect(await isDocumentKeeper(db, c, A.planLead.id, A.organs.plan)).toBe(true);
    expect(await isDocumentKeeper(db, c, A.drafter.id, A.organs.plan)).toBe(false);
    expect(await isDocumentKeeper(db, c, A.planLead.id, A.organs.finance)).toBe(false);
  });

  test("the admin names document managers; then they, not the team lead, keep the department", async () => {
    const c = A.co.companyId;
    await fails(403, "approval.admin_only", "GET", "admin/managers", A.planLead);
    await fails(403, "approval.admin_only", "PUT", `admin/managers/${A.planMember.id}`, A.planLead, { organIds: [A.organs.plan] });
    const named = await ok<DocumentManager>(200, "PUT", `admin/managers/${A.planMember.id}`, A.admin, { organIds: [A.organs.plan, A.organs.general] });
    expect(named.organs.map((o) => o.name).sort()).toEqual(["기획팀", "총무팀"]);
    expect((await ok<DocumentManager[]>(200, "GET", "admin/managers", A.admin)).map((m) => [m.user.name, m.organs.length])).toEqual([["오동료", 2]]);
    expect((await ok<ManagedOrgan[]>(200, "GET", "config/manager/managed/list", A.planMember)).map((o) => o.name).sort()).toEqual(["기획팀", "총무팀"]);
    expect(await ok(200, "GET", "config/manager/managed/list", A.planLead)).toEqual([]);
    expect(await isDocumentKeeper(db, c, A.planLead.id, A.organs.plan)).toBe(false);
    expect(await isDocumentKeeper(db, c, A.planMember.id, A.organs.general)).toBe(true);
    expect(await isDocumentKeeper(db, c, A.generalLead.id, A.organs.general)).toBe(false);

    await fails(404, "approval.not_found", "PUT", `admin/managers/${B.planMember.id}`, A.admin, { organIds: [A.organs.plan] });
    await fails(404, "approval.not_found", "PUT", `admin/managers/${A.planMember.id}`, A.admin, { organIds: [B.organs.plan] });
    await fails(400, "common.validation", "PUT", `admin/managers/${A.planMember.id}`, A.admin, { organIds: "all" });
    expect(await ok(200, "GET", "admin/managers", B.admin)).toEqual([]);

    expect((await ok<DocumentManager>(200, "PUT", `admin/managers/${A.planMember.id}`, A.admin, { organIds: [] })).organs).toEqual([]);
    expect(await ok(200, "GET", "admin/managers", A.admin)).toEqual([]);
    expect(await isDocumentKeeper(db, c, A.planLead.id, A.organs.plan)).toBe(true);
  });
});

describe("line presets", () => {
  const lines = [
    userLine("APPROVAL", 1, A.planLead.id),
    organLine("HELP_ORGAN", 2, A.organs.finance),
    userLine("APPROVAL", 3, A.director.id),
    organLine("RECEIVE_ORGAN", 1, A.organs.general),
  ];
  const preset = (name: string, extra: Record<string, unknown> = {}) => ({ name, draftOrganId: A.organs.plan, approvalLines: lines, ...extra });

  test("add, list (newest first), change, delete one; lines resolved", async () => {
    const made = await ok<LinePreset>(201, "POST", "config/preset/appr-line", A.drafter, preset("지출 결재선"));
    expect(made.approvalLines.map((l) => [l.type, l.approver.userName ?? l.approver.organName, l.errors])).toEqual([
      ["APPROVAL", "이팀장", []], ["HELP_ORGAN", "재무팀", []], ["APPROVAL", "윤본부", []], ["RECEIVE_ORGAN", "총무팀", []],
    ]);
    t.clock.advance(1000);
    const second = await ok<LinePreset>(201, "POST", "config/preset/appr-line", A.drafter, preset("간단 결재선", { approvalLines: [lines[0]] }));
    expect((await ok<LinePreset[]>(200, "GET", "config/preset/appr-line", A.drafter)).map((p) => p.name)).toEqual(["간단 결재선", "지출 결재선"]);
    const changed = await ok<LinePreset>(200, "PUT", `config/preset/appr-line/${second.id}`, A.drafter, preset("간단 결재선 2", { approvalLines: [lines[2]] }));
    expect([changed.name, changed.approvalLines[0].approver.userName]).toEqual(["간단 결재선 2", "윤본부"]);
    await ok(200, "DELETE", `config/preset/appr-line/${second.id}`, A.drafter);
    await fails(404, "approval.preset_not_found", "DELETE", `config/preset/appr-line/${second.id}`, A.drafter);
    expect((await ok<LinePreset[]>(200, "GET", "config/preset/appr-line", A.drafter)).map((p) => p.id)).toEqual([made.id]);
    await ok(200, "DELETE", "config/preset/appr-line", A.drafter, { ids: [made.id] });
    expect(await ok(200, "GET", "config/preset/appr-line", A.drafter)).toEqual([]);
  });

  test("each line validated: the drafter, no approver, another company's people, a department not one's own", async () => {
    await fails(400, "approval.line_drafter", "POST", "config/preset/appr-line", A.drafter, preset("x", { approvalLines: [...lines, userLine("CC", 1, A.drafter.id)] }));
    await fails(400, "approval.line_no_approval", "POST", "config/preset/appr-line", A.drafter, preset("x", { approvalLines: [lines[3]] }));
    await fails(400, "approval.line_last_not_approval", "POST", "config/preset/appr-line", A.drafter, preset("x", { approvalLines: [lines[0], lines[1]] }));
    const foreign = await fails(400, "approval.line_user_invalid", "POST", "config/preset/appr-line", A.drafter, preset("x", { approvalLines: [userLine("APPROVAL", 1, B.planLead.id)] }));
    expect(foreign.params.lines[0].errors).toEqual(["approval.line_user_invalid"]);
    await fails(400, "approval.draft_organ_not_own", "POST", "config/preset/appr-line", A.drafter, preset("x", { draftOrganId: A.organs.finance }));
    await fails(400, "common.validation", "POST", "config/preset/appr-line", A.drafter, preset("", {}));
    await fails(400, "common.validation", "POST", "config/preset/appr-line", A.drafter, preset("x", { approvalLines: [] }));
    expect(await ok(200, "GET", "config/preset/appr-line", A.drafter)).toEqual([]);
  });

  test("a preset whose approver left shows the problem on that line", async () => {
    const leaver = await A.co.user("presetleaver", [A.organs.exec]);
    const made = await ok<LinePreset>(201, "POST", "config/preset/appr-line", A.planMember, preset("떠날 사람", {
      approvalLines: [lines[0], userLine("APPROVAL", 2, leaver.id)],
    }));
    await t.db.sql`update users set status = 'INACTIVE' where id = ${leaver.id}`;
    const [again] = (await ok<LinePreset[]>(200, "GET", "config/preset/appr-line", A.planMember)).filter((p) => p.id === made.id);
    expect(again.approvalLines.map((l) => l.errors)).toEqual([[], ["approval.line_user_invalid"]]);
    await ok(200, "DELETE", `config/preset/appr-line/${made.id}`, A.planMember);
  });

  test(`at most ${PRESETS_MAX}: the next answers 400 approval.preset_limit, also when added at once`, async () => {
    const who = A.financeMember;
    const body = (i: number) => ({ name: `선 ${i}`, draftOrganId: A.organs.finance, approvalLines: [userLine("APPROVAL", 1, A.financeLead.id)] });
    for (let i = 0; i < PRESETS_MAX - 2; i++) await ok(201, "POST", "config/preset/appr-line", who, body(i));
    const racing = await Promise.all([0, 1, 2, 3].map((i) => api.raw("POST", "config/preset/appr-line", who, body(100 + i))));
    expect(racing.map((r) => r.status).sort()).toEqual([201, 201, 400, 400]);
    expect(racing.filter((r) => r.status === 400).every((r) => r.body.code === "approval.preset_limit")).toBe(true);
    expect((await ok<LinePreset[]>(200, "GET", "config/preset/appr-line", who)).length).toBe(PRESETS_MAX);
    await fails(400, "approval.preset_limit", "POST", "config/preset/appr-line", who, body(999));
    expect(APPROVAL_ERROR_MESSAGES["approval.preset_limit"]).toContain("30");
    const all = await ok<LinePreset[]>(200, "GET", "config/preset/appr-line", who);
    expect(await ok(200, "DELETE", "config/preset/appr-line", who, { ids: all.map((p) => p.id) })).toEqual({ deleted: PRESETS_MAX });
  });

  test("another company's (or colleague's) preset answers 404; a bulk delete leaves it alone", async () => {
    const theirs = await ok<LinePreset>(201, "POST", "config/preset/appr-line", B.drafter, {
      name: "B의 선", draftOrganId: B.organs.plan, approvalLines: [userLine("APPROVAL", 1, B.planLead.id)],
    });
    await fails(404, "approval.preset_not_found", "PUT", `config/preset/appr-line/${theirs.id}`, A.drafter, preset("뺏기"));
    await fails(404, "approval.preset_not_found", "DELETE", `config/preset/appr-line/${theirs.id}`, A.drafter);
    expect(await ok(200, "DELETE", "config/preset/appr-line", A.drafter, { ids: [theirs.id] })).toEqual({ deleted: 0 });
    expect((await ok<LinePreset[]>(200, "GET", "config/preset/appr-line", B.drafter)).map((p) => p.id)).toEqual([theirs.id]);
    expect(await ok(200, "GET", "config/preset/appr-line", A.drafter)).toEqual([]);
  });
});

describe("deputy (대결)", () => {
  test("name one, read it, who acts now; refused: oneself, another company's, an empty period", async () => {
    const c = A.co.companyId;
    const now = t.clock.now().getTime();
    const hour = 3_600_000;
    expect(await ok(200, "GET", "config/deputy", A.planLead)).toBeNull();
    await fails(400, "approval.deputy_invalid", "PUT", "config/deputy", A.planLead, { deputyId: A.planLead.id, fromMillis: now, toMillis: now + hour });
    await fails(400, "approval.deputy_invalid", "PUT", "config/deputy", A.planLead, { deputyId: B.planMember.id, fromMillis: now, toMillis: now + hour });
    await fails(400, "approval.deputy_invalid", "PUT", "config/deputy", A.planLead, { deputyId: A.planMember.id, fromMillis: now, toMillis: now });
    await fails(400, "common.validation", "PUT", "config/deputy", A.planLead, { deputyId: A.planMember.id });
    const set = await ok<Deputy>(200, "PUT", "config/deputy", A.planLead, {
      deputyId: A.planMember.id, fromMillis: now + hour, toMillis: now + 3 * hour, reason: "출장",
    });
    expect([set.deputy.name, set.fromMillis, set.toMillis, set.reason]).toEqual(["오동료", now + hour, now + 3 * hour, "출장"]);
    expect(await ok(200, "GET", "config/deputy", A.planLead)).toEqual(set);
    expect(await activeDeputyOf(db, c, A.planLead.id, new Date(now))).toBeNull();
    expect((await activeDeputyOf(db, c, A.planLead.id, new Date(now + 2 * hour)))?.deputyId).toBe(A.planMember.id);
    expect(await activeDeputyOf(db, c, A.planLead.id, new Date(now + 3 * hour))).toBeNull();
    expect(await absentApproversFor(db, c, A.planMember.id, new Date(now + 2 * hour))).toEqual([A.planLead.id]);
    expect(await absentApproversFor(db, B.co.companyId, A.planMember.id, new Date(now + 2 * hour))).toEqual([]);
    await ok(200, "DELETE", "config/deputy", A.planLead);
    expect(await ok(200, "GET", "config/deputy", A.planLead)).toBeNull();
    expect(await absentApproversFor(db, c, A.planMember.id, new Date(now + 2 * hour))).toEqual([]);
  });
});

test("module switched off: 403 approval.disabled", async () => {
  await setApproval(t, B.admin, false);
  await fails(403, "approval.disabled", "GET", "config/preset/appr-line", B.drafter);
  await fails(403, "approval.disabled", "GET", "config/basic", B.drafter);
  await setApproval(t, B.admin, true);
});
