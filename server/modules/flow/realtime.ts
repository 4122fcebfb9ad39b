// Realtime of flow, after the write committed and best effort (shared/flow/constants.ts): FLOW_CHANGED
// { projectId, kind, taskIds ("12,34": realtime data is numbers and short strings only), byUserId } on the
// company's topic (open screens refetch through the API, which answers only what the caller may see), FLOW_MEMBER { projectId } on a person's own topic when they are
// invited or their application is decided, FLOW_FOLDERS {} on the caller's own topic when their saved filters or
// favourites changed (their other windows refetch the side pane).
import { FLOW_CHANGED, FLOW_FOLDERS, FLOW_MEMBER, type FlowChangedPayload, flowTopic, flowUserTopic } from "../../../shared/flow/constants.ts";
import { MAX_DATA_STRING } from "../../../shared/realtime.ts";
import type { Caller } from "../../lib/context.ts";

export async function publishFlowChanged(caller: Caller, change: Omit<FlowChangedPayload, "byUserId" | "taskIds"> & { taskIds?: number[] }): Promise<void> {
  let taskIds = "";
  for (const id of change.taskIds ?? []) {
    const next = taskIds ? `${taskIds},${id}` : String(id);
    if (next.length > MAX_DATA_STRING) {
      taskIds = ""; // too many to name: the screens reload the project's lists
      break;
    }
    taskIds = next;
  }
  const payload: FlowChangedPayload = { projectId: change.projectId, kind: change.kind, taskIds, byUserId: caller.auth.userId };
  try {
    await caller.deps.realtime.publish(flowTopic(caller.auth.companyId), FLOW_CHANGED, { ...payload });
  } catch (e) {
    caller.deps.log.error("flow: publishing a change failed", e);
  }
}

export async function publishFlowMember(caller: Caller, username: string, projectId: number): Promise<void> {
  try {
    await caller.deps.realtime.publish(flowUserTopic(username), FLOW_MEMBER, { projectId });
  } catch (e) {
    caller.deps.log.error("flow: publishing a membership change failed", e);
  }
}

export async function publishFlowFolders(caller: Caller): Promise<void> {
  try {
    await caller.deps.realtime.publish(flowUserTopic(caller.auth.username), FLOW_FOLDERS, {});
  } catch (e) {
    caller.deps.log.error("flow: publishing a side pane change failed", e);
  }
}
