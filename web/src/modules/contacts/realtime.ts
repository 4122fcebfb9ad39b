// CONTACT_CHANGED on /topic/contact/user/{username} (shared/contacts/constants.ts contactTopic): a CardDAV client
// (a phone) changed the user's own book, so the open list, groups and card refetch without a reload. The
// customer book's CUSTOMER_CHANGED works the same way (customers/realtime.ts) through useRefetchOn.
import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { CONTACT_CHANGED, contactTopic } from "@shared/contacts/constants.ts";
import { useUserTopic } from "../../app/use-user-topic.ts";
import { refreshContacts } from "./queries.ts";

/** On `event` of the user's topic, `refresh` once for a burst of them (a phone's first sync, an import). */
export function useRefetchOn(topicOf: (username: string) => string, event: string, refresh: (qc: QueryClient) => Promise<void>) {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useUserTopic(topicOf, (e) => {
    if (e !== event) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refresh(qc), 150);
  });
}

export function useContactRealtime() {
  useRefetchOn(contactTopic, CONTACT_CHANGED, refreshContacts);
}
