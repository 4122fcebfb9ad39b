// CONTACT_CHANGED on /topic/contact/user/{username} (shared/contacts/constants.ts contactTopic): a CardDAV client
// (a phone) changed the user's own book, so the open list, groups and card refetch without a reload. A burst
// (a phone's first sync) refetches once.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { CONTACT_CHANGED, contactTopic } from "@shared/contacts/constants.ts";
import { useUserTopic } from "../../app/use-user-topic.ts";
import { refreshContacts } from "./queries.ts";

export function useContactRealtime() {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useUserTopic(contactTopic, (event) => {
    if (event !== CONTACT_CHANGED) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refreshContacts(qc), 150);
  });
}
