// The resource booking's administration calls (api/resource/admin/..., ROLE_ADMIN only; shared/resource/resources.ts).
import { queryOptions, type QueryClient } from "@tanstack/react-query";
import type { AdminResource, BookingCancelled, ResourceInput, ResourceTypeInfo } from "@shared/resource/resources.ts";
import { api, authorized } from "../../../lib/api.ts";

const A = "/api/resource/admin";

export const adminResourcesQuery = queryOptions({ queryKey: ["admin", "resources"], queryFn: ({ signal }) => api<AdminResource[]>(`${A}/resources`, { signal }) });
export const adminTypesQuery = queryOptions({ queryKey: ["admin", "resources", "types"], queryFn: ({ signal }) => api<ResourceTypeInfo[]>(`${A}/types`, { signal }) });

export const createResource = (body: ResourceInput) => api<AdminResource>(`${A}/resources`, { method: "POST", json: body });
export const updateResource = (id: number, body: ResourceInput) => api<AdminResource>(`${A}/resources/${id}`, { method: "PUT", json: body });
export const deleteResource = (id: number) => api<BookingCancelled>(`${A}/resources/${id}`, { method: "DELETE" });
export const deleteImage = (id: number) => api<unknown>(`${A}/resources/${id}/img`, { method: "DELETE" });
export const createType = (name: string) => api<ResourceTypeInfo>(`${A}/types`, { method: "POST", json: { name } });
export const renameType = (id: number, name: string) => api<ResourceTypeInfo>(`${A}/types/${id}`, { method: "PUT", json: { name } });
export const deleteType = (id: number) => api<ResourceTypeInfo>(`${A}/types/${id}`, { method: "DELETE" });

/** PUT admin/resources/{id}/img: the image as multipart "file". */
export async function putImage(id: number, file: File): Promise<AdminResource> {
  const form = new FormData();
  form.append("file", file);
  return await (await authorized(`${A}/resources/${id}/img`, { method: "PUT", body: form })).json() as AdminResource;
}

/** After a change: the admin lists and the booking screens' resources and types. */
export function refreshResources(qc: QueryClient) {
  return Promise.all([
    qc.invalidateQueries({ queryKey: ["admin", "resources"] }),
    qc.invalidateQueries({ predicate: (q) => q.queryKey[0] === "resource" }),
  ]);
}
