// To-do's side pane (002 §2 "To-do"): the workspace switcher (the followed workspaces, and 모든 워크스페이스: the
// list), a link to the whole list, and the current workspace's board tree with 새 보드 and 새 폴더 (a follower's).
// On phones it sits in the shell's drawer, closed by picking an entry.
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Separator, Header } from "react-aria-components";
import type { BoardType } from "@shared/todo/constants.ts";
import { useCloseDrawer } from "../../../app/shell/SideDrawer.tsx";
import { Icon, SvgIcon } from "../../../ui/icons.tsx";
import { boardsQuery, workspacesQuery } from "../queries.ts";
import { WorkspaceAvatar } from "../workspace/WorkspaceAvatar.tsx";
import { BoardTree } from "./BoardTree.tsx";
import { TODO_ICONS } from "./icons.ts";
import { todoLinks } from "./links.ts";
import { rememberWorkspace, useTodoPlace } from "./location.ts";
import { NewBoardDialog } from "./NewBoardDialog.tsx";

export function SidePane() {
  const { t } = useTranslation("todo");
  const close = useCloseDrawer();
  const navigate = useNavigate();
  const place = useTodoPlace();
  const workspaces = useQuery(workspacesQuery);
  const ws = workspaces.data?.find((w) => w.id === place.workspaceId);
  const followed = (workspaces.data ?? []).filter((w) => w.following);
  const boards = useQuery({ ...boardsQuery(ws?.id ?? 0), enabled: !!ws?.following });
  const [creating, setCreating] = useState<BoardType | null>(null);

  const pick = (key: string) => {
    close();
    if (key === "all") return void navigate(todoLinks.list());
    rememberWorkspace(Number(key));
    void navigate(todoLinks.workspace(Number(key)));
  };

  return (
    <div className="td-side-inner">
      <MenuTrigger>
        <AriaButton className="td-switcher" aria-label={t("side.switchWorkspace", { title: ws?.title ?? t("side.noWorkspace") })}>
          {ws ? <WorkspaceAvatar ws={ws} size={28} /> : <SvgIcon d={TODO_ICONS.list} size={20} />}
          <span className="td-switcher-title">{ws?.title ?? t("side.noWorkspace")}</span>
          <Icon name="chevronDown" size={16} />
        </AriaButton>
        <Popover className="menu-popover td-switcher-popover" placement="bottom start">
          <Menu className="menu" onAction={(k) => pick(String(k))} selectionMode="single" selectedKeys={ws ? [String(ws.id)] : []}>
            <MenuSection>
              <Header className="td-menu-header">{t("side.followedWorkspaces")}</Header>
              {followed.length === 0
                ? <MenuItem id="none" className="menu-item" isDisabled>{t("side.noFollowed")}</MenuItem>
                : followed.map((w) => (
                  <MenuItem key={w.id} id={String(w.id)} textValue={w.title} className="menu-item">
                    <span className="td-menu-ws"><WorkspaceAvatar ws={w} size={22} /> {w.title}</span>
                  </MenuItem>
                ))}
            </MenuSection>
            <Separator className="menu-separator" />
            <MenuSection>
              <MenuItem id="all" className="menu-item">{t("side.allWorkspaces")}</MenuItem>
            </MenuSection>
          </Menu>
        </Popover>
      </MenuTrigger>
      <Link {...todoLinks.list()} className="td-side-link td-all-link" onClick={close}>
        <span className="td-twisty" aria-hidden="true" />
        <SvgIcon d={TODO_ICONS.list} size={16} />
        <span className="td-side-name">{t("side.allWorkspaces")}</span>
      </Link>
      {ws && (
        <section className="td-side-group" aria-labelledby="td-side-boards">
          <div className="td-side-head">
            <h2 id="td-side-boards" className="td-side-heading">{t("side.boards")}</h2>
            {ws.following && (
              <span className="td-side-tools">
                <AriaButton className="td-icon-btn" aria-label={t("side.newFolder")} onPress={() => setCreating("FOLDER")}>
                  <SvgIcon d={TODO_ICONS.folder} size={16} />
                </AriaButton>
                <AriaButton className="td-icon-btn" aria-label={t("side.newBoard")} onPress={() => setCreating("BOARD")}>
                  <SvgIcon d={TODO_ICONS.plus} size={16} />
                </AriaButton>
              </span>
            )}
          </div>
          {!ws.following && <p className="td-muted td-pad">{t("workspace.followToSee")}</p>}
          {boards.isError && <p className="td-problem td-pad" role="alert">{t("side.boardsFailed")}</p>}
          {boards.data && boards.data.length === 0 && <p className="td-muted td-pad">{t("side.noBoards")}</p>}
          {boards.data && boards.data.length > 0 && (
            <BoardTree workspaceId={ws.id} tree={boards.data} current={place.boardId} canEdit={ws.following} onPick={close} />
          )}
        </section>
      )}
      {creating && ws && (
        <NewBoardDialog workspaceId={ws.id} boardType={creating} parentId={null} onClose={() => setCreating(null)}
          onMade={creating === "BOARD" ? close : undefined} />
      )}
    </div>
  );
}
