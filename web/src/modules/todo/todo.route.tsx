// To-do's layout (002 §2 "To-do"). Filled in by issue 30's build.
import { createLazyRoute, Outlet } from "@tanstack/react-router";

export const Route = createLazyRoute("/app/todo")({ component: TodoLayout });

function TodoLayout() {
  return <Outlet />;
}
