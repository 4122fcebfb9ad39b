import type { EventItem } from "@shared/calendar/events.ts";
import type { Ymd } from "../dates.ts";
import type { Placed } from "../layout.ts";
import type { ViewType } from "../view-range.ts";
import type { DialogStart } from "../event/EventDialog.tsx";

/** What every view gets from the layout. */
export interface ViewProps {
  type: ViewType;
  focus: Ymd;
  tz: string;
  today: Ymd;
  lng: string;
  /** Events of the checked calendars, placed in the display zone. */
  items: Placed[];
  /** Calendar id → its colour. */
  colors: Map<number, string>;
  loading: boolean;
  onOpen(item: EventItem, anchor: HTMLElement | null): void;
  onCreate(start: DialogStart): void;
  onGo(type: ViewType, focus: Ymd): void;
}
