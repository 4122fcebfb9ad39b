// CUSTOMER_CHANGED on /topic/customer/user/{username} (shared/contacts/constants.ts customerTopic; the server
// publishes it, ids only, to every user who reads the changed group): another member's change shows without a
// reload. The customer queries the screen shows refetch (the tree's counts, the list, the open card, the
// history); a burst of changes (an import, a move) refetches once.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { CUSTOMER_CHANGED, customerTopic } from "@shared/contacts/constants.ts";
import { useUserTopic } from "../../app/use-user-topic.ts";
import { refreshCustomers } from "./queries.ts";

export function useCustomerRealtime() {
  const qc = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  useUserTopic(customerTopic, (event) => {
    if (event !== CUSTOMER_CHANGED) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void refreshCustomers(qc), 150);
  });
}
