// Where the island is (the workspace and board of the address, from the router's pathname) and the workspace
// remembered locally (002 §2 "The last chosen workspace id is remembered locally": LAST_WORKSPACE_KEY).
import { useRouterState } from "@tanstack/react-router";
import { LAST_WORKSPACE_KEY } from "@shared/todo/constants.ts";
import { idOf } from "../paths.ts";

export interface TodoPlace {
  workspaceId: number | null;
  boardId: number | null;
}

/** The workspace and board of a pathname (/todo/{workspaceId}[/{boardId}[/{actionObj}]]). */
export function placeOf(pathname: string): TodoPlace {
  const parts = pathname.split("/").filter(Boolean);
  if (parts[0] !== "todo") return { workspaceId: null, boardId: null };
  return { workspaceId: idOf(parts[1]), boardId: idOf(parts[2]) };
}

export function useTodoPlace(): TodoPlace {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  return placeOf(pathname);
}

export function rememberedWorkspace(): number | null {
  try {
    return idOf(localStorage.getItem(LAST_WORKSPACE_KEY) ?? undefined);
  } catch {
    return null;
  }
}

export function rememberWorkspace(id: number | null) {
  try {
    if (id === null) localStorage.removeItem(LAST_WORKSPACE_KEY);
    else localStorage.setItem(LAST_WORKSPACE_KEY, String(id));
  } catch {
    // storage refused (private mode): nothing is remembered
  }
}
