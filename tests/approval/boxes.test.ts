// GET /api/approval/box/{boxKey}: what each box holds for whom (drafts, approvals incl. a deputy's, receipts,
// shared reading, CC, department boxes for keepers, the ledger by the read rule), never another user's or
// another company's documents; the summaries' fields.
import { describe, expect, it } from "vitest";
import { BOX_KEYS } from "../../shared/approval/constants.ts";
import type { DocumentSummary } from "../../shared/approval/documents.ts";
import type { Page } from "../../shared/paging.ts";
import { readableIds } from "../../server/modules/approval/documents/access.ts";
import { createTestApp } from "../support/test-app.ts";
import { seedDeputy, seedScenario } from "./seed-documents.ts";
import { approvalCast } from "./support.ts";

const t = await createTestApp();
const { api, A, B } = await approvalCast(t, "boxes");
const { ids, other, bPending } = await seedScenario(t, A, B);

type Who = { token: string };
const list = (who: Who, key: string, params: Record<string, string | number> = {}) =>
  api.ok<Page<DocumentSummary>>(200, "GET", `box/${key}?${new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]))}`, who);
const idsOf = async (who: Who, key: string, params: Record<string, string | number> = {}) => (await list(who, key, params)).content.map((d) => d.id);

describe("the drafter's boxes", () => {
  it("dd, dc, dt, dr, dn, de hold the caller's own documents of one state", async () => {
    const kim = A.drafter;
    expect(await idsOf(kim, "dd")).toEqual([ids.help, ids.proxy, ids.progress]);
    expect(await idsOf(kim, "dc")).toEqual([ids.done]);
    expect(await idsOf(kim, "dt")).toEqual([ids.temp]);
    expect(await idsOf(kim, "dr")).toEqual([ids.rejected]);
    expect(await idsOf(kim, "dn")).toEqual([ids.returned]);
    expect(await idsOf(kim, "de")).toEqual([ids.retrieved]);
    // A colleague of the same department has only their own draft; kim's approvers have none of kim's.
    expect(await idsOf(A.planMember, "dd")).toEqual([ids.leeTurn]);
    expect(await idsOf(A.planLead, "dd")).toEqual([]);
    // B's drafter sees B's documents only.
    expect(await idsOf(B.drafter, "dd")).toEqual([bPending]);
    expect(await idsOf(B.drafter, "dc")).toEqual([other]);
  });

  it("a summary carries the form, drafter, department, dates, files and the current approver", async () => {
    const [progress] = (await list(A.drafter, "dd", { keywordFlag: "TITLE", keyword: "3월" })).content;
    expect(progress).toEqual({
      id: ids.progress,
      title: "3월 지출결의서",
      status: "IN_PROGRESS",
      docNum: null,
      formId: expect.any(Number),
      formName: "지출결의서",
      drafter: { id: A.drafter.id, name: "김기안", position: "사원" },
      draftOrgan: { id: A.organs.plan, name: "기획팀" },
      draftedAt: Date.parse("2025-03-10T01:00:00Z"),
      completedAt: null,
      updatedAt: Date.parse("2025-03-10T01:00:00Z"),
      hasFiles: true,
      currentApprover: "윤본부",
      myLineStatus: null,
      unread: false,
    });
    const [done] = (await list(A.drafter, "dc")).content;
    expect(done).toMatchObject({ docNum: "기획팀-2025-0001", completedAt: Date.parse("2025-02-05T09:30:00Z"), hasFiles: false, currentApprover: "강접수" });
  });
});

