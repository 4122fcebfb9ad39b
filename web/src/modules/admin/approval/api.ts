// The approval administration's calls (shared/approval/forms.ts admin calls, config.ts basic config and
// document managers). Keys start with ["approval", "admin"] (the form lists members see refresh too).
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { AdminForm, FormBox, FormInput } from "@shared/approval/forms.ts";
import type { BasicConfig, DocumentManager } from "@shared/approval/config.ts";
import { api } from "../../../lib/api.ts";

const A = "/api/approval";

export const adminFormsQuery = queryOptions({
  queryKey: ["approval", "admin", "forms"],
  queryFn: ({ signal }) => api<AdminForm[]>(`${A}/admin/form/list`, { signal }),
});
export const adminBoxesQuery = queryOptions({
  queryKey: ["approval", "admin", "boxes"],
  queryFn: ({ signal }) => api<FormBox[]>(`${A}/form/box/list/simple`, { signal }),
});
export const managersQuery = queryOptions({
  queryKey: ["approval", "admin", "managers"],
  queryFn: ({ signal }) => api<DocumentManager[]>(`${A}/admin/managers`, { signal }),
});
export const basicConfigQuery = queryOptions({
  queryKey: ["approval", "config", "basic"],
  queryFn: ({ signal }) => api<BasicConfig>(`${A}/config/basic`, { signal }),
});

/** After a form or box change: the admin lists and the members' form lists. */
export const refreshForms = (qc: QueryClient) =>
  qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === "approval" && (q.queryKey[1] === "admin" || q.queryKey[1] === "form" || q.queryKey[1] === "forms") });

export const createBox = (name: string, sortOrder: number) => api<FormBox>(`${A}/admin/form/box`, { method: "POST", json: { name, sortOrder } });
export const updateBox = (id: number, name: string, sortOrder: number) => api(`${A}/admin/form/box/${id}`, { method: "PUT", json: { name, sortOrder } });
export const deleteBox = (id: number) => api(`${A}/admin/form/box/${id}`, { method: "DELETE" });

export const createForm = (body: FormInput) => api<AdminForm>(`${A}/admin/form`, { method: "POST", json: body });
export const updateForm = (id: number, body: FormInput) => api<AdminForm>(`${A}/admin/form/${id}`, { method: "PUT", json: body });
export const setFormActive = (id: number, active: boolean) => api(`${A}/admin/form/${id}/active`, { method: "PUT", json: { active } });
export const deleteForm = (id: number) => api(`${A}/admin/form/${id}`, { method: "DELETE" });

export const saveManager = (userId: number, organIds: number[]) => api(`${A}/admin/managers/${userId}`, { method: "PUT", json: { organIds } });
export const saveBasicConfig = (pageSize: number) => api(`${A}/config/basic`, { method: "PUT", json: { pageSize } });
