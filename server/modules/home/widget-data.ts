// GET /api/users/dashboard/widgets/{component}: one widget's data for the caller (shared/home/widgets.ts
// WidgetDataMap), 404 home.widget_not_found for an unknown id or one without server data (etc-1), 403
// home.module_unused when the account does not use the widget's module. Each loader (widgets/<name>.ts) reads
// through its module's own services, access rules and repos.
import type { WidgetDataQuery } from "../../../shared/home/api.ts";
import { HOME_ERRORS } from "../../../shared/home/errors.ts";
import { DATA_WIDGET_IDS, type DataWidgetId, type WidgetDataMap, WIDGETS } from "../../../shared/home/widgets.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { usedModules } from "../company/service.ts";
import { approvalWidget } from "./widgets/approval.ts";
import { mustReadWidget, newPostsWidget } from "./widgets/board.ts";
import { calendarWidget } from "./widgets/calendar.ts";
import { dueSoonWidget, favouriteProjectsWidget, flowStatusWidget } from "./widgets/flow.ts";
import { leaveWidget } from "./widgets/leave.ts";
import { mailWidget } from "./widgets/mail.ts";
import { bookingWidget } from "./widgets/resource.ts";
import { todoWidget } from "./widgets/todo.ts";

type Loaders = { [K in DataWidgetId]: (caller: Caller, q: WidgetDataQuery) => Promise<WidgetDataMap[K]> };

const LOADERS: Loaders = {
  "flow-1": (c) => flowStatusWidget(c),
  "flow-2": dueSoonWidget,
  "flow-3": todoWidget,
  "flow-4": favouriteProjectsWidget,
  "mail-1": mailWidget,
  "cal-1": (c) => calendarWidget(c, "day"),
  "cal-2": (c) => calendarWidget(c, "week"),
  "board-1": newPostsWidget,
  "board-2": mustReadWidget,
  "approval-1": approvalWidget,
  "etc-2": bookingWidget,
  "etc-3": (c) => leaveWidget(c),
};

const isDataWidget = (id: string): id is DataWidgetId => (DATA_WIDGET_IDS as readonly string[]).includes(id);

export async function widgetData(caller: Caller, component: string, q: WidgetDataQuery): Promise<WidgetDataMap[DataWidgetId]> {
  if (!isDataWidget(component)) throw new AppError(404, HOME_ERRORS.widgetNotFound);
  const module = WIDGETS[component].module;
  if (module !== null && !(await usedModules(caller)).has(module)) throw new AppError(403, HOME_ERRORS.moduleUnused);
  return await LOADERS[component](caller, q);
}
