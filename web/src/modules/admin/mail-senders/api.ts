// Calls of the company block list screen (/api/admin/mail/senders, ROLE_ADMIN; shared/mail/spam-lists.ts).
// The server answers the whole list (at most MAX_SENDER_LIST_ENTRIES); the screen filters and pages it.
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import { MAX_SPAM_ACTION_IDS, type SenderEntry, type SenderList } from "@shared/mail/spam-lists.ts";
import { api } from "../../../lib/api.ts";

export const SENDERS_PAGE_SIZE = 20;

export const companySendersQuery = queryOptions({
  queryKey: ["admin", "mail", "senders"],
  queryFn: ({ signal }) => api<SenderList>("/api/admin/mail/senders", { signal }),
});

export const blockCompanySender = (pattern: string) =>
  api<SenderEntry>("/api/admin/mail/senders", { method: "POST", json: { pattern } });

/** Removes entries, MAX_SPAM_ACTION_IDS per request (the most one request takes). */
export async function unblockCompanySenders(ids: number[]) {
  for (let i = 0; i < ids.length; i += MAX_SPAM_ACTION_IDS) {
    await api<void>("/api/admin/mail/senders", { method: "DELETE", json: { ids: ids.slice(i, i + MAX_SPAM_ACTION_IDS) } });
  }
}

/** After a change: this list, and the admin's own spam tab, which shows the company's entries too. */
export async function refreshCompanySenders(qc: QueryClient) {
  await Promise.all([
    qc.invalidateQueries({ queryKey: companySendersQuery.queryKey }),
    qc.invalidateQueries({ queryKey: ["mail", "spam", "senders"] }),
  ]);
}
