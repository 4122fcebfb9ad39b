// The administrator's settings of the external services (shared/external-services.ts).
import { queryOptions } from "@tanstack/react-query";
import type { ExternalServiceSettings, ExternalServiceSettingsInput } from "@shared/external-services.ts";
import { api } from "../../../lib/api.ts";

export const externalServicesQuery = queryOptions({
  queryKey: ["admin", "external-services"],
  queryFn: ({ signal }) => api<ExternalServiceSettings[]>("/api/admin/external-services", { signal }),
});

export const saveExternalService = (registrationId: string, body: ExternalServiceSettingsInput) =>
  api<ExternalServiceSettings>(`/api/admin/external-services/${registrationId}`, { method: "PUT", json: body });
