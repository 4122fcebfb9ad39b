// The home dashboard's calls (shared/home/api.ts: every call, its answers and codes), through the app's API client.
import type { Bookmark, BookmarkBody, DashboardConfig, DefaultLayout, Notepad } from "@shared/home/api.ts";
import type { DataWidgetId, Widget, WidgetDataMap } from "@shared/home/widgets.ts";
import { api } from "../../lib/api.ts";

const C = "/api/users/dashboard/config";

export const config = (signal?: AbortSignal) => api<DashboardConfig>(C, { signal });
/** PUT widgets: the caller's own layout. */
export const saveWidgets = (widgets: Widget[]) => api<{ widgets: Widget[] }>(`${C}/widgets`, { method: "PUT", json: { widgets } });
/** DELETE widgets: back to the company's default layout. */
export const resetWidgets = () => api<{ widgets: Widget[] }>(`${C}/widgets`, { method: "DELETE" });
export const addBookmark = (body: BookmarkBody) => api<Bookmark>(`${C}/bookmark`, { method: "POST", json: body });
export const updateBookmark = (body: BookmarkBody & { id: number }) => api<Bookmark>(`${C}/bookmark`, { method: "PUT", json: body });
export const deleteBookmark = (id: number) => api<{ id: number }>(`${C}/bookmark`, { method: "DELETE", query: { id } });
export const saveNotepad = (content: string) => api<Notepad>(`${C}/notepad`, { method: "POST", json: { content } });

export const widgetData = <K extends DataWidgetId>(component: K, q: { size?: number; boardId?: number }, signal?: AbortSignal) =>
  api<WidgetDataMap[K]>(`/api/users/dashboard/widgets/${component}`, { signal, query: q });

const D = "/api/admin/dashboard/default";
export const companyDefault = (signal?: AbortSignal) => api<DefaultLayout>(D, { signal });
export const saveCompanyDefault = (widgets: Widget[]) => api<DefaultLayout>(D, { method: "PUT", json: { widgets } });
export const resetCompanyDefault = () => api<DefaultLayout>(D, { method: "DELETE" });
