// A module's subscription to the signed-in user's own realtime topic (mail, calendar, ...) or to their company's
// (boards, the wiki, to-do, flow): the shell's realtime client is loaded lazily, the subscription follows the
// user and ends with the component. `onEvent` is read at each event, so it may change between renders without
// resubscribing.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { RealtimeHandler } from "../lib/realtime.ts";
import { userDetailQuery } from "./queries.ts";

export function useUserTopic(topicOf: (username: string) => string, onEvent: RealtimeHandler): void {
  const username = useQuery(userDetailQuery).data?.username;
  useTopic(username ? topicOf(username) : null, onEvent);
}

export function useCompanyTopic(topicOf: (companyId: number) => string, onEvent: RealtimeHandler): void {
  const companyId = useQuery(userDetailQuery).data?.companyId;
  useTopic(companyId ? topicOf(companyId) : null, onEvent);
}

/** Subscribed to `topic` while it is not null. */
export function useTopic(topic: string | null, onEvent: RealtimeHandler): void {
  const handler = useRef(onEvent);
  handler.current = onEvent;
  useEffect(() => {
    if (!topic) return;
    let off: (() => void) | undefined;
    let live = true;
    void import("../lib/realtime.ts").then((rt) => {
      if (live) off = rt.subscribe(topic, (event, data, payload) => handler.current(event, data, payload));
    });
    return () => {
      live = false;
      off?.();
    };
  }, [topic]);
}

/** Events sent while the channel was down are lost: after a reconnect the queries under `queryKey` are read again. */
export function useReconnectRefetch(queryKey: readonly unknown[]): void {
  const qc = useQueryClient();
  const key = JSON.stringify(queryKey);
  useEffect(() => {
    let off: (() => void) | undefined;
    let live = true;
    void import("../lib/realtime.ts").then((rt) => {
      if (live) off = rt.onReconnect(() => void qc.invalidateQueries({ queryKey: JSON.parse(key) }));
    });
    return () => {
      live = false;
      off?.();
    };
  }, [qc, key]);
}
