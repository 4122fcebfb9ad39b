// Queries of the mail-program tab (paths in shared/mail/clients.ts): the server settings a client is set up
// with, and the state of the mail-program password.
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { ClientPasswordState, ClientServerSettings } from "@shared/mail/clients.ts";
import { api } from "../../../../lib/api.ts";

const BASE = "/api/mail/config/pop3";

export const clientServerQuery = queryOptions({
  queryKey: ["mail", "clients", "server"] as const,
  queryFn: ({ signal }) => api<ClientServerSettings>(`${BASE}/external/setting`, { signal }),
});

export const clientPasswordQuery = queryOptions({
  queryKey: ["mail", "clients", "password"] as const,
  queryFn: ({ signal }) => api<ClientPasswordState>(`${BASE}/password`, { signal }),
});

export const setClientPassword = (password: string) =>
  api<ClientPasswordState>(`${BASE}/password`, { method: "PUT", json: { password } });

export const removeClientPassword = () => api<ClientPasswordState>(`${BASE}/password`, { method: "DELETE" });

/** After a change: the new state at once, and the server box's "password set" refreshed. */
export function passwordChanged(qc: QueryClient, state: ClientPasswordState) {
  qc.setQueryData(clientPasswordQuery.queryKey, state);
  void qc.invalidateQueries({ queryKey: clientServerQuery.queryKey });
}
