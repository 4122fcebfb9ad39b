// LEAVE_CHANGED on the user's leave topic (the server sends it to the employee, their approvers and HR after
// every application, decision, cancellation, grant or status change): everything the island shows refetches;
// a burst refetches once. The realtime client is the shell's; this adds the subscription.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { LEAVE_CHANGED, leaveTopic } from "@shared/leave/constants.ts";
import { useUserTopic } from "../../app/use-user-topic.ts";
import { refreshLeave } from "./queries.ts";

export function useLeaveRealtime() {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useUserTopic(leaveTopic, (event) => {
    if (event !== LEAVE_CHANGED) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refreshLeave(qc), 150);
  });
}
