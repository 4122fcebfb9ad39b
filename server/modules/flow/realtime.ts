// Realtime of flow, after the write committed and best effort (shared/flow/constants.ts): FLOW_CHANGED
// { projectId, kind, taskIds, byUserId } on the company's topic (open screens refetch through the API, which
// answers only what the caller may see), FLOW_MEMBER { projectId } on a person's own topic when they are
// invited or their application is decided.
import { FLOW_CHANGED, FLOW_MEMBER, type FlowChangedPayload, flowTopic, flowUserTopic } from "../../../shared/flow/constants.ts";
import type { Caller } from "../../lib/context.ts";

export async function publishFlowChanged(caller: Caller, change: Omit<FlowChangedPayload, "byUserId" | "taskIds"> & { taskIds?: number[] }): Promise<void> {
  const payload: FlowChangedPayload = { ...change, taskIds: (change.taskIds ?? []).slice(0, 100), byUserId: caller.auth.userId };
  try {
    await caller.deps.realtime.publish(flowTopic(caller.auth.companyId), FLOW_CHANGED, payload);
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
