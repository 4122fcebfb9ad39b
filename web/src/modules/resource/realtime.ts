// RESOURCE_CHANGED on the company's resource topic (the server publishes it with the changed resource ids after
// every booking or resource change): the grid, the lists and the type counts refetch; a burst (a repeating
// booking, a cancelled series) refetches once. RESOURCE_NOTICE on the user's own topic tells them what happened to
// their booking (confirmed, rejected, cancelled by an admin) or that one waits for their decision. The realtime
// client is the shell's; this adds the subscriptions.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { RESOURCE_CHANGED, RESOURCE_NOTICE, RESOURCE_NOTICES, resourceTopic, resourceUserTopic } from "@shared/resource/constants.ts";
import { useTranslation } from "react-i18next";
import { snackbar } from "../../app/feedback/snackbar.tsx";
import { useUserTopic } from "../../app/use-user-topic.ts";
import { userDetailQuery } from "../../app/queries.ts";
import { refreshResource } from "./queries.ts";

export function useResourceRealtime() {
  const { t } = useTranslation("resource");
  const qc = useQueryClient();
  const companyId = useQuery(userDetailQuery).data?.companyId;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // The company's topic, not the user's: it is opened once the signed-in user (and so the company) is known.
  useUserTopic(() => resourceTopic(companyId ?? 0), (event) => {
    if (event !== RESOURCE_CHANGED) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refreshResource(qc), 150);
  });
  useUserTopic(resourceUserTopic, (event, data) => {
    if (event !== RESOURCE_NOTICE) return;
    const notice = (data as { notice?: string } | null)?.notice;
    if (notice && (RESOURCE_NOTICES as readonly string[]).includes(notice)) snackbar("INFO", t(`notice.${notice}`));
    void refreshResource(qc);
  });
}
