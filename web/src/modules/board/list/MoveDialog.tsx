// Choosing the board selected posts go to: the boards of the tree the user may write on (WRITE or MANAGE),
// indented as in the tree, without the one they are in. Answers the chosen id, or nothing when cancelled.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { BoardNode } from "@shared/board/boards.ts";
import { privilegeRank } from "@shared/board/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { type Option, SelectField } from "../../../ui/SelectField.tsx";
import { treeQuery } from "../queries.ts";

/** The boards one may write on, depth-first as the tree shows them (groups only as the path of their boards). */
export function writableBoards(nodes: BoardNode[], exclude: number | null, depth = 0, out: Option[] = []): Option[] {
  for (const n of nodes) {
    if (n.id <= 0) continue;
    if (n.boardType === "BOARD" && n.id !== exclude && privilegeRank(n.userPrivilege) >= privilegeRank("WRITE")) {
      out.push({ id: String(n.id), label: n.name, depth });
    }
    writableBoards(n.children ?? [], exclude, depth + 1, out);
  }
  return out;
}

export function MoveDialog({ isOpen, count, exclude, onClose, onMove }: {
  isOpen: boolean;
  count: number;
  exclude: number | null;
  onClose(): void;
  onMove(boardId: number): Promise<void>;
}) {
  const { t } = useTranslation("board");
  const tree = useQuery(treeQuery).data;
  const options = writableBoards(tree?.boards ?? [], exclude);
  const [target, setTarget] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const close = () => {
    setTarget(null);
    onClose();
  };
  return (
    <Dialog title={t("move.title")} isOpen={isOpen} onClose={close}>
      <p>{t("move.count", { count })}</p>
      {options.length === 0
        ? <p className="bd-muted">{t("move.none")}</p>
        : <SelectField label={t("move.target")} options={options} value={target} onChange={setTarget} placeholder={t("move.choose")} />}
      <div className="dialog-actions">
        <Button variant="secondary" onPress={close}>{t("common:action.cancel")}</Button>
        <Button isDisabled={!target || busy} onPress={async () => {
          setBusy(true);
          try {
            await onMove(Number(target));
            setTarget(null);
          } finally {
            setBusy(false);
          }
        }}>
          {t("move.submit")}
        </Button>
      </div>
    </Dialog>
  );
}
