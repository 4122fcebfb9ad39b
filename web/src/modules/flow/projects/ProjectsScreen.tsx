// /flow/projects (002 §2 flow_projects): the caller's projects (내 그룹) and every project of the company (전체
// 그룹: title search, exclude my projects, exclude private ones), PROJECT_PAGE_SIZE a page with paging; a new
// project (ProjectDialog); a project's settings and members (../members/ProjectSettingsDialog.tsx).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { PROJECT_PAGE_SIZE } from "@shared/flow/constants.ts";
import type { FlowProject } from "@shared/flow/projects.ts";
import type { Page } from "@shared/paging.ts";
import { Button } from "../../../ui/Button.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { SearchForm } from "../../../ui/SearchForm.tsx";
import { Switch } from "../../../ui/Switch.tsx";
import { flowErrorText } from "../errors.ts";
import { FLOW_ICONS } from "../icons.ts";
import { ProjectSettingsDialog } from "../members/ProjectSettingsDialog.tsx";
import { allProjectsQuery, myProjectsQuery } from "../queries.ts";
import { ProjectDialog } from "./ProjectDialog.tsx";
import { ProjectRow } from "./ProjectRow.tsx";

type TabKey = "my" | "all";

export function ProjectsScreen() {
  const { t } = useTranslation("flow");
  const [tab, setTab] = useState<TabKey>("my");
  const [creating, setCreating] = useState(false);
  const [settingsOf, setSettingsOf] = useState<number | null>(null);

  return (
    <div className="fl-screen">
      <header className="fl-screen-head">
        <h1 className="fl-title">{t("projects.title")}</h1>
        <Button className="fl-btn-icon" onPress={() => setCreating(true)}>
          <SvgIcon d={FLOW_ICONS.plus} size={16} />
          {t("side.newProject")}
        </Button>
      </header>
      <Tabs selectedKey={tab} onSelectionChange={(k) => setTab(k as TabKey)} className="fl-tabs">
        <TabList aria-label={t("projects.title")} className="fl-tablist">
          <Tab id="my" className="fl-tab">{t("projects.tabMy")}</Tab>
          <Tab id="all" className="fl-tab">{t("projects.tabAll")}</Tab>
        </TabList>
        <TabPanel id="my" className="fl-tabpanel"><MyProjects onSettings={(p) => setSettingsOf(p.id)} /></TabPanel>
        <TabPanel id="all" className="fl-tabpanel"><AllProjects onSettings={(p) => setSettingsOf(p.id)} /></TabPanel>
      </Tabs>
      {creating && <ProjectDialog onClose={() => setCreating(false)} />}
      {settingsOf !== null && <ProjectSettingsDialog projectId={settingsOf} onClose={() => setSettingsOf(null)} />}
    </div>
  );
}

function MyProjects({ onSettings }: { onSettings(p: FlowProject): void }) {
  const { t } = useTranslation("flow");
  const [page, setPage] = useState(0);
  const q = useQuery(myProjectsQuery(page));
  // Invitations waiting for the caller and their own applications, above their projects (a small company's
  // projects fit one page of the largest size).
  const pending = useQuery(allProjectsQuery({ page: 0, pageSize: 200, excludeMyProjects: true }));
  const waiting = (pending.data?.content ?? []).filter((p) => p.myState === "INVITED" || p.myState === "APPLIED");
  return (
    <>
      {waiting.length > 0 && (
        <section className="fl-waiting-part" aria-labelledby="fl-waiting-heading">
          <h2 id="fl-waiting-heading" className="fl-sub-heading">{t("projects.pending")}</h2>
          <ul className="fl-projects" aria-labelledby="fl-waiting-heading">
            {waiting.map((p) => <ProjectRow key={p.id} project={p} onSettings={onSettings} />)}
          </ul>
        </section>
      )}
      <ProjectPage q={q} page={page} setPage={setPage} onSettings={onSettings} emptyKey="projects.emptyMy" />
    </>
  );
}

function AllProjects({ onSettings }: { onSettings(p: FlowProject): void }) {
  const { t } = useTranslation("flow");
  const [page, setPage] = useState(0);
  const [title, setTitle] = useState("");
  const [excludeMy, setExcludeMy] = useState(false);
  const [excludePrivate, setExcludePrivate] = useState(false);
  const q = useQuery(allProjectsQuery({ page, pageSize: PROJECT_PAGE_SIZE, title, excludeMyProjects: excludeMy, excludePrivateProjects: excludePrivate }));
  return (
    <>
      <div className="fl-all-tools">
        <SearchForm prefix="fl" className="fl-search" id="fl-project-search" word={title} label={t("projects.search")}
          placeholder={t("projects.searchPlaceholder")} submit={t("projects.searchSubmit")}
          onSearch={(w) => {
            setTitle(w);
            setPage(0);
            return undefined;
          }} />
        <div className="fl-switches">
          <Switch label={t("projects.excludeMy")} isSelected={excludeMy} onChange={(v) => (setExcludeMy(v), setPage(0))} />
          <Switch label={t("projects.excludePrivate")} isSelected={excludePrivate} onChange={(v) => (setExcludePrivate(v), setPage(0))} />
        </div>
      </div>
      <ProjectPage q={q} page={page} setPage={setPage} onSettings={onSettings} emptyKey={title ? "projects.noMatch" : "projects.emptyAll"} />
    </>
  );
}

function ProjectPage({ q, page, setPage, onSettings, emptyKey }: {
  q: { data?: Page<FlowProject>; isPending: boolean; isError: boolean; error: unknown };
  page: number;
  setPage(p: number): void;
  onSettings(p: FlowProject): void;
  emptyKey: string;
}) {
  const { t } = useTranslation("flow");
  if (q.isPending) return <p className="fl-muted fl-pad">{t("common.loading")}</p>;
  if (q.isError || !q.data) return <p className="fl-error fl-pad" role="alert">{flowErrorText(q.error, "projects.loadFailed")}</p>;
  const { content, totalPages } = q.data;
  return (
    <>
      {content.length === 0
        ? <p className="fl-muted fl-pad">{t(emptyKey)}</p>
        : <ul className="fl-projects" aria-label={t("projects.list")}>{content.map((p) => <ProjectRow key={p.id} project={p} onSettings={onSettings} />)}</ul>}
      {totalPages > 1 && (
        <nav className="fl-pager" aria-label={t("common.pages")}>
          <Button variant="secondary" isDisabled={page === 0} onPress={() => setPage(page - 1)}>{t("common.prev")}</Button>
          <span className="fl-muted">{t("common.pageOf", { page: page + 1, total: totalPages })}</span>
          <Button variant="secondary" isDisabled={page + 1 >= totalPages} onPress={() => setPage(page + 1)}>{t("common.next")}</Button>
        </nav>
      )}
    </>
  );
}
