// /todo/{workspaceId} (002 §2 "todo_workspace"): the workspace (its avatar, title, owner and followers, its
// actions) and its boards as a list (folders with their boards). A workspace that does not exist (or is another
// company's: not in GET workspace) goes to /todo with the remembered id cleared; a shown one is remembered. A
// colleague who does not follow it sees 팔로우 instead of the boards (002 §6).
import { useQuery } from "@tanstack/react-query";
import { createLazyRoute, Link, useNavigate, useParams } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TodoBoardNode } from "@shared/todo/boards.ts";
import type { TodoWorkspace } from "@shared/todo/workspaces.ts";
import { Button } from "../../../ui/Button.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { idOf } from "../paths.ts";
import { boardsQuery, workspacesQuery } from "../queries.ts";
import { TODO_ICONS } from "../side/icons.ts";
import { todoLinks } from "../side/links.ts";
import { rememberWorkspace } from "../side/location.ts";
import { NewBoardDialog } from "../side/NewBoardDialog.tsx";
import { useWorkspaceActions } from "./actions.ts";
import { WorkspaceAvatar } from "./WorkspaceAvatar.tsx";
import { WorkspaceMenu } from "./WorkspaceMenu.tsx";

export const Route = createLazyRoute("/app/todo/$workspaceId")({ component: WorkspacePage });

/** The workspace of the address from the list; a missing one sends the island to /todo and forgets it. */
export function useWorkspaceOfAddress(raw: string | undefined): TodoWorkspace | undefined {
  const navigate = useNavigate();
  const id = idOf(raw);
  // Read again on arrival: a workspace made or followed a moment ago may not be in the list kept from before.
  const workspaces = useQuery({ ...workspacesQuery, refetchOnMount: "always" });
  const ws = id === null ? undefined : workspaces.data?.find((w) => w.id === id);
  const missing = id === null || (workspaces.isSuccess && workspaces.isFetchedAfterMount && !workspaces.isFetching && !ws);
  useEffect(() => {
    if (missing) {
      rememberWorkspace(null);
      void navigate({ ...todoLinks.home(), replace: true });
    } else if (ws) rememberWorkspace(ws.id);
  }, [missing, id, ws, navigate]);
  return ws;
}

function WorkspacePage() {
  const { t } = useTranslation("todo");
  const { workspaceId } = useParams({ strict: false }) as { workspaceId?: string };
  const ws = useWorkspaceOfAddress(workspaceId);
  if (!ws) return <p className="td-muted td-screen" role="status">{t("common.loading")}</p>;
  return <WorkspaceView key={ws.id} ws={ws} />;
}

function WorkspaceView({ ws }: { ws: TodoWorkspace }) {
  const { t } = useTranslation("todo");
  const actions = useWorkspaceActions();
  const boards = useQuery({ ...boardsQuery(ws.id), enabled: ws.following });
  const [creating, setCreating] = useState<"BOARD" | "FOLDER" | null>(null);
  const row = (n: TodoBoardNode) => (
    <li key={n.id}>
      {n.boardType === "FOLDER"
        ? (
          <>
            <span className="td-board-card td-folder-card">
              <SvgIcon d={TODO_ICONS.folder} size={18} />
              <span>{n.title}</span>
              <span className="td-muted">{t("workspace.boardCount", { count: n.children.length })}</span>
            </span>
            {n.children.length > 0 && <ul className="td-board-cards td-board-cards-inner">{n.children.map(row)}</ul>}
          </>
        )
        : (
          <Link {...todoLinks.board(ws.id, n.id)} className="td-board-card">
            <SvgIcon d={TODO_ICONS.board} size={18} />
            <span>{n.title}</span>
          </Link>
        )}
    </li>
  );
  return (
    <div className="td-screen">
      <header className="td-ws-head">
        <WorkspaceAvatar ws={ws} size={48} />
        <div className="td-ws-head-text">
          <h1 className="td-title">{ws.title}</h1>
          <p className="td-muted">{t("home.meta", { owner: ws.ownerName, followers: ws.userCount, boards: ws.boardCount })}</p>
        </div>
        <WorkspaceMenu ws={ws} />
      </header>
      {!ws.following
        ? (
          <div className="td-empty">
            <p>{t("workspace.followToSee")}</p>
            <Button onPress={() => void actions.follow(ws)}>{t("workspace.follow")}</Button>
          </div>
        )
        : (
          <section className="td-section" aria-labelledby="td-ws-boards">
            <div className="td-section-head">
              <h2 id="td-ws-boards">{t("workspace.boards")}</h2>
              <span className="td-actions">
                <Button variant="secondary" onPress={() => setCreating("FOLDER")}>{t("side.newFolder")}</Button>
                <Button onPress={() => setCreating("BOARD")}>{t("side.newBoard")}</Button>
              </span>
            </div>
            {boards.isPending && <p className="td-muted" role="status">{t("common.loading")}</p>}
            {boards.isError && <p className="td-problem" role="alert">{t("side.boardsFailed")}</p>}
            {boards.data && boards.data.length === 0 && <p className="td-muted">{t("side.noBoards")}</p>}
            {boards.data && boards.data.length > 0 && <ul className="td-board-cards" aria-label={t("workspace.boards")}>{boards.data.map(row)}</ul>}
          </section>
        )}
      {creating && <NewBoardDialog workspaceId={ws.id} boardType={creating} parentId={null} onClose={() => setCreating(null)} />}
    </div>
  );
}
