// approval-1: the approval dashboard's counts and the documents waiting for the caller's approval (box "ab",
// newest drafted first), through the approval module's own box queries and scope.
import type { WidgetDataQuery } from "../../../../shared/home/api.ts";
import type { ApprovalWidgetData } from "../../../../shared/home/widgets.ts";
import type { Caller } from "../../../lib/context.ts";
import { dashboardCounts } from "../../approval/boxes/dashboard.ts";
import { boxPage, summariesOf } from "../../approval/boxes/repo.ts";
import { callerScope } from "../../approval/boxes/service.ts";
import { boxSource } from "../../approval/boxes/sources.ts";
import { approvalLink } from "../../../lib/app-links.ts";

export async function approvalWidget(caller: Caller, q: WidgetDataQuery): Promise<ApprovalWidgetData> {
  const { db } = caller.deps;
  const s = await callerScope(caller);
  const [counts, page] = await Promise.all([
    dashboardCounts(caller),
    boxPage(db, s.companyId, boxSource("ab", s, undefined), undefined, { sort: "draftedAt", dir: "desc" }, q.size, 0, false),
  ]);
  const docs = await summariesOf(db, s.companyId, page.rows);
  return {
    counts: {
      beforeApproveCount: counts.beforeApproveCount,
      beforeReceiveCount: counts.beforeReceiveCount,
      draftedCount: counts.draftedCount,
      rejectedCount: counts.rejectedCount,
    },
    rows: docs.map((d) => ({
      id: String(d.id),
      title: d.title,
      sub: d.drafter.name,
      at: d.draftedAt === null ? null : new Date(d.draftedAt).toISOString(),
      link: approvalLink(d.id),
      flag: d.unread,
    })),
  };
}
