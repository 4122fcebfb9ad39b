// 새 보드 / 새 폴더 (POST board/{workspaceId}: a board gets the default header and one group; a folder only its
// title), at the top or inside a folder (parentId). A new board opens; a new folder shows in the tree.
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { BOARD_TITLE_MAX, type BoardType } from "@shared/todo/constants.ts";
import { createBoard } from "../api.ts";
import { succeeded, todoErrorText } from "../errors.ts";
import { todoKeys } from "../queries.ts";
import { todoLinks } from "./links.ts";
import { TitleDialog } from "./TitleDialog.tsx";

export function NewBoardDialog({ workspaceId, boardType, parentId, onClose, onMade }: {
  workspaceId: number;
  boardType: BoardType;
  parentId: number | null;
  onClose(): void;
  onMade?(): void;
}) {
  const { t } = useTranslation("todo");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const folder = boardType === "FOLDER";
  return (
    <TitleDialog
      title={folder ? t("side.newFolder") : t("side.newBoard")}
      label={folder ? t("side.folderTitle") : t("side.boardTitle")}
      action={t("side.create")}
      maxLength={BOARD_TITLE_MAX}
      onClose={onClose}
      onSave={async (title) => {
        try {
          const made = await createBoard(workspaceId, { title, boardType, parentId });
          void qc.invalidateQueries({ queryKey: todoKeys.boards(workspaceId) });
          void qc.invalidateQueries({ queryKey: todoKeys.workspaces });
          succeeded(folder ? "side.folderCreated" : "side.boardCreated", { carry: !folder, params: { title: made.title } });
          onMade?.();
          if (!folder) void navigate(todoLinks.board(workspaceId, made.id));
          return null;
        } catch (e) {
          return todoErrorText(e, "side.createFailed");
        }
      }}
    />
  );
}
