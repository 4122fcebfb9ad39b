// Flow's layout (002 §2 "Flow"). Filled in by issue 30's build.
import { createLazyRoute, Outlet } from "@tanstack/react-router";

export const Route = createLazyRoute("/app/flow")({ component: FlowLayout });

function FlowLayout() {
  return <Outlet />;
}
