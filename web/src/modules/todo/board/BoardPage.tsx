// The board page (002 §2 "todo_board"): its title (renamed in place), the view switcher, the filter bar and the view
// (table/kanban/gantt with BoardViewProps), and the item detail panel when the actionObj names a group and an item.
// The view and the saved filter live in the actionObj; a filter being edited is applied unsaved (the `filters`
// parameter) until it is saved or dropped. A board that does not exist (404) goes to its workspace; a colleague who
// does not follow the workspace is offered to follow it (403 todo.not_follower).
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FilterRow } from "@shared/todo/boards.ts";
import type { ViewType } from "@shared/todo/constants.ts";
import type { TodoWorkspace } from "@shared/todo/workspaces.ts";
import { ApiError } from "../../../lib/api.ts";
import { Button } from "../../../ui/Button.tsx";
import type { BoardParams } from "../api.ts";
import { todoErrorText } from "../errors.ts";
import { FilterBar } from "../filters/FilterBar.tsx";
import type { ActionObj } from "../paths.ts";
import { boardQuery } from "../queries.ts";
import { todoLinks } from "../side/links.ts";
import { useWorkspaceActions } from "../workspace/actions.ts";
import { BoardTitle } from "./BoardTitle.tsx";
import { DetailPanel, VIEWS } from "./views.tsx";
import { ViewSwitcher } from "./ViewSwitcher.tsx";

export function BoardPage({ ws, boardId, action, ganttAllowed }: { ws: TodoWorkspace; boardId: number; action: ActionObj; ganttAllowed: boolean }) {
  const { t } = useTranslation("todo");
  const navigate = useNavigate();
  const actions = useWorkspaceActions();
  const [draft, setDraft] = useState<FilterRow[] | null>(null);
  const params: BoardParams = draft ? { filters: draft } : action.filterId !== undefined ? { filterId: action.filterId } : {};
  const entry = useQuery({ ...boardQuery(boardId, params), placeholderData: keepPreviousData, enabled: ws.following });
  const missing = entry.error instanceof ApiError && entry.error.status === 404;
  useEffect(() => {
    if (missing) void navigate({ ...todoLinks.workspace(ws.id), replace: true });
  }, [missing, ws.id, navigate]);

  const view: ViewType = action.viewType ?? "table";
  const go = (next: ActionObj, replace = false) => {
    const clean = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)) as ActionObj;
    void navigate({ ...todoLinks.board(ws.id, boardId, clean), replace });
  };

  if (!ws.following) {
    return (
      <div className="td-screen td-empty">
        <p>{t("workspace.followToSee")}</p>
        <Button onPress={() => void actions.follow(ws)}>{t("workspace.follow")}</Button>
      </div>
    );
  }
  if (!entry.data) {
    if (entry.isError && !missing) return <p className="td-problem td-screen" role="alert">{todoErrorText(entry.error, "board.failed")}</p>;
    return <p className="td-muted td-screen" role="status">{t("common.loading")}</p>;
  }

  const data = entry.data;
  const canEdit = data.board.edit;
  const View = VIEWS[view];
  const detailOpen = action.groupId !== undefined && action.itemId !== undefined && action.groupId > 0 && action.itemId > 0;
  return (
    <div className={`td-board${detailOpen ? " td-board-with-detail" : ""}`}>
      <div className="td-board-main">
        <header className="td-board-head">
          <BoardTitle board={data.board} canEdit={canEdit} />
          <ViewSwitcher view={view} ganttAllowed={ganttAllowed} onChange={(v) => go({ ...action, viewType: v === "table" ? undefined : v })} />
        </header>
        <FilterBar entry={data} boardId={boardId} draft={draft} onDraft={setDraft}
          onApply={(filterId) => {
            setDraft(null);
            go({ ...action, filterId });
          }} />
        <div className="td-view" aria-busy={entry.isFetching && entry.isPlaceholderData}>
          {View && (
            <Suspense fallback={<p className="td-muted" role="status">{t("common.loading")}</p>}>
              <View workspaceId={ws.id} boardId={boardId} entry={data} params={params} canEdit={canEdit}
                openItem={(i) => go({ ...action, groupId: i.groupId, itemId: i.itemId, parentId: i.parentId })} />
            </Suspense>
          )}
        </div>
      </div>
      {detailOpen && DetailPanel && (
        <Suspense fallback={null}>
          <DetailPanel workspaceId={ws.id} boardId={boardId} groupId={action.groupId!} itemId={action.itemId!} parentId={action.parentId}
            canEdit={canEdit} onClose={() => go({ ...action, groupId: undefined, itemId: undefined, parentId: undefined })} />
        </Suspense>
      )}
    </div>
  );
}
