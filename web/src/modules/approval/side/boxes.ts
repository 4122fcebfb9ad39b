// The side pane's groups of boxes (002 §2 "Sidebar entries"): the ledger; drafts; approvals; receipts; shared
// reading; cc. The department boxes (help, receive) follow per managed organ. Which dashboard count a box shows.
import { BOXES, type BoxKey } from "@shared/approval/constants.ts";
import type { DashboardCounts } from "@shared/approval/config.ts";

export interface BoxGroup {
  /** approval:side.group.<key>; null: the entries stand alone. */
  key: string | null;
  boxes: BoxKey[];
}

export const BOX_GROUPS: BoxGroup[] = [
  { key: null, boxes: [BOXES.ledger] },
  { key: "draft", boxes: [BOXES["draft/draft"], BOXES["draft/complete"], BOXES["draft/temp"], BOXES["draft/reject"], BOXES["draft/return"], BOXES["draft/retrieve"]] },
  { key: "approve", boxes: [BOXES["approve/before"], BOXES["approve/progress"], BOXES["approve/complete"], BOXES["approve/reject"]] },
  { key: "receive", boxes: [BOXES["receive/before"], BOXES["receive/complete"]] },
  { key: null, boxes: [BOXES.share, BOXES.cc] },
];
export const ORGAN_BOXES: BoxKey[] = [BOXES["organ/help"], BOXES["organ/receive"]];

/**
 * The count a box carries in the side pane: a department box (dept) its department's own count; box ab and rb
 * the dashboard's count without the kept departments' part, which shows on their department boxes.
 */
export function boxCount(counts: DashboardCounts | undefined, key: BoxKey, dept?: number): number {
  if (!counts) return 0;
  const organs = counts.organs;
  if (dept !== undefined) {
    const o = organs.find((x) => x.organId === dept);
    return key === "oh" ? o?.helpCount ?? 0 : key === "or" ? o?.receiveCount ?? 0 : 0;
  }
  const sum = (k: "helpCount" | "receiveCount") => organs.reduce((n, o) => n + o[k], 0);
  switch (key) {
    case "ab":
      return counts.beforeApproveCount - sum("helpCount");
    case "rb":
      return counts.beforeReceiveCount - sum("receiveCount");
    case "dd":
      return counts.draftedCount;
    case "dr":
      return counts.rejectedCount;
    default:
      return 0;
  }
}
