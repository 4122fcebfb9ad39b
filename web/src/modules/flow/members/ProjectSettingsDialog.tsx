// A project's settings and members (002 §4 "Project membership", §6, §8): the MASTER, the members (MemberRow:
// authority, remove, delegate, resend, approve, refuse), inviting colleagues or addresses of the company (MASTER/
// ADMIN: "초대 메일을 발송하였습니다."), editing the project (ProjectDialog), leaving (confirm; the MASTER delegates
// first) and deleting it (MASTER; 409 flow.members_exist "참여중인 멤버가 존재합니다."). Others see the members.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { canManage } from "@shared/flow/constants.ts";
import type { FlowMember } from "@shared/flow/projects.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import {
  approveMembers, declineProject, delegate, deleteProject, leaveProject, removeMembers, resendInvite, setAuthority,
} from "../api.ts";
import { failed, flowErrorText, succeeded } from "../errors.ts";
import { flowLinks } from "../paths.ts";
import { flowKeys, projectQuery } from "../queries.ts";
import { ProjectDialog } from "../projects/ProjectDialog.tsx";
import { InviteForm } from "./InviteForm.tsx";
import { type MemberActions, MemberRow } from "./MemberRow.tsx";

export function ProjectSettingsDialog({ projectId, onClose }: { projectId: number; onClose(): void }) {
  const { t } = useTranslation("flow");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const q = useQuery(projectQuery(projectId));
  const p = q.data;
  const [editing, setEditing] = useState(false);
  const manage = canManage(p?.myAuthority);
  const master = p?.members.find((m) => m.authority === "MASTER" && m.state === "JOINED");
  const others = (p?.members ?? []).filter((m) => m !== master);

  const refresh = () => {
    for (const k of [flowKeys.project(projectId), flowKeys.projects, flowKeys.folders, flowKeys.boards]) void qc.invalidateQueries({ queryKey: k });
  };
  const run = async (call: () => Promise<unknown>, done: string | null, fail: string) => {
    try {
      await call();
      if (done) succeeded(done);
      return true;
    } catch (e) {
      failed(e, fail);
      return false;
    } finally {
      refresh();
    }
  };
  const ask = (title: string, message: string, label: string) => confirm({ title, message, confirmLabel: label, danger: true });

  const actions: MemberActions = {
    authority: (m, a) => void run(() => setAuthority(projectId, m.userId, a), "members.authorityChanged", "members.actionFailed"),
    remove: async (m) => {
      if (await ask(t("members.remove"), t("members.confirmRemove", { name: m.name }), t("members.remove"))) {
        void run(() => removeMembers(projectId, [m.userId]), "members.removed", "members.actionFailed");
      }
    },
    delegate: async (m) => {
      if (await ask(t("members.delegate"), t("members.confirmDelegate", { name: m.name }), t("members.delegate"))) {
        void run(() => delegate(projectId, m.userId), "members.delegated", "members.actionFailed");
      }
    },
    resend: (m) => void run(() => resendInvite(projectId, [m.userId]), "members.resent", "members.actionFailed"),
    approve: (m) => void run(() => approveMembers(projectId, [m.userId]), "members.approved", "members.actionFailed"),
    refuse: async (m) => {
      if (await ask(t("members.refuse"), t("members.confirmRefuse", { name: m.name }), t("members.refuse"))) {
        void run(() => declineProject(projectId, [m.userId]), "members.refused", "members.actionFailed");
      }
    },
  };

  const leave = async () => {
    if (!p || !(await ask(t("members.leave"), t("members.confirmLeave", { title: p.title }), t("members.leave")))) return;
    if (await run(() => leaveProject(projectId), null, "members.leaveFailed")) {
      succeeded("members.left", { carry: true });
      onClose();
      void navigate(flowLinks.projects());
    }
  };
  const remove = async () => {
    if (!p || !(await ask(t("members.deleteProject"), t("members.confirmDeleteProject", { title: p.title }), t("members.deleteProject")))) return;
    if (await run(() => deleteProject(projectId), null, "members.deleteFailed")) {
      succeeded("members.projectDeleted", { carry: true });
      onClose();
      void navigate(flowLinks.projects());
    }
  };

  const listed = (state: FlowMember["state"]) => others.filter((m) => m.state === state);
  return (
    <Dialog title={p ? t("members.title", { title: p.title }) : t("members.titlePlain")} isOpen onClose={onClose} width={640}>
      {q.isPending && <p className="fl-muted">{t("common.loading")}</p>}
      {q.isError && <p className="fl-error" role="alert">{flowErrorText(q.error, "projects.loadFailed")}</p>}
      {p && (
        <div className="fl-settings">
          {p.description && <p className="fl-muted fl-settings-desc">{p.description}</p>}
          <p className="fl-master">{t("members.master")}: <strong>{master?.name ?? "-"}</strong></p>
          {manage && <InviteForm project={p} onInvited={refresh} />}
          {(["JOINED", "INVITED", "APPLIED"] as const).map((state) => {
            const rows = listed(state);
            if (!rows.length) return null;
            return (
              <section key={state} className="fl-members-part" aria-labelledby={`fl-members-${state}`}>
                <h3 id={`fl-members-${state}`} className="fl-sub-heading">{t(`members.state.${state}`, { count: rows.length })}</h3>
                <ul className="fl-members" aria-label={t(`members.state.${state}`, { count: rows.length })}>
                  {rows.map((m) => <MemberRow key={m.userId} member={m} myAuthority={p.myAuthority} actions={actions} />)}
                </ul>
              </section>
            );
          })}
          {others.length === 0 && <p className="fl-muted">{t("members.none")}</p>}
        </div>
      )}
      <div className="dialog-actions fl-settings-actions">
        {p?.myAuthority === "MASTER" && <Button variant="danger" onPress={() => void remove()}>{t("members.deleteProject")}</Button>}
        {p?.myState === "JOINED" && p.myAuthority !== "MASTER" && <Button variant="secondary" onPress={() => void leave()}>{t("members.leave")}</Button>}
        {manage && <Button variant="secondary" onPress={() => setEditing(true)}>{t("members.edit")}</Button>}
        <Button variant="secondary" onPress={onClose}>{t("common.close")}</Button>
      </div>
      {editing && p && <ProjectDialog project={p} onClose={() => setEditing(false)} />}
    </Dialog>
  );
}
