// The home dashboard's queries. Every key starts with "home":
//   ["home","config"]                          the user's layout, bookmarks and notepad
//   ["home","widget", component, size, boardId]  one widget's data (refreshed by its module's realtime events)
//   ["home","companyDefault"]                  the company's default layout (admin)
import { queryOptions } from "@tanstack/react-query";
import type { DataWidgetId } from "@shared/home/widgets.ts";
import * as homeApi from "./api.ts";

export const homeConfigQuery = queryOptions({ queryKey: ["home", "config"], queryFn: ({ signal }) => homeApi.config(signal) });

export const widgetKey = (component: DataWidgetId) => ["home", "widget", component] as const;

export const widgetDataQuery = <K extends DataWidgetId>(component: K, q: { size?: number; boardId?: number }) =>
  queryOptions({
    queryKey: [...widgetKey(component), q.size ?? null, q.boardId ?? null],
    queryFn: ({ signal }) => homeApi.widgetData(component, q, signal),
    // Realtime events invalidate; nothing polls.
    staleTime: 5 * 60_000,
  });

export const companyDefaultQuery = queryOptions({ queryKey: ["home", "companyDefault"], queryFn: ({ signal }) => homeApi.companyDefault(signal) });
