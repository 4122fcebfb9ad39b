// Resource booking's calls (002 §7 "Resource booking"; every call and its shape in shared/resource/resources.ts),
// through the app's API client. The image is bytes: fetched with the bearer token into an object URL.
import type {
  Booking, BookingCancelled, BookingCreated, BookingPage, BookingInput, BookingUpdate, ResourceDay, ResourceTypeInfo,
} from "@shared/resource/resources.ts";
import { api, authorized } from "../../lib/api.ts";
import type { GridRange } from "./routes.ts";

export const B = "/api/resource";

export const day = (searchDate: string, type: string, range: GridRange, signal?: AbortSignal) =>
  api<ResourceDay>(B, { signal, query: { searchDate, type, range } });
export const types = (signal?: AbortSignal) => api<ResourceTypeInfo[]>(`${B}/types`, { signal });
export const booking = (id: number, signal?: AbortSignal) => api<Booking>(`${B}/book/${id}`, { signal });
export const mine = (page: number, pageSize: number, signal?: AbortSignal) =>
  api<BookingPage>(`${B}/book/mine`, { signal, query: { page, pageSize } });
export const pending = (signal?: AbortSignal) => api<Booking[]>(`${B}/book/pending`, { signal });

/** POST book (201). A body without resourceId's defaults; 409 resource.conflict lists the conflicts in params. */
export const create = (body: Omit<BookingInput, "skipConflicts" | "note"> & { note: string; skipConflicts?: boolean }) =>
  api<BookingCreated>(`${B}/book`, { method: "POST", json: body });
export const update = (body: Omit<BookingUpdate, "note"> & { note: string }) => api<Booking>(`${B}/book`, { method: "PATCH", json: body });
export const cancel = (id: number, scope: "ONE" | "FOLLOWING") => api<BookingCancelled>(`${B}/book/${id}`, { method: "DELETE", query: { scope } });
export const approve = (id: number) => api<Booking>(`${B}/book/${id}/approve`, { method: "PUT" });
export const reject = (id: number, reason: string) => api<Booking>(`${B}/book/${id}/reject`, { method: "PUT", json: { reason } });

/** GET img/{id} as an object URL (the caller revokes it). */
export async function imageUrl(id: number, signal?: AbortSignal): Promise<string> {
  return URL.createObjectURL(await (await authorized(`${B}/img/${id}`, { signal })).blob());
}
