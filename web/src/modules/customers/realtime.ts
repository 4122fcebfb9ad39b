// CUSTOMER_CHANGED on /topic/customer/user/{username} (shared/contacts/constants.ts customerTopic; the server
// publishes it, ids only, to every user who reads the changed group): another member's change shows without a
// reload. The customer queries the screen shows refetch (the tree's counts, the list, the open card, the
// history, the tags); a burst of changes (an import, a move) refetches once.
import { CUSTOMER_CHANGED, customerTopic } from "@shared/contacts/constants.ts";
import { useRefetchOn } from "../contacts/realtime.ts";
import { refreshCustomers } from "./queries.ts";

export function useCustomerRealtime() {
  useRefetchOn(customerTopic, CUSTOMER_CHANGED, refreshCustomers);
}
