// A task group's menu (002 §3 "Task group", §5, §8): rename, move up or down (the default group stays first: 409
// "기본 그룹은 이동할 수 없습니다."), move to another project, delete every task in it (confirm), delete it (confirm,
// "cannot be restored"; 409 "업무가 존재하여 삭제할 수 없습니다.").
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import { GROUP_TITLE_MAX } from "@shared/flow/constants.ts";
import type { TaskGroup } from "@shared/flow/tasks.ts";
import { confirm } from "../../../../app/feedback/confirm.tsx";
import { SvgIcon } from "../../../../ui/icons.tsx";
import { deleteAllTasks, deleteGroup, moveGroup, renameGroup } from "../../api.ts";
import { failed, succeeded } from "../../errors.ts";
import { FLOW_ICONS } from "../../icons.ts";
import { flowKeys } from "../../queries.ts";
import { MoveGroupDialog } from "../dialogs/MoveGroupDialog.tsx";
import { TextPromptDialog } from "../dialogs/TextPromptDialog.tsx";
import { refreshTasks } from "../mutations.ts";

type Action = "rename" | "up" | "down" | "toProject" | "deleteTasks" | "delete";

export function GroupMenu({ projectId, group, groups, title }: { projectId: number; group: TaskGroup; groups: TaskGroup[]; title: string }) {
  const { t } = useTranslation("flow");
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<"rename" | "toProject" | null>(null);
  const at = groups.findIndex((g) => g.id === group.id);
  const run = async (call: () => Promise<unknown>, done: string, fail: string) => {
    try {
      await call();
      succeeded(done);
    } catch (e) {
      failed(e, fail);
    } finally {
      refreshTasks(qc, projectId);
      void qc.invalidateQueries({ queryKey: flowKeys.groups(projectId) });
    }
  };
  const items: { id: Action; label: string }[] = [
    { id: "rename", label: t("groups.rename") },
    ...(at > 0 ? [{ id: "up" as const, label: t("groups.moveUp") }] : []),
    ...(at >= 0 && at + 1 < groups.length ? [{ id: "down" as const, label: t("groups.moveDown") }] : []),
    { id: "toProject", label: t("groups.toProject") },
    { id: "deleteTasks", label: t("groups.deleteTasks") },
    { id: "delete", label: t("groups.delete") },
  ];
  const onAction = async (k: Action) => {
    if (k === "rename" || k === "toProject") setDialog(k);
    else if (k === "up") void run(() => moveGroup(projectId, group.id, groups[at - 1].id, "BEFORE"), "groups.moved", "groups.moveFailed");
    else if (k === "down") void run(() => moveGroup(projectId, group.id, groups[at + 1].id, "AFTER"), "groups.moved", "groups.moveFailed");
    else if (k === "deleteTasks") {
      if (await confirm({ title: t("groups.deleteTasks"), message: t("groups.confirmDeleteTasks", { title }), confirmLabel: t("common.delete"), danger: true })) {
        void run(() => deleteAllTasks(projectId, group.id), "tasks.deleted", "tasks.deleteFailed");
      }
    } else if (await confirm({ title: t("groups.delete"), message: t("groups.confirmDelete", { title }), confirmLabel: t("common.delete"), danger: true })) {
      void run(() => deleteGroup(projectId, group.id), "groups.deleted", "groups.deleteFailed");
    }
  };
  return (
    <>
      <MenuTrigger>
        <AriaButton className="fl-row-more fl-lane-more" aria-label={t("groups.menuOf", { title })}>
          <SvgIcon d={FLOW_ICONS.more} size={16} />
        </AriaButton>
        <Popover className="menu-popover" placement="bottom end">
          <Menu className="menu" onAction={(k) => void onAction(k as Action)}>
            {items.map((i) => <MenuItem key={i.id} id={i.id} className="menu-item">{i.label}</MenuItem>)}
          </Menu>
        </Popover>
      </MenuTrigger>
      {dialog === "rename" && (
        <TextPromptDialog title={t("groups.rename")} label={t("groups.title")} initial={group.isDefault ? "" : group.title} maxLength={GROUP_TITLE_MAX}
          submit={t("common.save")} onClose={() => setDialog(null)}
          onSubmit={async (v) => {
            await run(() => renameGroup(projectId, group.id, v), "groups.renamed", "groups.renameFailed");
            setDialog(null);
          }} />
      )}
      {dialog === "toProject" && <MoveGroupDialog projectId={projectId} group={group} title={title} onClose={() => setDialog(null)} />}
    </>
  );
}
