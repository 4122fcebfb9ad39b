// Move the post to another board (PUT post/move): the boards the user may write on (WRITE or MANAGE), shown as
// the tree shows them; groups and the post's own board are not offered.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { BoardNode } from "@shared/board/boards.ts";
import { privilegeRank } from "@shared/board/constants.ts";
import type { Post } from "@shared/board/posts.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { type Option, SelectField } from "../../../ui/SelectField.tsx";
import * as boardApi from "../api.ts";
import { boardKeys, treeQuery } from "../queries.ts";
import { done, failed } from "./feedback.ts";

/** The boards (not groups, not special folders) the user may write on, with their depth in the tree. */
export function writableBoards(nodes: BoardNode[], depth = 0, out: Array<Option & { disabled: boolean }> = []) {
  for (const n of nodes) {
    if (n.id <= 0) continue;
    const writable = n.boardType === "BOARD" && privilegeRank(n.userPrivilege) >= privilegeRank("WRITE");
    out.push({ id: String(n.id), label: n.name, depth, disabled: !writable });
    writableBoards(n.children ?? [], depth + 1, out);
  }
  return out;
}

export function MoveDialog({ post, onClose }: { post: Post; onClose: () => void }) {
  const { t } = useTranslation("board");
  const qc = useQueryClient();
  const tree = useQuery(treeQuery);
  const [target, setTarget] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const options = writableBoards(tree.data?.boards ?? []).filter((o) => !o.disabled && o.id !== String(post.boardId));
  const chosen = options.find((o) => o.id === target);

  async function move() {
    if (!chosen) return;
    setBusy(true);
    try {
      await boardApi.movePosts([post.id], Number(chosen.id));
      done("moved", { board: chosen.label });
      await qc.invalidateQueries({ queryKey: boardKeys.all });
      onClose();
    } catch (e) {
      failed(e, "moveFailed");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t("view.moveTitle")} isOpen onClose={onClose}>
      {tree.isPending ? <p className="bv-muted">{t("view.loading")}</p> : options.length === 0
        ? <p>{t("view.moveNone")}</p>
        : <SelectField label={t("view.moveTarget")} options={options.map(({ id, label }) => ({ id, label }))} value={target} onChange={setTarget} placeholder={t("view.moveChoose")} />}
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("view.cancel")}</Button>
        <Button isDisabled={!chosen || busy} onPress={() => void move()}>{t("view.move")}</Button>
      </div>
    </Dialog>
  );
}
