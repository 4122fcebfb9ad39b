// A module's subscription to the signed-in user's own realtime topic (mail, calendar, ...): the shell's realtime
// client is loaded lazily, the subscription follows the user and ends with the component. `onEvent` is read at
// each event, so it may change between renders without resubscribing.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import type { RealtimeHandler } from "../lib/realtime.ts";
import { userDetailQuery } from "./queries.ts";

export function useUserTopic(topicOf: (username: string) => string, onEvent: RealtimeHandler): void {
  const username = useQuery(userDetailQuery).data?.username;
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const topic = username ? topicOf(username) : null;
  useEffect(() => {
    if (!topic) return;
    let off: (() => void) | undefined;
    let live = true;
    void import("../lib/realtime.ts").then((rt) => {
      if (live) off = rt.subscribe(topic, (event, data) => handler.current(event, data));
    });
    return () => {
      live = false;
      off?.();
    };
  }, [topic]);
}
