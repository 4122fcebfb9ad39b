// Calls of the personal settings (shared/approval/config.ts): the deputy (대결). The saved lines' calls are
// the line editor's (lines/api.ts).
import { queryOptions } from "@tanstack/react-query";
import type { Deputy } from "@shared/approval/config.ts";
import { api } from "../../../lib/api.ts";

const A = "/api/approval";

export const deputyQuery = queryOptions({
  queryKey: ["approval", "deputy"],
  queryFn: ({ signal }) => api<Deputy | null>(`${A}/config/deputy`, { signal }),
});

export interface DeputyInput {
  deputyId: number;
  fromMillis: number;
  toMillis: number;
  reason: string;
}
export const saveDeputy = (body: DeputyInput) => api(`${A}/config/deputy`, { method: "PUT", json: body });
export const clearDeputy = () => api(`${A}/config/deputy`, { method: "DELETE" });
