// The summary popup of a project's task (shared/calendar/projects.ts ProjectEventItem): title, dates, project,
// status, read-only (tasks are edited in flow): no edit or delete, as for a Google calendar's events; the task
// opens in flow when the flow module gives its route, and the menu opens the task's day.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useNavigate } from "@tanstack/react-router";
import { Button as AriaButton, Dialog as AriaDialog, Heading, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import type { ProjectEventItem } from "@shared/calendar/projects.ts";
import { Icon, SvgIcon } from "../../../ui/icons.tsx";
import { ICONS } from "../Toolbar.tsx";
import type { Ymd } from "../dates.ts";
import { projectsQuery } from "./api.ts";

const STATUSES = ["REQUESTED", "IN_PROGRESS", "FEEDBACK", "COMPLETED", "ON_HOLD"];

export function ProjectSummary({ item, when, day, onClose }: { item: ProjectEventItem; when: string; day: Ymd; onClose(): void }) {
  const { t } = useTranslation("calendar");
  const navigate = useNavigate();
  const project = useQuery(projectsQuery).data?.find((p) => p.id === item.projectId);
  const opensTask = item.path !== null && item.path.startsWith("/");
  const rows: [string, string, React.ReactNode][] = [
    [ICONS.clock, t("event.when"), when],
    ...(project ? [[ICONS.cal, t("projects.project"), project.title] as [string, string, string]] : []),
    ...(item.status && STATUSES.includes(item.status) ? [[ICONS.text, t("projects.statusLabel"), t(`projects.status.${item.status}`)] as [string, string, string]] : []),
  ];
  return (
    <AriaDialog className="cal-summary" aria-labelledby="cal-summary-title" data-project-item={item.id}>
      <div className="cal-summary-head">
        <span className="cal-swatch-static" style={{ background: project?.color }} aria-hidden="true" />
        <Heading slot="title" id="cal-summary-title" className="cal-summary-title">{item.name || t("event.noTitle")}</Heading>
        <MenuTrigger>
          <AriaButton className="cal-icon-btn cal-icon-sm" aria-label={t("event.menu")}>
            <SvgIcon d={ICONS.more} size={18} />
          </AriaButton>
          <Popover className="menu-popover" placement="bottom end">
            <Menu className="menu" onAction={() => {
              onClose();
              void navigate({ to: "/cal/$type/$focus", params: { type: "day", focus: day } });
            }}>
              <MenuItem id="day" className="menu-item">{t("event.openDay")}</MenuItem>
            </Menu>
          </Popover>
        </MenuTrigger>
        <AriaButton className="cal-icon-btn cal-icon-sm" aria-label={t("action.close")} onPress={onClose}>
          <Icon name="close" size={18} />
        </AriaButton>
      </div>
      <dl className="cal-summary-rows">
        {rows.map(([icon, label, value]) => (
          <div key={label} className="cal-summary-row">
            <dt><SvgIcon d={icon} size={18} label={label} /></dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <p className="cal-muted">{t("projects.readOnly")}</p>
      {opensTask && (
        <div className="dialog-actions">
          <a className="btn btn-primary" href={`#${item.path}`} onClick={onClose}>{t("projects.openTask")}</a>
        </div>
      )}
    </AriaDialog>
  );
}
