// The bell's data (shared/notifications/api.ts): the unread count (always, for the badge), the list (pages of
// PAGE_SIZE, newest first, while the list is open) and the mail settings. Realtime keeps them current (Bell.tsx).
import { infiniteQueryOptions, queryOptions } from "@tanstack/react-query";
import type { NotificationPage, NotificationSettings, SettingsBody } from "@shared/notifications/api.ts";
import { PAGE_SIZE } from "@shared/notifications/api.ts";
import { api } from "../../lib/api.ts";

export const notificationKeys = {
  all: ["notifications"] as const,
  count: ["notifications", "count"] as const,
  list: ["notifications", "list"] as const,
  settings: ["notifications", "settings"] as const,
};

export const unreadCountQuery = queryOptions({
  queryKey: notificationKeys.count,
  queryFn: ({ signal }) => api<{ count: number }>("/api/notifications/unread-count", { signal }).then((r) => r.count),
  staleTime: Infinity,
});

export const notificationListQuery = infiniteQueryOptions({
  queryKey: notificationKeys.list,
  queryFn: ({ signal, pageParam }) =>
    api<NotificationPage>("/api/notifications", { signal, query: { size: PAGE_SIZE, before: pageParam } }),
  initialPageParam: undefined as number | undefined,
  getNextPageParam: (last) => (last.hasMore && last.content.length ? last.content[last.content.length - 1].id : undefined),
  staleTime: 30_000,
});

export const notificationSettingsQuery = queryOptions({
  queryKey: notificationKeys.settings,
  queryFn: ({ signal }) => api<NotificationSettings>("/api/notifications/settings", { signal }),
});

/** Marks some (or all) read; answers the unread count after. */
export const markRead = (body: { ids: number[] } | { all: true }) =>
  api<{ count: number }>("/api/notifications/read", { method: "POST", json: body }).then((r) => r.count);

export const deleteNotification = (id: number) => api<void>(`/api/notifications/${id}`, { method: "DELETE" });

export const saveNotificationSettings = (body: SettingsBody) =>
  api<NotificationSettings>("/api/notifications/settings", { method: "PUT", json: body });
