// The board's title, renamed in place (PUT board/{id}/title): a follower's title is a text box that looks like the
// heading; Enter or leaving it saves a changed title, Escape puts the old one back. A refused rename rolls back.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input, TextField } from "react-aria-components";
import type { TodoBoardNode } from "@shared/todo/boards.ts";
import { BOARD_TITLE_MAX } from "@shared/todo/constants.ts";
import { renameBoard } from "../api.ts";
import { failed } from "../errors.ts";
import { todoKeys } from "../queries.ts";

export function BoardTitle({ board, canEdit }: { board: TodoBoardNode; canEdit: boolean }) {
  const { t } = useTranslation("todo");
  const qc = useQueryClient();
  const [value, setValue] = useState(board.title);
  const [editing, setEditing] = useState(false);
  useEffect(() => {
    if (!editing) setValue(board.title);
  }, [board.title, editing]);

  if (!canEdit) return <h1 className="td-title td-board-title">{board.title}</h1>;

  const save = async () => {
    setEditing(false);
    const title = value.trim();
    if (!title || title === board.title) return setValue(board.title);
    try {
      await renameBoard(board.id, title);
      void qc.invalidateQueries({ queryKey: todoKeys.board(board.id) });
      void qc.invalidateQueries({ queryKey: todoKeys.boards(board.workspaceId) });
    } catch (e) {
      setValue(board.title);
      failed(e, "side.renameFailed");
    }
  };
  return (
    <h1 className="td-title td-board-title">
      <TextField aria-label={t("board.titleLabel")} value={value} maxLength={BOARD_TITLE_MAX} className="td-title-field"
        onChange={(v) => {
          setEditing(true);
          setValue(v);
        }}
        onBlur={() => void save()}
        onKeyDown={(e) => {
          if (e.key === "Enter") (e.target as HTMLInputElement).blur();
          else if (e.key === "Escape") {
            setValue(board.title);
            setEditing(false);
            e.continuePropagation();
          }
        }}>
        <Input className="td-title-input" />
      </TextField>
    </h1>
  );
}
