// Realtime of flow (shared/flow/constants.ts): FLOW_CHANGED { projectId, kind, taskIds "12,34" } on the company's topic
// and FLOW_MEMBER { projectId } on the user's own topic (an invitation, an application decided) refetch what the
// island shows of it through the API, which answers only what the caller may see; FLOW_FOLDERS on it (the user's
// saved filters or favourites changed in another window) refetches the side pane and the project lists. A burst of events refetches
// once. The subscriptions live while the island is shown.
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { FLOW_CHANGED, FLOW_FOLDERS, FLOW_MEMBER, type FlowChangeKind, flowTopic, flowUserTopic, taskIdsOf } from "@shared/flow/constants.ts";
import { useCompanyTopic, useUserTopic } from "../../app/use-user-topic.ts";
import { useBurst } from "../../lib/use-burst.ts";
import { flowKeys } from "./queries.ts";

interface Change {
  projectId: number;
  kind: FlowChangeKind | "member";
  taskIds: number[];
}

const BURST_MS = 150;

/** Refetches what the changes touch. */
export function refreshFlow(qc: QueryClient, changes: Change[]) {
  const keys = new Map<string, readonly unknown[]>();
  const add = (k: readonly unknown[]) => keys.set(JSON.stringify(k), k);
  for (const c of changes) {
    if (c.kind === "project" || c.kind === "members" || c.kind === "member") {
      add(flowKeys.projects);
      add(flowKeys.project(c.projectId));
      add(flowKeys.folders);
      add(flowKeys.boards);
      add(flowKeys.lanes);
    }
    if (c.kind === "group") add(flowKeys.groups(c.projectId));
    if (c.kind !== "detail") {
      // Every list of the project and the all-projects lists show its tasks.
      add(flowKeys.board(c.projectId));
      add(flowKeys.board("all"));
      add(["flow", "lane", c.projectId]);
    }
    if (c.taskIds.length === 0 && c.kind !== "project") add(["flow", "task", c.projectId]);
    for (const id of c.taskIds) {
      add(flowKeys.task(c.projectId, id));
      add(flowKeys.sub(c.projectId, id));
    }
  }
  for (const k of keys.values()) void qc.invalidateQueries({ queryKey: k });
}

export function useFlowRealtime() {
  const qc = useQueryClient();
  const push = useBurst<Change>(BURST_MS, (changes) => refreshFlow(qc, changes));
  useCompanyTopic(flowTopic, (event, data) => {
    if (event !== FLOW_CHANGED) return;
    const d = data as { projectId?: unknown; kind?: unknown; taskIds?: unknown };
    if (typeof d.projectId !== "number") return;
    push({ projectId: d.projectId, kind: String(d.kind ?? "task") as FlowChangeKind, taskIds: taskIdsOf(d.taskIds) });
  });
  useUserTopic(flowUserTopic, (event, data) => {
    if (event === FLOW_FOLDERS) {
      for (const queryKey of [flowKeys.folders, flowKeys.projects, ["flow", "project"]]) void qc.invalidateQueries({ queryKey });
      return;
    }
    if (event !== FLOW_MEMBER) return;
    const projectId = (data as { projectId?: unknown })?.projectId;
    if (typeof projectId === "number") push({ projectId, kind: "member", taskIds: [] });
  });
}
