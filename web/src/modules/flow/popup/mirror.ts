// Popup mode's mirror (002 §2 "A popup mode exists in which changes are mirrored to the opener window"): a flow
// window opened on its own (the popup routes) announces every change it stores on the BroadcastChannel "flow";
// every other flow window of the same browser (the opener) refreshes its flow queries at once, before the
// realtime event arrives. A change is a flow mutation that succeeded or a flow query's data set by hand after a
// stored change (the task panel's field answers); refetches alone are not announced, so nothing echoes.
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";

export const FLOW_CHANNEL = "flow";
const MESSAGE = "flow-changed";

let channel: BroadcastChannel | null = null;
function open(): BroadcastChannel | null {
  if (typeof BroadcastChannel === "undefined") return null;
  channel ??= new BroadcastChannel(FLOW_CHANNEL);
  return channel;
}

/** Tells the other flow windows that something of flow changed (the popup's detail parts call it too). */
export function announceFlowChange() {
  open()?.postMessage({ type: MESSAGE });
}

/** The popup window: announces each change its queries and mutations report. */
export function useAnnounceFlowChanges() {
  const qc = useQueryClient();
  useEffect(() => {
    const isFlow = (key: readonly unknown[] | undefined) => key?.[0] === "flow";
    const offQueries = qc.getQueryCache().subscribe((ev) => {
      if (ev.type === "updated" && ev.action.type === "success" && ev.action.manual && isFlow(ev.query.queryKey)) announceFlowChange();
    });
    const offMutations = qc.getMutationCache().subscribe((ev) => {
      if (ev.type === "updated" && ev.action.type === "success") announceFlowChange();
    });
    return () => {
      offQueries();
      offMutations();
    };
  }, [qc]);
}

/** The opener (flow's layout): a popup's change refreshes every flow query shown. */
export function useFlowMirror() {
  const qc = useQueryClient();
  useEffect(() => listen(qc), [qc]);
}

function listen(qc: QueryClient) {
  if (typeof BroadcastChannel === "undefined") return;
  // A channel of its own: a BroadcastChannel never hears its own messages, and the popup may be this window.
  const ch = new BroadcastChannel(FLOW_CHANNEL);
  ch.onmessage = (e: MessageEvent) => {
    if ((e.data as { type?: string } | null)?.type === MESSAGE) void qc.invalidateQueries({ queryKey: ["flow"] });
  };
  return () => ch.close();
}
