// The home dashboard's HTTP API (002 §7 "Home (api/users/dashboard/config)" and what the spec leaves to us).
// Every call needs a signed-in user of a company with useHome on (403 home.disabled).
//
//   GET    /api/users/dashboard/config             DashboardConfig (widgets of modules the account does not use
//                                                  are left out of the answer but kept stored)
//   POST   /api/users/dashboard/config/bookmark    bookmarkBody → 201 Bookmark (409 home.bookmarks_max)
//   PUT    /api/users/dashboard/config/bookmark    bookmarkUpdateBody → 201 Bookmark (as the spec: modify 201)
//   DELETE /api/users/dashboard/config/bookmark?id=N  200 { id } (404 home.bookmark_not_found)
//   PUT    /api/users/dashboard/config/widgets     widgetsBody → 200 { widgets } (the caller's layout; stored
//                                                  widgets of modules the account does not use are kept)
//   DELETE /api/users/dashboard/config/widgets     200 { widgets }: back to the company's default layout
//   GET    /api/users/dashboard/config/notepad     Notepad
//   POST   /api/users/dashboard/config/notepad     notepadBody → 200 Notepad
//   GET    /api/users/dashboard/widgets/{component}  WidgetDataMap[component] (404 home.widget_not_found for
//                                                  an unknown id or etc-1; 403 home.module_unused when the
//                                                  account does not use the widget's module); query: size, boardId
//   GET    /api/admin/dashboard/default            { widgets, custom }: the company's default layout (admin);
//                                                  custom false = DEFAULT_WIDGETS (shared/home/widgets.ts)
//   PUT    /api/admin/dashboard/default            widgetsBody → 200 { widgets, custom: true }
//   DELETE /api/admin/dashboard/default            200 { widgets: DEFAULT_WIDGETS, custom: false }
//
// Realtime: HOME_CHANGED { part: "widgets" | "bookmarks" | "notepad" } on homeTopic(username) after a change,
// so the user's other tabs and devices refetch. Widget data refreshes on its modules' own realtime events.
import { z } from "zod";
import type { Widget } from "./widgets.ts";

export const BOOKMARKS_MAX = 50;
export const BOOKMARK_TITLE_MAX = 100;
export const BOOKMARK_LINK_MAX = 2000;
export const NOTEPAD_MAX = 10_000;

export const HOME_CHANGED = "HOME_CHANGED";
export const homeTopic = (username: string) => `/topic/home/user/${username}`;

export interface Bookmark {
  id: number;
  link: string;
  title: string;
}

export interface Notepad {
  content: string;
  /** ISO time of the last save; null before the first. */
  updatedAt: string | null;
}

export interface DashboardConfig {
  bookmarks: Bookmark[];
  widgets: Widget[];
  notepad: Notepad;
  /** True while the user has not arranged their own layout (the company's default shows). */
  defaultLayout: boolean;
}

export interface DefaultLayout {
  widgets: Widget[];
  custom: boolean;
}

/** An http(s) URL (javascript: and data: links are refused: 400 common.validation). */
const link = z.string().trim().min(1).max(BOOKMARK_LINK_MAX).url().refine((u) => /^https?:\/\//i.test(u), {
  message: "must be an http or https address",
});

export const bookmarkBody = z.object({
  link,
  title: z.string().trim().min(1).max(BOOKMARK_TITLE_MAX),
});
export type BookmarkBody = z.infer<typeof bookmarkBody>;

export const bookmarkUpdateBody = bookmarkBody.extend({ id: z.number().int().positive() });
export type BookmarkUpdateBody = z.infer<typeof bookmarkUpdateBody>;

export const bookmarkIdQuery = z.object({ id: z.coerce.number().int().positive() });

export const notepadBody = z.object({ content: z.string().max(NOTEPAD_MAX) });
export type NotepadBody = z.infer<typeof notepadBody>;

export const widgetDataQuery = z.object({
  size: z.coerce.number().int().min(3).max(10).default(5),
  boardId: z.coerce.number().int().positive().optional(),
});
export type WidgetDataQuery = z.infer<typeof widgetDataQuery>;
