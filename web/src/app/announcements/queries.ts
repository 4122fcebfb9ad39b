// Queries of the announcements (000 §7) for the shell's dialogs and the admin console, and the per-user marks
// that decide when the top bar shows a new-announcement signal.
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import type { Announcement, AnnouncementUpdated } from "@shared/announcements.ts";
import type { Page } from "@shared/paging.ts";
import { api } from "../../lib/api.ts";

export const announcementKeys = { all: ["announcements"] as const };

export const announcementListQuery = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ["announcements", "list", page, pageSize],
    queryFn: ({ signal }) => api<Page<Announcement>>("/api/announce/list", { signal, query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });

export const announcementQuery = (id: number) =>
  queryOptions({
    queryKey: ["announcements", "one", id],
    queryFn: ({ signal }) => api<Announcement>(`/api/announce/${id}`, { signal }),
  });

/** Whether something was posted since the previous sign-in; asked again every five minutes. */
export const announcementUpdatedQuery = queryOptions({
  queryKey: ["announcements", "isUpdated"],
  queryFn: ({ signal }) => api<AnnouncementUpdated>("/api/announce/recent/isUpdated", { signal }),
  staleTime: 60_000,
  refetchInterval: 5 * 60_000,
});

/** The newest registration time the user has seen in the list, per user, in this browser. */
const seenKey = (userId: number) => `gw.announce.seen.${userId}`;
export function seenUpTo(userId: number): number {
  return Number(localStorage.getItem(seenKey(userId)) ?? 0) || 0;
}
export function markSeen(userId: number, timeMillis: number | null) {
  if (timeMillis && timeMillis > seenUpTo(userId)) localStorage.setItem(seenKey(userId), String(timeMillis));
}

/** The list opens by itself once per sign-in (a sign-in is known by its previous-login time). */
const openedKey = (userId: number) => `gw.announce.opened.${userId}`;
export function openedFor(userId: number, signIn: string): boolean {
  return localStorage.getItem(openedKey(userId)) === signIn;
}
export function markOpened(userId: number, signIn: string) {
  localStorage.setItem(openedKey(userId), signIn);
}

export function formatWhen(ms: number, lng: string): string {
  return new Intl.DateTimeFormat(lng, { dateStyle: "medium", timeStyle: "short" }).format(ms);
}
