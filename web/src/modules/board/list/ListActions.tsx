// What can be done with the selected posts of a list: mark them read or unread, move them to a board the user
// may write on, delete them (to the trash, after a confirmation). Each outcome is said in a snackbar and the
// lists, counts and tree refetch.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { Button } from "../../../ui/Button.tsx";
import { deletePost, markRead, markUnread, movePosts } from "../api.ts";
import { failed, succeeded } from "../errors.ts";
import { refreshBoards } from "../queries.ts";
import { MoveDialog } from "./MoveDialog.tsx";

export function ListActions({ ids, boardId, onDone }: { ids: number[]; boardId: number; onDone(): void }) {
  const { t } = useTranslation("board");
  const qc = useQueryClient();
  const [moving, setMoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const none = ids.length === 0;

  const run = async (work: () => Promise<unknown>, ok: string, fail: string, params?: Record<string, unknown>) => {
    setBusy(true);
    try {
      await work();
      succeeded(ok, { params });
      onDone();
    } catch (e) {
      failed(e, fail);
    } finally {
      setBusy(false);
      void refreshBoards(qc);
    }
  };

  const remove = async () => {
    const ok = await confirm({ title: t("actions.deleteTitle"), message: t("actions.deleteAsk", { count: ids.length }), confirmLabel: t("actions.delete"), danger: true });
    if (ok) await run(() => Promise.all(ids.map(deletePost)), "26", "25");
  };

  return (
    <div className="bd-actions" role="toolbar" aria-label={t("actions.label")}>
      <Button variant="secondary" isDisabled={none || busy} onPress={() => void run(() => markRead(ids), "read_ok", "read_failed")}>
        {t("actions.read")}
      </Button>
      <Button variant="secondary" isDisabled={none || busy} onPress={() => void run(() => markUnread(ids), "unread_ok", "read_failed")}>
        {t("actions.unread")}
      </Button>
      <Button variant="secondary" isDisabled={none || busy} onPress={() => setMoving(true)}>{t("actions.move")}</Button>
      <Button variant="secondary" isDisabled={none || busy} onPress={() => void remove()}>{t("actions.delete")}</Button>
      <MoveDialog isOpen={moving} count={ids.length} exclude={boardId > 0 ? boardId : null} onClose={() => setMoving(false)}
        onMove={async (target) => {
          await run(() => movePosts(ids, target), "move_ok", "move_failed");
          setMoving(false);
        }} />
    </div>
  );
}
