// The trash's actions (001 §8): the selected posts back to their boards, to a chosen board (board.144 / 145),
// or deleted for good after a confirmation (board.147); and emptying the whole trash after a confirmation.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { Button } from "../../../ui/Button.tsx";
import { cleanTrash, deleteForever, moveTrashPosts, restorePosts } from "../api.ts";
import { failed, succeeded } from "../errors.ts";
import { refreshBoards } from "../queries.ts";
import { MoveDialog } from "./MoveDialog.tsx";

export function TrashActions({ ids, empty, onDone }: { ids: number[]; empty: boolean; onDone(): void }) {
  const { t } = useTranslation("board");
  const qc = useQueryClient();
  const [moving, setMoving] = useState(false);
  const [busy, setBusy] = useState(false);
  const none = ids.length === 0;

  const run = async (work: () => Promise<unknown>, ok: string, fail: string, params?: (r: unknown) => Record<string, unknown>) => {
    setBusy(true);
    try {
      const r = await work();
      succeeded(ok, { params: params?.(r) });
      onDone();
    } catch (e) {
      failed(e, fail);
    } finally {
      setBusy(false);
      void refreshBoards(qc);
    }
  };

  const forever = async () => {
    const ok = await confirm({ title: t("trash.foreverTitle"), message: t("trash.foreverAsk", { count: ids.length }), confirmLabel: t("trash.forever"), danger: true });
    if (ok) await run(() => deleteForever(ids), "147", "forever_failed");
  };
  const clean = async () => {
    const ok = await confirm({ title: t("trash.cleanTitle"), message: t("trash.cleanAsk"), confirmLabel: t("trash.clean"), danger: true });
    if (ok) await run(cleanTrash, "clean_ok", "clean_failed", (r) => ({ count: (r as { count?: number })?.count ?? 0 }));
  };

  return (
    <div className="bd-actions" role="toolbar" aria-label={t("actions.label")}>
      <Button variant="secondary" isDisabled={none || busy} onPress={() => void run(() => restorePosts(ids), "restore_ok", "restore_failed")}>
        {t("trash.restore")}
      </Button>
      <Button variant="secondary" isDisabled={none || busy} onPress={() => setMoving(true)}>{t("actions.move")}</Button>
      <Button variant="secondary" isDisabled={none || busy} onPress={() => void forever()}>{t("trash.forever")}</Button>
      <Button variant="danger" className="bd-actions-end" isDisabled={empty || busy} onPress={() => void clean()}>{t("trash.clean")}</Button>
      <MoveDialog isOpen={moving} count={ids.length} exclude={null} onClose={() => setMoving(false)}
        onMove={async (target) => {
          await run(() => moveTrashPosts(ids, target), "144", "145");
          setMoving(false);
        }} />
    </div>
  );
}
