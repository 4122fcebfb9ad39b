// /todo/{workspaceId}/{boardId}[/{actionObj}] (002 §2): the address read and checked before the board shows. A
// workspace that does not exist goes to /todo (workspace.route.tsx's rule); a board id that is not a number goes
// to the workspace; a malformed actionObj shows "서버 주소(URL)가 잘못된 오류입니다." and returns to the board; a
// gantt asked for off the ADVANCED plan goes to the workspace (002 §2, §6).
import { useQuery } from "@tanstack/react-query";
import { createLazyRoute, useNavigate, useParams } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { GANTT_PLAN } from "@shared/todo/constants.ts";
import { companyQuery } from "../../../app/queries.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { idOf, parseActionObj } from "../paths.ts";
import { todoLinks } from "../side/links.ts";
import { useWorkspaceOfAddress } from "../workspace/workspace.route.tsx";
import { BoardPage } from "./BoardPage.tsx";

export const Route = createLazyRoute("/app/todo/$workspaceId/$boardId")({ component: BoardAddress });
export const ActionRoute = createLazyRoute("/app/todo/$workspaceId/$boardId/$actionObj")({ component: BoardAddress });

function BoardAddress() {
  const { t } = useTranslation("todo");
  const navigate = useNavigate();
  const p = useParams({ strict: false }) as { workspaceId?: string; boardId?: string; actionObj?: string };
  const ws = useWorkspaceOfAddress(p.workspaceId);
  const boardId = idOf(p.boardId);
  const action = p.actionObj === undefined ? {} : parseActionObj(p.actionObj);
  const plan = useQuery(companyQuery).data?.planType;
  const ganttRefused = action?.viewType === "gantt" && plan !== undefined && plan !== GANTT_PLAN;

  useEffect(() => {
    if (!ws) return;
    if (boardId === null || ganttRefused) void navigate({ ...todoLinks.workspace(ws.id), replace: true });
    else if (action === null) {
      snackbar("ERROR", t("board.badAddress"), { carry: true });
      void navigate({ ...todoLinks.board(ws.id, boardId), replace: true });
    }
  }, [ws, boardId, action === null, ganttRefused, navigate, t]);

  if (!ws || boardId === null || action === null || ganttRefused || (action.viewType === "gantt" && plan === undefined)) {
    return <p className="td-muted td-screen" role="status">{t("common.loading")}</p>;
  }
  return <BoardPage key={boardId} ws={ws} boardId={boardId} action={action} ganttAllowed={plan === GANTT_PLAN} />;
}
