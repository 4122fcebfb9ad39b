// /flow/{projectId|all}/tasks[/{actionObj}] (002 §2 flow_tasks, flow_tasks_action): a project's tasks, or every
// project's with a filter (내 업무 my, 요청한 업무 requested, 전체 all, a saved one). The view is the actionObj's
// viewType, else the project's mainViewTab (LIST for all). Header: the title, LIST/KANBAN, bulk create, the
// project's settings and members; the filter bar; the chosen rows' actions; the board; the task panel when the
// actionObj holds a taskId. A project chosen shows its loading state PROJECT_LOADING_MS (002 §9): a bar over the
// board that does not hold the board back, so that a project whose tasks are at hand is usable at once (issue 30's
// 300 ms); while the tasks are still on their way, the loading text stands in the board's place.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { canEdit as canEditOf, FLOW_VIEW_TYPES, type FlowViewType, PROJECT_LOADING_MS } from "@shared/flow/constants.ts";
import type { FlowTask } from "@shared/flow/tasks.ts";
import { Button } from "../../../ui/Button.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { flowErrorText } from "../errors.ts";
import { FLOW_ICONS } from "../icons.ts";
import { ProjectSettingsDialog } from "../members/ProjectSettingsDialog.tsx";
import { type FlowActionObj, flowLinks, parseAction, parseProjectId } from "../paths.ts";
import { boardQuery, flowKeys, foldersQuery, projectQuery } from "../queries.ts";
import { TaskPanel } from "../task-panel/TaskPanel.tsx";
import { BulkDialog } from "./dialogs/BulkDialog.tsx";
import { taskParamsOf } from "./filter.ts";
import { FilterBar } from "./FilterBar.tsx";
import { KanbanView } from "./kanban/KanbanView.tsx";
import { ListView } from "./list/ListView.tsx";
import { SelectionBar } from "./SelectionBar.tsx";

/** True for PROJECT_LOADING_MS after `key` changes. */
function useLoadingFor(key: unknown) {
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    setLoading(true);
    const id = setTimeout(() => setLoading(false), PROJECT_LOADING_MS);
    return () => clearTimeout(id);
  }, [key]);
  return loading;
}

