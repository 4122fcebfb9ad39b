// A workspace's actions (002 §5, §6): 팔로우 for one the caller does not follow, and a menu of 팔로워 (the
// followers dialog), 수정 and 삭제 (the owner's), 팔로우 취소 (a follower's; the owner is refused with its text).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import type { TodoWorkspace } from "@shared/todo/workspaces.ts";
import { Button } from "../../../ui/Button.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { TODO_ICONS } from "../side/icons.ts";
import { useWorkspaceActions } from "./actions.ts";
import { FollowersDialog } from "./FollowersDialog.tsx";
import { WorkspaceDialog } from "./WorkspaceDialog.tsx";

type Action = "followers" | "edit" | "delete" | "unfollow";

export function WorkspaceMenu({ ws, withFollow = true }: { ws: TodoWorkspace; withFollow?: boolean }) {
  const { t } = useTranslation("todo");
  const actions = useWorkspaceActions();
  const [dialog, setDialog] = useState<"followers" | "edit" | null>(null);
  const items: { id: Action; label: string }[] = [
    { id: "followers", label: t("workspace.followers") },
    ...(ws.owner ? [{ id: "edit" as const, label: t("workspace.edit") }, { id: "delete" as const, label: t("workspace.delete") }] : []),
    ...(ws.following ? [{ id: "unfollow" as const, label: t("workspace.unfollow") }] : []),
  ];
  const onAction = (k: Action) => {
    if (k === "followers" || k === "edit") setDialog(k);
    else if (k === "delete") void actions.remove(ws);
    else void actions.unfollow(ws);
  };
  return (
    <span className="td-ws-actions">
      {withFollow && !ws.following && (
        <Button variant="secondary" onPress={() => void actions.follow(ws)} aria-label={t("workspace.followNamed", { title: ws.title })}>
          {t("workspace.follow")}
        </Button>
      )}
      <MenuTrigger>
        <AriaButton className="td-icon-btn" aria-label={t("workspace.menuOf", { title: ws.title })}>
          <SvgIcon d={TODO_ICONS.more} size={18} />
        </AriaButton>
        <Popover className="menu-popover" placement="bottom end">
          <Menu className="menu" onAction={(k) => onAction(k as Action)}>
            {items.map((i) => <MenuItem key={i.id} id={i.id} className="menu-item">{i.label}</MenuItem>)}
          </Menu>
        </Popover>
      </MenuTrigger>
      {dialog === "followers" && <FollowersDialog ws={ws} onClose={() => setDialog(null)} />}
      {dialog === "edit" && <WorkspaceDialog ws={ws} onClose={() => setDialog(null)} />}
    </span>
  );
}
