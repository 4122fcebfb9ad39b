// 삭제된 게시판: the deleted boards the user may restore (GET deleted: theirs to manage, every one for a company
// admin; still within RESTORE_DAYS), newest first, each with when it was deleted and the days left before it is
// purged with its posts; 복구 brings it back with the sub-boards deleted with it (board.12 / board.10; a board
// whose parent is still deleted, or past the days, is refused with its own text).
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { RESTORE_DAYS } from "@shared/board/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { restoreBoard } from "../api.ts";
import { failed, succeeded } from "../errors.ts";
import { fullDate } from "../format.ts";
import { deletedQuery, refreshBoards } from "../queries.ts";

const DAY_MS = 24 * 60 * 60_000;

/** Whole days left (at least 1 while it is listed) before a board deleted at `deletedAt` is purged. */
export const daysLeft = (deletedAt: number, now = Date.now()) => Math.max(1, Math.ceil((deletedAt + RESTORE_DAYS * DAY_MS - now) / DAY_MS));

export function TrashTab() {
  const { t } = useTranslation("board");
  const qc = useQueryClient();
  const deleted = useQuery({ ...deletedQuery, staleTime: 0 });
  const [busy, setBusy] = useState<number | null>(null);

  async function restore(id: number) {
    setBusy(id);
    try {
      await restoreBoard(id);
      succeeded("12");
    } catch (e) {
      failed(e, "10");
    } finally {
      setBusy(null);
      void refreshBoards(qc);
    }
  }

  const list = deleted.data ?? [];
  return (
    <section className="bdc-section" aria-labelledby="bdc-trash-title">
      <h2 id="bdc-trash-title" className="bdc-heading">{t("config.tab.trash")}</h2>
      <p className="bd-muted">{t("config.trash.intro", { count: RESTORE_DAYS })}</p>
      {deleted.isError && <p className="bd-error" role="alert">{t("config.msg.loadFailed")}</p>}
      {deleted.isPending && <p className="bd-muted">{t("config.loading")}</p>}
      {deleted.isSuccess && list.length === 0 && <p className="bd-empty">{t("config.trash.none")}</p>}
      {list.length > 0 && (
        <ul className="bdc-rows" aria-label={t("config.tab.trash")}>
          {list.map((b) => (
            <li key={b.id} className="bdc-row">
              <span className="bdc-row-main">
                <span className="bdc-row-name">{b.name}</span>
                <span className="share-badge">{t(`config.boardType.${b.boardType === "GROUP" ? "GROUP" : "BOARD"}`)}</span>
                {b.deletedTimeMillis !== null && (
                  <span className="bd-muted">
                    {t("config.trash.deletedAt", { date: fullDate(b.deletedTimeMillis) })} · {t("config.trash.daysLeft", { count: daysLeft(b.deletedTimeMillis) })}
                  </span>
                )}
              </span>
              <span className="bdc-row-actions">
                <Button variant="secondary" isDisabled={busy !== null} aria-label={t("config.trash.restoreOf", { name: b.name })} onPress={() => void restore(b.id)}>
                  {t("config.trash.restore")}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