describe("the approver's boxes", () => {
  it("ab: lines where it is the caller's turn; ap/ac: acted, in progress or completed; ar: rejected", async () => {
    expect(await idsOf(A.director, "ab")).toEqual([ids.proxy, ids.progress]);
    expect(await idsOf(A.planLead, "ab")).toEqual([ids.leeTurn]);
    const ap = await list(A.planLead, "ap");
    expect(ap.content.map((d) => [d.id, d.myLineStatus])).toEqual([[ids.help, "APPROVED"], [ids.proxy, "PROXY_APPROVED"], [ids.progress, "APPROVED"]]);
    expect(await idsOf(A.planLead, "ac")).toEqual([ids.done]);
    expect(await idsOf(A.director, "ac")).toEqual([ids.financeDept, ids.done]);
    expect(await idsOf(A.planLead, "ar")).toEqual([ids.rejected]);
    expect(await idsOf(A.director, "ar")).toEqual([]);
    // The deputy who approved for 이팀장 (대결) sees it in progress; the waiting 윤본부 is not "acted".
    expect(await idsOf(A.financeLead, "ap")).toEqual([ids.proxy]);
    expect(await idsOf(A.director, "ap")).toEqual([]);
    expect(await idsOf(B.planLead, "ab")).toEqual([bPending]);
  });

  it("ab: an active deputy sees the absent approver's turn, only within the period", async () => {
    const now = t.clock.now().getTime();
    await seedDeputy(t, A.co.companyId, A.planLead.id, A.generalMember.id, new Date(now - 3_600_000), new Date(now + 86_400_000));
    expect(await idsOf(A.generalMember, "ab")).toEqual([ids.leeTurn]);
    await seedDeputy(t, A.co.companyId, A.planLead.id, A.generalMember.id, new Date(now + 3_600_000), new Date(now + 86_400_000));
    expect(await idsOf(A.generalMember, "ab")).toEqual([]);
    await seedDeputy(t, A.co.companyId, A.planLead.id, A.generalMember.id, new Date(now - 86_400_000), new Date(now));
    expect(await idsOf(A.generalMember, "ab")).toEqual([]);
  });
});

describe("receipts, shared reading and CC", () => {
  it("rb: pending receipts of the caller; rc: received ones", async () => {
    expect(await idsOf(A.generalMember, "rb")).toEqual([ids.done]);
    expect(await idsOf(A.generalMember, "rc")).toEqual([]);
    await t.db.sql`update approval_lines set status = 'RECEIVED', acted_by_user_id = ${A.generalMember.id}
      where document_id = ${ids.done} and user_id = ${A.generalMember.id}`;
    expect(await idsOf(A.generalMember, "rb")).toEqual([]);
    const rc = await list(A.generalMember, "rc");
    expect(rc.content.map((d) => [d.id, d.myLineStatus])).toEqual([[ids.done, "RECEIVED"]]);
    await t.db.sql`update approval_lines set status = 'PENDING_APPROVAL', acted_by_user_id = null
      where document_id = ${ids.done} and user_id = ${A.generalMember.id}`;
  });

  it("sh: share lines of the caller or their department on completed documents, unread until opened", async () => {
    const sh = await list(A.financeMember, "sh");
    expect(sh.content.map((d) => [d.id, d.unread])).toEqual([[ids.done, true]]);
    // 박재무 is a member of 재무팀: the department's share line.
    expect(await idsOf(A.financeLead, "sh")).toEqual([ids.done]);
    expect(await idsOf(A.drafter, "sh")).toEqual([]);
    await t.db.sql`update approval_lines set status = 'READ', read_at = now() where document_id = ${ids.done} and user_id = ${A.financeMember.id}`;
    expect((await list(A.financeMember, "sh")).content.map((d) => d.unread)).toEqual([false]);
  });

  it("cc: the caller's CC lines from submission, unread until opened", async () => {
    expect((await list(A.planMember, "cc")).content.map((d) => [d.id, d.unread])).toEqual([[ids.progress, true]]);
    expect((await list(A.ceo, "cc")).content.map((d) => [d.id, d.unread])).toEqual([[ids.done, false]]);
    expect(await idsOf(B.planMember, "cc")).toEqual([other]);
  });
});

