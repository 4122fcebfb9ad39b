// A workspace's followers (GET workspace/{id}/users: the owner first). The owner removes a follower (DELETE
// workspace/{id}/user/{userId}) and hands the workspace over to one after a confirmation (PUT
// workspace/{id}/owner/{userId}; 309 todo.not_follower: "워크스페이스에 속한 사용자가 아닙니다."): 002 §6.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { TodoWorkspace, WorkspaceUser } from "@shared/todo/workspaces.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { delegateWorkspace, removeFollower } from "../api.ts";
import { failed, succeeded } from "../errors.ts";
import { todoKeys, workspaceUsersQuery } from "../queries.ts";

export function FollowersDialog({ ws, onClose }: { ws: TodoWorkspace; onClose(): void }) {
  const { t } = useTranslation("todo");
  const qc = useQueryClient();
  const users = useQuery(workspaceUsersQuery(ws.id));
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: todoKeys.users(ws.id) });
    void qc.invalidateQueries({ queryKey: todoKeys.workspaces });
  };

  const remove = async (u: WorkspaceUser) => {
    const ok = await confirm({ message: t("workspace.removeConfirm", { name: u.name }), confirmLabel: t("workspace.remove"), danger: true });
    if (!ok) return;
    try {
      await removeFollower(ws.id, u.id);
      succeeded("workspace.removed", { params: { name: u.name } });
    } catch (e) {
      failed(e, "workspace.removeFailed");
    }
    refresh();
  };

  const delegate = async (u: WorkspaceUser) => {
    const ok = await confirm({
      title: t("workspace.delegateTitle"),
      message: t("workspace.delegateConfirm", { name: u.name, title: ws.title }),
      confirmLabel: t("workspace.delegate"),
    });
    if (!ok) return;
    try {
      await delegateWorkspace(ws.id, u.id);
      succeeded("workspace.delegated", { params: { name: u.name } });
    } catch (e) {
      failed(e, "workspace.delegateFailed");
    }
    refresh();
  };

  return (
    <Dialog title={t("workspace.followersOf", { title: ws.title })} isOpen onClose={onClose} width={520}>
      {users.isPending && <p className="td-muted" role="status">{t("common.loading")}</p>}
      {users.isError && <p className="td-problem" role="alert">{t("workspace.followersFailed")}</p>}
      {users.data && (
        <ul className="td-people" aria-label={t("workspace.followers")}>
          {users.data.map((u) => (
            <li key={u.id} className="td-person">
              <span className="td-person-name">
                <span>{u.name}</span>
                <span className="td-muted">{u.email}</span>
              </span>
              {u.owner && <span className="td-tag">{t("workspace.ownerTag")}</span>}
              {ws.owner && !u.owner && (
                <span className="td-person-actions">
                  <Button variant="secondary" onPress={() => void delegate(u)} aria-label={t("workspace.delegateTo", { name: u.name })}>
                    {t("workspace.delegate")}
                  </Button>
                  <Button variant="ghost" onPress={() => void remove(u)} aria-label={t("workspace.removeNamed", { name: u.name })}>
                    {t("workspace.remove")}
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("common.close")}</Button>
      </div>
    </Dialog>
  );
}
