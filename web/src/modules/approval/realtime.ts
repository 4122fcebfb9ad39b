// APPROVAL_CHANGED on the user's approval topic (the server publishes { documentId } to everyone a document
// concerns): the boxes, counts, dashboard lists and open documents refetch; a burst refetches once. The realtime
// client is the shell's; this adds a subscription while the island is shown.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { APPROVAL_CHANGED, approvalTopic } from "@shared/approval/constants.ts";
import { useUserTopic } from "../../app/use-user-topic.ts";
import { refreshApproval } from "./queries.ts";

export function useApprovalRealtime() {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useUserTopic(approvalTopic, (event) => {
    if (event !== APPROVAL_CHANGED) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refreshApproval(qc), 150);
  });
}
