// The external mail account calls (shared/mail/external.ts documents each) and the list query; the list polls
// every second while a fetch runs, so its progress shows.
import { queryOptions } from "@tanstack/react-query";
import type { ExternalAccount, ExternalAccountList } from "@shared/mail/external.ts";
import { api } from "../../../../lib/api.ts";

const BASE = "/api/mail/config/external";
export const EXTERNAL_POLL_MS = 1000;

export const externalQuery = queryOptions({
  queryKey: ["mail", "external"] as const,
  queryFn: async () => (await api<ExternalAccountList>(BASE)).accounts,
  refetchInterval: (q) => (q.state.data?.some((a) => a.fetchStatus === "FETCHING") ? EXTERNAL_POLL_MS : false),
});

export type ExternalForm = Record<string, string | number | boolean>;

export const addExternal = (body: ExternalForm) => api<ExternalAccount>(BASE, { method: "POST", json: body });
export const changeExternal = (id: number, body: ExternalForm) => api<ExternalAccount>(`${BASE}/${id}`, { method: "PUT", json: body });
export const deleteExternal = (ids: number[]) => api<void>(BASE, { method: "DELETE", json: { externalIds: ids } });
export const fetchExternal = (ids: number[]) =>
  api<ExternalAccountList>("/api/mail/config/fetch", { query: { externalIds: ids.join(",") } });

/** A stored message that is one of our error codes (e.g. mail.quota_exceeded) is translated; others are the server's words. */
export const isCode = (s: string) => /^[a-z]+\.[a-z0-9_]+$/.test(s);
