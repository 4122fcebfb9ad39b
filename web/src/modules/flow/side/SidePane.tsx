// Flow's side pane (002 §2 "Flow", §3 "Folder"): 새 그룹 (ProjectDialog), the favourite projects (FAVORITE_ROOT),
// the task filters (FILTER_ROOT: 내 업무 my, 요청한 업무 requested, 전체 all, then the saved filters, each with delete
// after a confirmation; "필터 삭제에 실패하였습니다." on failure) and a link to every project. On phones it sits in the
// shell's drawer, closed by picking an entry. The entry shown is marked from the address.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useRouterState } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import type { FlowFolder } from "@shared/flow/projects.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { useCloseDrawer } from "../../../app/shell/SideDrawer.tsx";
import { Button } from "../../../ui/Button.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { deleteFilter } from "../api.ts";
import { failed, succeeded } from "../errors.ts";
import { FLOW_ICONS } from "../icons.ts";
import { flowLinks, parseAction, parseProjectId, projectsPath } from "../paths.ts";
import { ProjectDialog } from "../projects/ProjectDialog.tsx";
import { flowKeys, foldersQuery } from "../queries.ts";

const BUILTIN = new Set(["my", "requested", "all"]);

/** What the address shows: a project's or every project's tasks (with its filter), or the project list. */
function useShown() {
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const m = /^\/flow\/([^/]+)\/tasks(?:\/([^/]+))?/.exec(pathname);
  if (!m) return { projects: pathname === projectsPath, projectId: null, filterId: null };
  const projectId = parseProjectId(m[1]);
  let raw: string | undefined;
  try {
    raw = m[2] ? decodeURIComponent(m[2]) : undefined;
  } catch {
    raw = undefined;
  }
  return { projects: false, projectId, filterId: parseAction(raw).filterId ?? null };
}

export function SidePane() {
  const { t } = useTranslation("flow");
  const close = useCloseDrawer();
  const q = useQuery(foldersQuery);
  const shown = useShown();
  const [creating, setCreating] = useState(false);
  const favorites = q.data?.find((f) => f.folderType === "FAVORITE_ROOT")?.children ?? [];
  const filters = q.data?.find((f) => f.folderType === "FILTER_ROOT")?.children ?? [];

  return (
    <div className="fl-side-inner">
      <Button className="fl-new" onPress={() => setCreating(true)}>
        <SvgIcon d={FLOW_ICONS.plus} size={16} />
        {t("side.newProject")}
      </Button>
      {creating && <ProjectDialog onClose={() => (setCreating(false), close())} />}
      <section className="fl-side-group" aria-labelledby="fl-side-favorites">
        <h2 id="fl-side-favorites" className="fl-side-heading">{t("side.favorites")}</h2>
        {q.isPending && <p className="fl-muted fl-pad">{t("common.loading")}</p>}
        {q.data && favorites.length === 0 && <p className="fl-muted fl-pad">{t("side.noFavorites")}</p>}
        <ul className="fl-side-list">
          {favorites.map((f) => (
            <li key={String(f.id)}>
              <Link {...flowLinks.tasks(f.projectId ?? Number(f.id))} className="fl-side-link" onClick={close}
                aria-current={shown.projectId === (f.projectId ?? f.id) ? "page" : undefined}>
                <span className="fl-side-icon" aria-hidden="true"><SvgIcon d={FLOW_ICONS.star} size={16} /></span>
                <span className="fl-side-name">{f.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section className="fl-side-group" aria-labelledby="fl-side-filters">
        <h2 id="fl-side-filters" className="fl-side-heading">{t("side.filters")}</h2>
        <ul className="fl-side-list">
          {filters.map((f) => <FilterEntry key={String(f.id)} folder={f} current={shown.filterId} shownProject={shown.projectId} onPick={close} />)}
        </ul>
      </section>
      <ul className="fl-side-list fl-side-group">
        <li>
          <Link {...flowLinks.projects()} className="fl-side-link" onClick={close} aria-current={shown.projects ? "page" : undefined}>
            <span className="fl-side-icon" aria-hidden="true"><SvgIcon d={FLOW_ICONS.folder} size={16} /></span>
            <span className="fl-side-name">{t("side.allProjects")}</span>
          </Link>
        </li>
      </ul>
    </div>
  );
}

function FilterEntry({ folder: f, current, shownProject, onPick }: { folder: FlowFolder; current: string | null; shownProject: number | "all" | null; onPick(): void }) {
  const { t } = useTranslation("flow");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const id = String(f.id);
  const builtin = BUILTIN.has(id);
  const projectId = f.projectId ?? "all";
  const title = builtin ? t(`filters.builtin.${id}`) : f.title;
  const isCurrent = current === id && (builtin ? shownProject === "all" : shownProject === projectId);
  const remove = async () => {
    if (!(await confirm({ title: t("filters.delete"), message: t("filters.confirmDelete", { name: f.title }), confirmLabel: t("filters.delete"), danger: true }))) return;
    try {
      await deleteFilter(projectId, Number(f.id));
      succeeded("filters.deleted", { carry: isCurrent });
      if (isCurrent) void navigate(flowLinks.home());
    } catch (e) {
      failed(e, "filters.deleteFailed");
    } finally {
      void qc.invalidateQueries({ queryKey: flowKeys.folders });
    }
  };
  return (
    <li className="fl-side-row">
      <Link {...flowLinks.tasks(builtin ? "all" : projectId, { filterId: id })} className="fl-side-link" onClick={onPick}
        aria-current={isCurrent ? "page" : undefined}>
        <span className="fl-side-icon" aria-hidden="true"><SvgIcon d={FLOW_ICONS.filter} size={16} /></span>
        <span className="fl-side-name">{title}</span>
      </Link>
      {!builtin && (
        <AriaButton className="fl-row-more" aria-label={t("filters.deleteOf", { name: f.title })} onPress={() => void remove()}>
          <SvgIcon d={FLOW_ICONS.trash} size={16} />
        </AriaButton>
      )}
    </li>
  );
}
