// Realtime of flow (shared/flow/constants.ts): FLOW_CHANGED { projectId, kind, taskIds "12,34" } on the company's topic
// and FLOW_MEMBER { projectId } on the user's own topic (an invitation, an application decided) refetch what the
// island shows of it through the API, which answers only what the caller may see. A burst of events refetches
// once. The subscriptions live while the island is shown.
import { type QueryClient, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { FLOW_CHANGED, FLOW_MEMBER, type FlowChangeKind, flowTopic, flowUserTopic, taskIdsOf } from "@shared/flow/constants.ts";
import { userDetailQuery } from "../../app/queries.ts";
import { useUserTopic } from "../../app/use-user-topic.ts";
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

function useBurst(qc: QueryClient) {
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const pending = useRef<Change[]>([]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return (c: Change) => {
    pending.current.push(c);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const changes = pending.current;
      pending.current = [];
      refreshFlow(qc, changes);
    }, BURST_MS);
  };
}

export function useFlowRealtime() {
  const qc = useQueryClient();
  const companyId = useQuery(userDetailQuery).data?.companyId;
  const push = useBurst(qc);
  const pushRef = useRef(push);
  pushRef.current = push;

  useEffect(() => {
    if (!companyId) return;
    let off: (() => void) | undefined;
    let live = true;
    void import("../../lib/realtime.ts").then((rt) => {
      if (!live) return;
      off = rt.subscribe(flowTopic(companyId), (event, data) => {
        if (event !== FLOW_CHANGED) return;
        const d = data as { projectId?: unknown; kind?: unknown; taskIds?: unknown };
        if (typeof d.projectId !== "number") return;
        const taskIds = taskIdsOf(d.taskIds);
        pushRef.current({ projectId: d.projectId, kind: String(d.kind ?? "task") as FlowChangeKind, taskIds });
      });
    });
    return () => {
      live = false;
      off?.();
    };
  }, [companyId]);

  useUserTopic(flowUserTopic, (event, data) => {
    if (event !== FLOW_MEMBER) return;
    const projectId = (data as { projectId?: unknown })?.projectId;
    if (typeof projectId === "number") push({ projectId, kind: "member", taskIds: [] });
  });
}
