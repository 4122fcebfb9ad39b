// /flow/projects: the project list (ProjectsScreen).
import { createLazyRoute } from "@tanstack/react-router";
import { ProjectsScreen } from "./ProjectsScreen.tsx";

export const Route = createLazyRoute("/app/flow/projects")({ component: ProjectsScreen });