export function TasksScreen() {
  const { t } = useTranslation("flow");
  const navigate = useNavigate();
  const raw = useParams({ strict: false }) as { projectId?: string; actionObj?: string };
  const projectId = parseProjectId(raw.projectId);
  const action = parseAction(raw.actionObj);
  const numeric = typeof projectId === "number" ? projectId : null;
  const project = useQuery({ ...projectQuery(numeric ?? 0), enabled: numeric !== null });
  const folders = useQuery(foldersQuery);
  const viewType: FlowViewType = action.viewType ?? project.data?.mainViewTab ?? "LIST";
  const params = taskParamsOf(action, viewType);
  const member = numeric === null || project.data?.myState === "JOINED";
  const ready = projectId !== null && (numeric === null || (project.data && member));
  const board = useQuery({ ...boardQuery(projectId ?? "all", params), enabled: !!ready });
  // A project not at hand yet and its tasks are asked for together: the tasks of the view the address names, or
  // of LIST (the default main view), on a guess, so the board does not wait for the project's answer first. A
  // wrong guess (a KANBAN project) costs a request; a refused one (not a member) is only a failed prefetch.
  const qc = useQueryClient();
  useEffect(() => {
    if (numeric === null || qc.getQueryData(flowKeys.project(numeric))) return;
    void qc.prefetchQuery(boardQuery(numeric, taskParamsOf(action, action.viewType ?? "LIST")));
  }, [numeric, raw.actionObj]);
  const loading = useLoadingFor(projectId);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<"bulk" | "settings" | null>(null);
  // Kept as is when already empty: a new empty set drew every row of the list once more on each open and switch.
  useEffect(() => setSelected((s) => (s.size ? new Set() : s)), [raw.projectId, viewType]);

  const go = (next: FlowActionObj, replace = true) => void navigate({ ...flowLinks.tasks(projectId ?? "all", next), replace });
  const allTasks = board.data?.lanes.flatMap((l) => l.tasks) ?? [];
  // In every project's list the address names the task's project too: the task may be in a lane page or a lane
  // not loaded with the first page (and a link may come from elsewhere).
  const open = (task: FlowTask) => go({ ...action, taskId: task.id, taskProjectId: numeric === null ? task.projectId : undefined }, false);
  const openTask = action.taskId ? allTasks.find((x) => x.id === action.taskId) : undefined;
  const panelProject = numeric ?? action.taskProjectId ?? openTask?.projectId ?? null;

  if (projectId === null) return <p className="fl-error fl-pad" role="alert">{t("tasks.badAddress")}</p>;
  const filterTitle = () => {
    const id = action.filterId;
    if (!id || ["my", "requested", "all"].includes(id)) return t(`filters.builtin.${id ?? "all"}`);
    const saved = folders.data?.find((f) => f.folderType === "FILTER_ROOT")?.children.find((c) => String(c.id) === id);
    return saved?.title ?? t("filters.builtin.all");
  };
  const title = numeric !== null ? project.data?.title ?? "" : filterTitle();
  const editable = numeric === null ? true : canEditOf(project.data?.myAuthority);
  const members = (project.data?.members ?? []).filter((m) => m.state === "JOINED");

  return (
    <div className="fl-screen fl-tasks-screen">
      <header className="fl-screen-head">
        <h1 className="fl-title">
          {title}
          {project.data?.privateStatus === 1 && <span className="fl-badge">{t("projects.private")}</span>}
        </h1>
        <nav className="fl-views" aria-label={t("view.label")}>
          {FLOW_VIEW_TYPES.map((v) => (
            <Link key={v} {...flowLinks.tasks(projectId, { ...action, taskId: undefined, taskProjectId: undefined, viewType: v })} replace className="fl-view-link"
              aria-current={viewType === v ? "page" : undefined}>
              <SvgIcon d={v === "LIST" ? FLOW_ICONS.list : FLOW_ICONS.kanban} size={16} />
              {t(`view.${v}`)}
            </Link>
          ))}
        </nav>
        {project.data && member && (
          <div className="fl-head-actions">
            {editable && <Button variant="secondary" onPress={() => setDialog("bulk")}>{t("bulk.open")}</Button>}
            <Button variant="secondary" className="fl-btn-icon" onPress={() => setDialog("settings")}
              aria-label={t(project.data.myAuthority === "MASTER" || project.data.myAuthority === "ADMIN" ? "projects.settingsOf" : "projects.membersOf", { title })}>
              <SvgIcon d={FLOW_ICONS.settings} size={16} />
              <span className="fl-hide-narrow">{t("projects.settings")}</span>
            </Button>
          </div>
        )}
      </header>
      {numeric !== null && project.isError && <p className="fl-error fl-pad" role="alert">{flowErrorText(project.error, "projects.loadFailed")}</p>}
      {project.data && !member && (
        <div className="fl-pad">
          <p className="fl-error" role="alert">{t("tasks.notMember")}</p>
          <Link {...flowLinks.projects()} className="fl-link">{t("side.allProjects")}</Link>
        </div>
      )}
      {ready && (
        <>
          <FilterBar projectId={projectId} action={action} members={members} onChange={(next) => go(next)} />
          {selected.size > 0 && viewType === "LIST" && (
            <SelectionBar tasks={allTasks.filter((x) => selected.has(x.id))} onDone={() => setSelected(new Set())} />
          )}
          {board.isPending && <p className="fl-muted fl-pad" role="status">{t("common.loading")}</p>}
          {loading && !board.isPending && (
            <div className="fl-loading-bar" role="status"><span className="visually-hidden">{t("common.loading")}</span></div>
          )}
          {board.isError && <p className="fl-error fl-pad" role="alert">{flowErrorText(board.error, "tasks.loadFailed")}</p>}
          {board.data && (
            viewType === "LIST"
              ? <ListView board={board.data} boardProjectId={projectId} params={params} canEdit={editable} selected={selected} setSelected={setSelected} onOpen={open} />
              : <KanbanView board={board.data} boardProjectId={projectId} params={params} canEdit={editable} onOpen={open} />
          )}
        </>
      )}
      {action.taskId && panelProject !== null && (
        <TaskPanel projectId={panelProject} taskId={action.taskId} onClose={() => go({ ...action, taskId: undefined, taskProjectId: undefined })} />
      )}
      {dialog === "bulk" && project.data && <BulkDialog project={project.data} onClose={() => setDialog(null)} />}
      {dialog === "settings" && numeric !== null && <ProjectSettingsDialog projectId={numeric} onClose={() => setDialog(null)} />}
    </div>
  );
}
