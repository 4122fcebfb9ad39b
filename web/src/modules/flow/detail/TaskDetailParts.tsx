// The task panel's lower parts (002 §3 "Task": subtasks, checklist, comments, files): the panel
// (../task-panel/TaskPanel.tsx) renders them under the task's fields, from the task it has read (GET
// projects/{p}/tasks/{t}, which carries checklist, comments, files and subTasks). Changes go through
// use-task-detail.ts. Comments: only one's own are editable; one's own, or any for the project's MASTER/ADMIN,
// deletable (the server's editable/deletable flags; 403 "해당 댓글에 대한 권한이 없습니다." otherwise). Outside a
// popup window the task can be opened in its own window (popup mode, ../popup/).
import { useRouter } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { CHECKLIST_MAX, CHECKLIST_TITLE_MAX, COMMENT_MAX } from "@shared/flow/constants.ts";
import type { FlowTask } from "@shared/flow/tasks.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Checklist } from "../../../ui/work/Checklist.tsx";
import { Comments } from "../../../ui/work/Comments.tsx";
import { openTaskPopup } from "../popup/open.ts";
import { useOpenTask } from "./open-task.ts";
import { SubTasks } from "./SubTasks.tsx";
import { TaskFiles } from "./TaskFiles.tsx";
import { useTaskDetailActions } from "./use-task-detail.ts";
import "../../../ui/work/work.css";
import "./detail.css";

export function TaskDetailParts({ projectId, task, canEdit }: { projectId: number; task: FlowTask; canEdit: boolean }) {
  const { t } = useTranslation("flow");
  const router = useRouter();
  const actions = useTaskDetailActions(projectId, task.id);
  const openTask = useOpenTask();
  const inPopup = router.state.location.pathname.startsWith("/flow/popup/");
  const swallow = () => undefined;

  return (
    <div className="fl-detail">
      <div className="fl-detail-tools">
        {task.parentId > 0 && (
          <Button variant="ghost" className="wk-small" onPress={() => openTask(projectId, task.parentId)}>{t("detail.toParent")}</Button>
        )}
        {!inPopup && (
          <Button variant="ghost" className="wk-small" onPress={() => openTaskPopup(projectId, task.id)}>{t("detail.openWindow")}</Button>
        )}
      </div>
      {task.parentId === 0 && <SubTasks task={task} canEdit={canEdit} actions={actions} />}
      <Checklist
        entries={(task.checklist ?? []).map((c) => ({ id: c.checklistId, title: c.title, checked: c.checked }))}
        canEdit={canEdit} titleMax={CHECKLIST_TITLE_MAX} entriesMax={CHECKLIST_MAX} headingLevel={3}
        onAdd={actions.addChecklist}
        onRename={(id, title) => actions.renameChecklist(Number(id), title)}
        onCheck={(id, checked) => actions.checkChecklist(Number(id), checked)}
        onDelete={(id) => actions.deleteChecklist(Number(id))} />
      <TaskFiles task={task} canEdit={canEdit} actions={actions} />
      <Comments
        canAdd={canEdit} contentMax={COMMENT_MAX} headingLevel={3}
        comments={(task.comments ?? []).map((c) => ({
          id: c.commentId, authorName: c.userName, time: c.createdTime, edited: c.updatedTime > c.createdTime, content: c.content,
          editable: c.editable, deletable: c.deletable,
        }))}
        onAdd={actions.addComment}
        onEdit={(id, content) => actions.editComment(Number(id), content)}
        onDelete={async (id) => {
          if (await confirm({ message: t("detail.comments.confirmDelete"), confirmLabel: t("common.delete"), danger: true })) {
            await actions.deleteComment(Number(id)).catch(swallow);
          }
        }} />
    </div>
  );
}
