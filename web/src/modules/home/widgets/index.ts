// The widgets by component id, each its own lazily loaded file (a dashboard loads only the widgets it shows).
import { lazy } from "react";
import type { WidgetId } from "@shared/home/widgets.ts";
import type { WidgetProps } from "./common.tsx";

export const WIDGET_VIEWS: Record<WidgetId, React.LazyExoticComponent<(p: WidgetProps) => React.ReactNode>> = {
  "flow-1": lazy(() => import("./Flow1.tsx")),
  "flow-2": lazy(() => import("./Flow2.tsx")),
  "flow-3": lazy(() => import("./Flow3.tsx")),
  "flow-4": lazy(() => import("./Flow4.tsx")),
  "mail-1": lazy(() => import("./Mail1.tsx")),
  "cal-1": lazy(() => import("./Cal1.tsx")),
  "cal-2": lazy(() => import("./Cal2.tsx")),
  "board-1": lazy(() => import("./Board1.tsx")),
  "board-2": lazy(() => import("./Board2.tsx")),
  "approval-1": lazy(() => import("./Approval1.tsx")),
  "etc-1": lazy(() => import("./Etc1.tsx")),
  "etc-2": lazy(() => import("./Etc2.tsx")),
  "etc-3": lazy(() => import("./Etc3.tsx")),
};