describe("department boxes", () => {
  it("oh: the help lines of a department the caller keeps documents for, the pending ones first", async () => {
    const oh = await list(A.financeLead, "oh", { organId: A.organs.finance });
    expect(oh.content.map((d) => [d.id, d.myLineStatus])).toEqual([[ids.help, "PENDING_APPROVAL"], [ids.done, "APPROVED"]]);
    // Pending first whatever the order asked.
    expect(await idsOf(A.financeLead, "oh", { organId: A.organs.finance, sort: "draftedAt", dir: "asc" })).toEqual([ids.help, ids.done]);
  });

  it("or: receipts of the kept department", async () => {
    const or = await list(A.generalLead, "or", { organId: A.organs.general });
    expect(or.content.map((d) => [d.id, d.myLineStatus])).toEqual([[ids.done, "PENDING_APPROVAL"]]);
  });

  it("refuses a department the caller does not keep documents for, another company's and a missing one alike", async () => {
    await api.fails(403, "approval.not_manager", "GET", `box/oh?organId=${A.organs.finance}`, A.financeMember);
    await api.fails(403, "approval.not_manager", "GET", `box/oh?organId=${A.organs.general}`, A.financeLead);
    await api.fails(403, "approval.not_manager", "GET", `box/or?organId=${A.organs.general}`, A.drafter);
    await api.fails(403, "approval.not_manager", "GET", `box/or?organId=${B.organs.general}`, A.generalLead);
    await api.fails(403, "approval.not_manager", "GET", "box/or?organId=999999999", A.generalLead);
    await api.fails(403, "approval.not_manager", "GET", "box/oh", A.financeLead);
  });
});

describe("the ledger", () => {
  it("holds the completed documents the caller may read", async () => {
    // kim: own completed document and the public one; not 재무팀's department or private documents, not B's.
    expect(await idsOf(A.drafter, "lg")).toEqual([ids.financePublic, ids.done]);
    // A colleague of 기획팀 reads kim's DEPARTMENT document.
    expect(await idsOf(A.planMember, "lg")).toEqual([ids.financePublic, ids.done]);
    // 박재무: its line (private), its department (department), the help line of 재무팀 on kim's document.
    expect(await idsOf(A.financeLead, "lg")).toEqual([ids.financePublic, ids.financePrivate, ids.financeDept, ids.done]);
    // 최회계: drafter of two, member of 재무팀 (share line on kim's document).
    expect(await idsOf(A.financeMember, "lg")).toEqual([ids.financePublic, ids.financePrivate, ids.financeDept, ids.done]);
    // 강접수 receives kim's document; not the other departments' documents but the public one.
    expect(await idsOf(A.generalMember, "lg")).toEqual([ids.financePublic, ids.done]);
    expect(await idsOf(B.drafter, "lg")).toEqual([other]);
  });

  it("is exactly the completed documents documents/access.ts lets each person read", async () => {
    const completed = (await t.db.sql<{ id: string }[]>`
      select id from approval_documents where company_id = ${A.co.companyId} and status = 'COMPLETED'`).map((r) => Number(r.id));
    const { admin, drafter, planLead, planMember, financeLead, financeMember, generalLead, generalMember, director, ceo } = A;
    for (const p of [admin, drafter, planLead, planMember, financeLead, financeMember, generalLead, generalMember, director, ceo]) {
      const readable = await readableIds(t.db.db, { companyId: A.co.companyId, userId: p.id, now: t.clock.now() }, completed);
      const listed = (await list(p, "lg", { size: 100 })).content.map((d) => d.id);
      expect([p.username, [...listed].sort()]).toEqual([p.username, [...readable].sort()]);
    }
  });

  it("a keeper's ledger of one department; others are refused", async () => {
    expect(await idsOf(A.financeLead, "lg", { organId: A.organs.finance })).toEqual([ids.financePublic, ids.financePrivate, ids.financeDept, ids.done]);
    expect(await idsOf(A.generalLead, "lg", { organId: A.organs.general })).toEqual([ids.done]);
    await api.fails(403, "approval.not_manager", "GET", `box/lg?organId=${A.organs.finance}`, A.drafter);
    await api.fails(403, "approval.not_manager", "GET", `box/lg?organId=${B.organs.finance}`, A.financeLead);
  });
});

describe("keys", () => {
  it("every key answers a page; an unknown key 404; the module switch", async () => {
    for (const key of BOX_KEYS.filter((k) => k !== "oh" && k !== "or")) {
      const p = await list(A.drafter, key);
      expect(p, key).toMatchObject({ page: 0, pageSize: 10 });
    }
    await api.fails(404, "common.404", "GET", "box/zz", A.drafter);
    await api.fails(404, "common.404", "GET", "box/DD", A.drafter);
    expect((await t.call("GET", "/api/approval/box/dd")).status).toBe(401);
  });
});
