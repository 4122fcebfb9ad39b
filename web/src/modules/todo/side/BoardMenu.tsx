// A board tree row's menu: 새 보드 (a folder's: a board inside it), 이름 바꾸기, 위로 / 아래로 이동, 폴더로 이동
// (a submenu of the folders), 폴더 밖으로 이동 and 삭제 (after a confirmation; a folder takes its boards along, and
// the board shown, when it went, gives way to its workspace). The keyboard's way of doing what dragging does.
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover, Separator, SubmenuTrigger } from "react-aria-components";
import type { TodoBoardNode } from "@shared/todo/boards.ts";
import { BOARD_TITLE_MAX } from "@shared/todo/constants.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { deleteBoard, renameBoard } from "../api.ts";
import { failed, succeeded, todoErrorText } from "../errors.ts";
import { todoKeys } from "../queries.ts";
import { TODO_ICONS } from "./icons.ts";
import { todoLinks } from "./links.ts";
import { foldersFor, type Move, moveDown, moveOut, moveUp } from "./moves.ts";
import { NewBoardDialog } from "./NewBoardDialog.tsx";
import { TitleDialog } from "./TitleDialog.tsx";

export function BoardMenu({ node, tree, currentBoard, onMove, onExpand }: {
  node: TodoBoardNode;
  tree: TodoBoardNode[];
  currentBoard: number | null;
  onMove(node: TodoBoardNode, move: Move): void;
  onExpand(): void;
}) {
  const { t } = useTranslation("todo");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [dialog, setDialog] = useState<"rename" | "newBoard" | null>(null);
  const folder = node.boardType === "FOLDER";
  const up = moveUp(tree, node);
  const down = moveDown(tree, node);
  const out = moveOut(node);
  const folders = foldersFor(tree, node);
  const disabled = [...(up ? [] : ["up"]), ...(down ? [] : ["down"])];

  const remove = async () => {
    const ok = await confirm({
      title: folder ? t("side.deleteFolderTitle") : t("side.deleteBoardTitle"),
      message: folder ? t("side.deleteFolderConfirm", { title: node.title }) : t("side.deleteBoardConfirm", { title: node.title }),
      confirmLabel: t("side.delete"),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteBoard(node.id);
      const shown = currentBoard !== null && (currentBoard === node.id || node.children.some((c) => c.id === currentBoard));
      succeeded("side.deleted", { carry: shown, params: { title: node.title } });
      void qc.invalidateQueries({ queryKey: todoKeys.boards(node.workspaceId) });
      void qc.invalidateQueries({ queryKey: todoKeys.workspaces });
      if (shown) await navigate({ ...todoLinks.workspace(node.workspaceId), replace: true });
    } catch (e) {
      failed(e, "side.deleteFailed");
    }
  };

  const onAction = (k: string) => {
    if (k === "rename" || k === "newBoard") setDialog(k);
    else if (k === "up" && up) onMove(node, up);
    else if (k === "down" && down) onMove(node, down);
    else if (k === "out" && out) onMove(node, out);
    else if (k === "delete") void remove();
  };

  return (
    <>
      <MenuTrigger>
        <AriaButton className="td-row-more" aria-label={t("side.menuOf", { title: node.title })}>
          <SvgIcon d={TODO_ICONS.more} size={16} />
        </AriaButton>
        <Popover className="menu-popover" placement="bottom end">
          <Menu className="menu" onAction={(k) => onAction(String(k))} disabledKeys={disabled}>
            {folder && <MenuItem id="newBoard" className="menu-item">{t("side.newBoardInFolder")}</MenuItem>}
            <MenuItem id="rename" className="menu-item">{t("side.rename")}</MenuItem>
            <Separator className="menu-separator" />
            <MenuItem id="up" className="menu-item">{t("side.moveUp")}</MenuItem>
            <MenuItem id="down" className="menu-item">{t("side.moveDown")}</MenuItem>
            {folders.length > 0 && (
              <SubmenuTrigger>
                <MenuItem id="into" className="menu-item">{t("side.moveInto")} <span aria-hidden="true">›</span></MenuItem>
                <Popover className="menu-popover">
                  <Menu className="menu" onAction={(k) => onMove(node, { targetId: Number(k), position: "INSIDE" })}>
                    {folders.map((f) => <MenuItem key={f.id} id={f.id} className="menu-item">{f.title}</MenuItem>)}
                  </Menu>
                </Popover>
              </SubmenuTrigger>
            )}
            {out && <MenuItem id="out" className="menu-item">{t("side.moveOut")}</MenuItem>}
            <Separator className="menu-separator" />
            <MenuItem id="delete" className="menu-item">{t("side.delete")}</MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      {dialog === "rename" && (
        <TitleDialog title={folder ? t("side.renameFolder") : t("side.renameBoard")} label={folder ? t("side.folderTitle") : t("side.boardTitle")}
          action={t("common.save")} initial={node.title} maxLength={BOARD_TITLE_MAX} onClose={() => setDialog(null)}
          onSave={async (title) => {
            try {
              await renameBoard(node.id, title);
              void qc.invalidateQueries({ queryKey: todoKeys.boards(node.workspaceId) });
              void qc.invalidateQueries({ queryKey: todoKeys.board(node.id) });
              succeeded("side.renamed", { params: { title } });
              return null;
            } catch (e) {
              return todoErrorText(e, "side.renameFailed");
            }
          }} />
      )}
      {dialog === "newBoard" && (
        <NewBoardDialog workspaceId={node.workspaceId} boardType="BOARD" parentId={node.id} onMade={onExpand} onClose={() => setDialog(null)} />
      )}
    </>
  );
}
