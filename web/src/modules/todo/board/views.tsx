// The board's views and the item detail panel, loaded lazily by their agreed paths (view-props.ts: TableView,
// KanbanView, GanttView, ItemDetailPanel). Found through import.meta.glob, so a part not built yet shows nothing
// in its slot instead of breaking the build.
import { type ComponentType, lazy, type LazyExoticComponent } from "react";
import type { ViewType } from "@shared/todo/constants.ts";
import type { BoardViewProps, ItemDetailPanelProps } from "./view-props.ts";

type Loader = () => Promise<Record<string, unknown>>;
const parts = import.meta.glob(["../table/TableView.tsx", "../kanban/KanbanView.tsx", "../gantt/GanttView.tsx", "../detail/ItemDetailPanel.tsx"]) as Record<string, Loader>;

function part<P>(path: string, name: string): LazyExoticComponent<ComponentType<P>> | null {
  const load = parts[path];
  if (!load) return null;
  return lazy(async () => {
    const m = await load();
    return { default: (m[name] ?? m.default) as ComponentType<P> };
  });
}

export const VIEWS: Record<ViewType, LazyExoticComponent<ComponentType<BoardViewProps>> | null> = {
  table: part<BoardViewProps>("../table/TableView.tsx", "TableView"),
  kanban: part<BoardViewProps>("../kanban/KanbanView.tsx", "KanbanView"),
  gantt: part<BoardViewProps>("../gantt/GanttView.tsx", "GanttView"),
};

export const DetailPanel = part<ItemDetailPanelProps>("../detail/ItemDetailPanel.tsx", "ItemDetailPanel");
