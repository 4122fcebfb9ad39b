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

/** The dashboard count a box carries in the side pane. */
export const BOX_COUNT: Partial<Record<BoxKey, keyof DashboardCounts>> = {
  ab: "beforeApproveCount",
  rb: "beforeReceiveCount",
  dd: "draftedCount",
  dr: "rejectedCount",
};
