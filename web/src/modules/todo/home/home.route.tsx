// /todo (002 §2 "todo: the workspace list"): with a remembered workspace that is in the list (and no ?list=1), that
// workspace opens in place of the list; a remembered one no longer there is forgotten. Otherwise the list.
import { useQuery } from "@tanstack/react-query";
import { createLazyRoute, useNavigate, useSearch } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { workspacesQuery } from "../queries.ts";
import { todoLinks } from "../side/links.ts";
import { rememberedWorkspace, rememberWorkspace } from "../side/location.ts";
import type { TodoHomeSearch } from "./routes.ts";
import { WorkspaceList } from "./WorkspaceList.tsx";

export const Route = createLazyRoute("/app/todo/")({ component: TodoHome });

function TodoHome() {
  const { t } = useTranslation("todo");
  const navigate = useNavigate();
  const { list } = useSearch({ strict: false }) as TodoHomeSearch;
  const workspaces = useQuery(workspacesQuery);
  const remembered = list ? null : rememberedWorkspace();
  const target = remembered && workspaces.data?.some((w) => w.id === remembered) ? remembered : null;
  useEffect(() => {
    if (!remembered || !workspaces.data) return;
    if (target) void navigate({ ...todoLinks.workspace(target), replace: true });
    else rememberWorkspace(null);
  }, [remembered, target, workspaces.data, navigate]);
  if (target || (remembered && workspaces.isPending)) return <p className="td-muted td-screen" role="status">{t("common.loading")}</p>;
  return <WorkspaceList />;
}
