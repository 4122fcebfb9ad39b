// Calls of the external calendars (shared/calendar/external.ts) and of the connections they come through
// (shared/external-services.ts), with their queries. Keys start with "calendar" so the calendar's refreshes
// reach them: ["calendar","external","services"|"connections"|"connection",id].
import { queryOptions } from "@tanstack/react-query";
import type { ExternalCalendar, ExternalCalendarConnection } from "@shared/calendar/external.ts";
import type { AuthorizationStart, ExternalConnection, ExternalService } from "@shared/external-services.ts";
import { api } from "../../../lib/api.ts";

export const REGISTRATION_ID = "google-calendar";

export const externalKeys = {
  all: ["calendar", "external"] as const,
  services: ["calendar", "external", "services"] as const,
  connections: ["calendar", "external", "connections"] as const,
  connection: (id: number) => ["calendar", "external", "connection", id] as const,
};

export const servicesQuery = queryOptions({
  queryKey: externalKeys.services,
  queryFn: ({ signal }) => api<ExternalService[]>("/api/oauth2/services", { signal }),
  staleTime: 5 * 60_000,
});

export const connectionsQuery = queryOptions({
  queryKey: externalKeys.connections,
  queryFn: ({ signal }) => api<ExternalConnection[]>("/api/oauth2/connections", { signal, query: { serviceType: "GOOGLE_CALENDAR" } }),
  staleTime: 60_000,
});

export const fetchConnection = (id: number, sync: boolean, signal?: AbortSignal) =>
  api<ExternalCalendarConnection>("/api/external/calendars", { signal, query: { connectionId: id, sync } });

export const connectionQuery = (id: number) =>
  queryOptions({ queryKey: externalKeys.connection(id), queryFn: ({ signal }) => fetchConnection(id, false, signal), staleTime: 60_000 });

export const setSelected = (id: number, selected: boolean) =>
  api<ExternalCalendar>(`/api/external/calendars/${id}`, { method: "PATCH", json: { selected } });
export const startAuthorization = () => api<AuthorizationStart>(`/api/oauth2/authorization/${REGISTRATION_ID}`, { method: "POST" });
export const disconnect = (id: number) => api<void>(`/api/oauth2/connections/${id}`, { method: "DELETE" });
