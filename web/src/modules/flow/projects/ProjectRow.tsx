// One project of the project list (002 §2 flow_projects): its title (the tasks, for a member), a private badge,
// the member count, the favourite star (PUT members/favorite, members only) and what a non-member may do: 참여
// (apply: a public project joins at once, a private one waits for the master), withdraw an application, or accept
// or decline an invitation (002 §4 "Project membership"; confirmations 002 §8). A member opens the settings
// and members dialog (read-only but for leaving, below MASTER/ADMIN).
import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import { canManage } from "@shared/flow/constants.ts";
import type { FlowProject } from "@shared/flow/projects.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { Button } from "../../../ui/Button.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { acceptInvite, applyProject, cancelApply, declineProject, setFavorite } from "../api.ts";
import { failed, succeeded } from "../errors.ts";
import { FLOW_ICONS } from "../icons.ts";
import { flowLinks } from "../paths.ts";
import { flowKeys } from "../queries.ts";

export function ProjectRow({ project: p, onSettings }: { project: FlowProject; onSettings(p: FlowProject): void }) {
  const { t } = useTranslation("flow");
  const qc = useQueryClient();
  const joined = p.myState === "JOINED";
  const refresh = () => {
    for (const k of [flowKeys.projects, flowKeys.folders, flowKeys.project(p.id), flowKeys.boards]) void qc.invalidateQueries({ queryKey: k });
  };
  const run = async (call: () => Promise<unknown>, done: string, fail: string) => {
    try {
      await call();
      succeeded(done);
    } catch (e) {
      failed(e, fail);
    } finally {
      refresh();
    }
  };
  const apply = () =>
    run(() => applyProject(p.id), p.privateStatus ? "projects.applied" : "projects.joined", "projects.applyFailed");
  const cancel = async () => {
    if (await confirm({ title: t("projects.cancelApply"), message: t("projects.confirmCancel", { title: p.title }), confirmLabel: t("projects.cancelApply"), danger: true })) {
      void run(() => cancelApply(p.id), "projects.canceled", "projects.actionFailed");
    }
  };
  const decline = async () => {
    if (await confirm({ title: t("projects.decline"), message: t("projects.confirmDecline", { title: p.title }), confirmLabel: t("projects.decline"), danger: true })) {
      void run(() => declineProject(p.id), "projects.declined", "projects.actionFailed");
    }
  };

  return (
    <li className="fl-project">
      {joined
        ? (
          <AriaButton className="fl-star" aria-pressed={p.favoriteStatus === 1}
            aria-label={p.favoriteStatus ? t("projects.unfavorite", { title: p.title }) : t("projects.favorite", { title: p.title })}
            onPress={() => void run(() => setFavorite(p.id, p.favoriteStatus !== 1), p.favoriteStatus ? "projects.unfavorited" : "projects.favorited", "projects.actionFailed")}>
            <SvgIcon d={FLOW_ICONS.star} size={18} />
          </AriaButton>
        )
        : <span className="fl-star-space" aria-hidden="true" />}
      <span className="fl-project-dot" style={{ background: p.color }} aria-hidden="true" />
      <div className="fl-project-main">
        <div className="fl-project-title">
          {joined ? <Link {...flowLinks.tasks(p.id)} className="fl-project-link">{p.title}</Link> : <span>{p.title}</span>}
          {p.privateStatus === 1 && <span className="fl-badge">{t("projects.private")}</span>}
        </div>
        <div className="fl-project-meta">
          {t("projects.memberCount", { count: p.memberCount })}
          {p.description ? <span className="fl-project-desc"> · {p.description}</span> : null}
        </div>
      </div>
      <div className="fl-project-actions">
        {p.myState === null && <Button variant="secondary" onPress={() => void apply()}>{t("projects.apply")}</Button>}
        {p.myState === "APPLIED" && (
          <>
            <span className="fl-waiting">{t("projects.waiting")}</span>
            <Button variant="secondary" onPress={() => void cancel()}>{t("projects.cancelApply")}</Button>
          </>
        )}
        {p.myState === "INVITED" && (
          <>
            <Button onPress={() => void run(() => acceptInvite(p.id), "projects.accepted", "projects.actionFailed")}>{t("projects.accept")}</Button>
            <Button variant="secondary" onPress={() => void decline()}>{t("projects.decline")}</Button>
          </>
        )}
        {joined && (
          <Button variant="ghost" className="fl-icon-btn" aria-label={t(canManage(p.myAuthority) ? "projects.settingsOf" : "projects.membersOf", { title: p.title })} onPress={() => onSettings(p)}>
            <SvgIcon d={FLOW_ICONS.settings} size={18} />
          </Button>
        )}
      </div>
    </li>
  );
}
