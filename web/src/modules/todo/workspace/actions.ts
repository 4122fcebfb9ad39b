// What a workspace's menus and buttons do (002 §5, §6, §8 "To-do"): follow (201; 304: already following, shown as
// a validation message), unfollow (409: the owner cannot), delete after a confirmation (409: it still has
// followers; 204: gone, and the island leaves it), each refetching the list, the followers and the board tree.
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import type { TodoWorkspace } from "@shared/todo/workspaces.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { deleteWorkspace, followWorkspace, unfollowWorkspace } from "../api.ts";
import { failed, succeeded, todoText } from "../errors.ts";
import { todoKeys } from "../queries.ts";
import { todoLinks } from "../side/links.ts";
import { rememberedWorkspace, rememberWorkspace, useTodoPlace } from "../side/location.ts";

export function useWorkspaceActions() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const place = useTodoPlace();
  const refresh = (id: number) => {
    void qc.invalidateQueries({ queryKey: todoKeys.workspaces });
    void qc.invalidateQueries({ queryKey: todoKeys.users(id) });
    void qc.invalidateQueries({ queryKey: todoKeys.boards(id) });
  };

  const follow = async (ws: TodoWorkspace) => {
    try {
      const r = await followWorkspace(ws.id);
      if (!r) snackbar("VALIDATION", todoText("workspace.alreadyFollowing"));
      else succeeded("workspace.followed", { params: { title: ws.title } });
    } catch (e) {
      failed(e, "workspace.followFailed");
    }
    refresh(ws.id);
  };

  const unfollow = async (ws: TodoWorkspace) => {
    try {
      await unfollowWorkspace(ws.id);
      succeeded("workspace.unfollowed", { params: { title: ws.title } });
    } catch (e) {
      failed(e, "workspace.unfollowFailed");
    }
    refresh(ws.id);
  };

  const remove = async (ws: TodoWorkspace) => {
    const ok = await confirm({
      title: todoText("workspace.deleteTitle"),
      message: todoText("workspace.deleteConfirm", { title: ws.title }),
      confirmLabel: todoText("workspace.delete"),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteWorkspace(ws.id);
      const inside = place.workspaceId === ws.id;
      succeeded("workspace.deleted", { carry: inside, params: { title: ws.title } });
      if (rememberedWorkspace() === ws.id) rememberWorkspace(null);
      qc.removeQueries({ queryKey: todoKeys.boards(ws.id) });
      void qc.invalidateQueries({ queryKey: todoKeys.workspaces });
      if (inside) await navigate({ ...todoLinks.list(), replace: true });
    } catch (e) {
      failed(e, "workspace.deleteFailed");
      refresh(ws.id);
    }
  };

  return { follow, unfollow, remove };
}
