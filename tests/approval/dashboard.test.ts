// GET /api/approval/dashboard/count and dashboard/list: the counts of the boxes that wait for the caller, 5
// documents to approve, 6 recent own drafts (any state but saved drafts), the 6 active forms used last.
import { beforeAll, describe, expect, it } from "vitest";
import type { DashboardCounts, DashboardLists } from "../../shared/approval/config.ts";
import { createTestApp } from "../support/test-app.ts";
import { kst, seedDocument, seedForms, seedScenario } from "./seed-documents.ts";
import { approvalCast } from "./support.ts";

const t = await createTestApp();
const { api, A, B } = await approvalCast(t, "dashboard");
const { ids, bPending } = await seedScenario(t, A, B);
const counts = (who: { token: string }) => api.ok<DashboardCounts>(200, "GET", "dashboard/count", who);
const lists = (who: { token: string }) => api.ok<DashboardLists>(200, "GET", "dashboard/list", who);

const extra: number[] = [];
let forms: { id: number; name: string }[] = [];

beforeAll(async () => {
  // Eight more forms (the last inactive) and eight drafts of 최회계 with them, a day apart, each waiting for 윤본부.
  forms = await seedForms(t, A.co.companyId, ["F-1", "F-2", "F-3", "F-4", "F-5", "F-6", "F-7", "F-8"], ["F-8"]);
  for (const [i, f] of forms.entries()) {
    extra.push(await seedDocument(t, A.co.companyId, {
      drafterId: A.financeMember.id, organId: A.organs.finance, formId: f.id, title: `요청 ${i + 1}`, status: i === 2 ? "TEMP" : "IN_PROGRESS",
      draftedAt: i === 2 ? undefined : kst(`2025-04-0${i + 1} 09:00`), updatedAt: kst(`2025-04-0${i + 1} 09:00`),
      lines: [{ type: "APPROVAL", status: "PENDING_APPROVAL", userId: A.director.id }],
    }));
  }
});

describe("counts", () => {
  it("to approve, to receive (own and kept departments'), submitted and rejected drafts", async () => {
    expect(await counts(A.drafter)).toEqual({ beforeApproveCount: 0, beforeReceiveCount: 0, draftedCount: 3, rejectedCount: 1, organs: [] });
    // 윤본부: 2 of kim's, 7 of 최회계's (the saved draft waits for nobody: TEMP is not in progress).
    expect(await counts(A.director)).toMatchObject({ beforeApproveCount: 9, draftedCount: 0 });
    expect(await counts(A.planLead)).toMatchObject({ beforeApproveCount: 1 });
    expect(await counts(A.generalMember)).toMatchObject({ beforeReceiveCount: 1 });
    // 정총무 keeps 총무팀, whose receipt of kim's document waits.
    expect(await counts(A.generalLead)).toMatchObject({
      beforeReceiveCount: 1,
      beforeApproveCount: 0,
      organs: [{ organId: A.organs.general, helpCount: 0, receiveCount: 1 }],
    });
    // 박재무 keeps 재무팀, whose cooperation on kim's 협조 요청 품의 is its turn: it waits for him in box oh.
    expect(await counts(A.financeLead)).toMatchObject({
      beforeApproveCount: 1,
      beforeReceiveCount: 0,
      organs: [{ organId: A.organs.finance, helpCount: 1, receiveCount: 0 }],
    });
    expect(await counts(A.financeMember)).toMatchObject({ draftedCount: 7 });
    expect(await counts(B.planLead)).toEqual({
      beforeApproveCount: 1,
      beforeReceiveCount: 0,
      draftedCount: 0,
      rejectedCount: 0,
      organs: [{ organId: B.organs.plan, helpCount: 0, receiveCount: 0 }],
    });
  });
});

describe("lists", () => {
  it("toApprove: 5 of the box to approve, newest first", async () => {
    const l = await lists(A.director);
    expect(l.toApprove.map((d) => d.id)).toEqual([extra[7], extra[6], extra[5], extra[4], extra[3]]);
    expect(l.toApprove[0]).toMatchObject({ title: "요청 8", myLineStatus: "PENDING_APPROVAL", currentApprover: "윤본부" });
    expect((await lists(A.planLead)).toApprove.map((d) => d.id)).toEqual([ids.leeTurn]);
    expect((await lists(B.planLead)).toApprove.map((d) => d.id)).toEqual([bPending]);
  });

  it("recentDrafts: the 6 newest own drafts in any state but saved", async () => {
    expect((await lists(A.drafter)).recentDrafts.map((d) => d.id)).toEqual([ids.help, ids.proxy, ids.progress, ids.done, ids.rejected, ids.returned]);
    expect((await lists(A.financeMember)).recentDrafts.map((d) => d.title)).toEqual(["요청 8", "요청 7", "요청 6", "요청 5", "요청 4", "요청 2"]);
    expect((await lists(A.ceo)).recentDrafts).toEqual([]);
  });

  it("recentForms: the 6 active forms used last, each once", async () => {
    // kim: 품의서 (help, 03-12), 지출결의서 (progress 03-10; the saved draft 03-01), 휴가신청서 (returned 01-10).
    expect((await lists(A.drafter)).recentForms.map((f) => f.name)).toEqual(["품의서", "지출결의서", "휴가신청서"]);
    // 최회계: F-8 is inactive; F-3 was used by a saved draft; F-1 is the seventh.
    const recent = (await lists(A.financeMember)).recentForms;
    expect(recent.map((f) => f.name)).toEqual(["F-7", "F-6", "F-5", "F-4", "F-3", "F-2"]);
    expect(recent[0]).toMatchObject({ id: forms[6].id, boxName: "일반", code: "F7", version: 1, innerDraft: false, starterKey: null });
    expect((await lists(B.drafter)).recentForms.map((f) => f.name)).toEqual(["지출결의서"]);
  });
});
