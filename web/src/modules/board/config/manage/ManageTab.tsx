// 게시판 관리: the groups and boards the user manages, in tree order, each with 수정 (name, description, place,
// visibility, members, managers), 위로 / 아래로 (its place among its siblings; the focus stays on the button
// pressed) and 삭제 (after a confirmation that names its sub-boards going with it: board.9 / board.7). 그룹 추가
// and 게시판 추가 open the same dialog empty.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { RESTORE_DAYS } from "@shared/board/constants.ts";
import { confirm } from "../../../../app/feedback/confirm.tsx";
import { Button } from "../../../../ui/Button.tsx";
import { deleteBoard, moveBoard } from "../../api.ts";
import { failed, succeeded } from "../../errors.ts";
import { refreshBoards, treeQuery } from "../../queries.ts";
import { BoardDialog, type DialogTarget } from "./BoardDialog.tsx";
import { type ManagedRow, managedRows, movePrev } from "./tree.ts";

type Dir = "up" | "down";

export function ManageTab() {
  const { t } = useTranslation("board");
  const qc = useQueryClient();
  const tree = useQuery(treeQuery);
  const top = tree.data?.boards ?? [];
  const rows = managedRows(top);
  const [dialog, setDialog] = useState<DialogTarget | null>(null);
  // One move at a time; the buttons stay enabled (a disabled button would drop the keyboard focus).
  const moving = useRef(false);
  const [refocus, setRefocus] = useState<string | null>(null);
  useEffect(() => {
    if (!refocus) return;
    const button = document.querySelector<HTMLButtonElement>(`[data-move="${refocus}"]:not([disabled])`);
    if (!button) return; // the refreshed rows are not drawn yet
    button.focus();
    setRefocus(null);
  }, [refocus, tree.data]);

  async function move(row: ManagedRow, dir: Dir) {
    const to = movePrev(row, dir);
    if (!to || moving.current) return;
    moving.current = true;
    try {
      await moveBoard(row.node.id, row.node.groupId, to.prevId);
      await refreshBoards(qc);
      // The row moved in the page: keep the focus on its button, or the other one at the end of the line, as
      // the refreshed tree says (the page may not show it yet: the effect below focuses once it does).
      const moved = managedRows(qc.getQueryData(treeQuery.queryKey)?.boards ?? []).find((r) => r.node.id === row.node.id);
      if (moved) setRefocus(`${moved.node.id}-${movePrev(moved, dir) ? dir : dir === "up" ? "down" : "up"}`);
    } catch (e) {
      failed(e, "4");
    } finally {
      moving.current = false;
    }
  }

  async function remove(row: ManagedRow) {
    const n = row.node;
    const ok = await confirm({
      title: t("config.manage.deleteTitle"),
      message: `${t("config.manage.deleteAsk", { name: n.name })} ${n.childCount ? t("config.manage.deleteChildren", { count: n.childCount }) : ""} ${
        t("config.manage.deleteRestore", { count: RESTORE_DAYS })
      }`.replace(/\s+/g, " ").trim(),
      confirmLabel: t("config.manage.delete"),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteBoard(n.id);
      succeeded("9");
    } catch (e) {
      failed(e, "7");
    } finally {
      void refreshBoards(qc);
    }
  }

  return (
    <section className="bdc-section" aria-labelledby="bdc-manage-title">
      <div className="bdc-section-head">
        <div>
          <h2 id="bdc-manage-title" className="bdc-heading">{t("config.tab.manage")}</h2>
          <p className="bd-muted">{t("config.manage.intro")}</p>
        </div>
        <div className="bdc-head-actions">
          <Button variant="secondary" onPress={() => setDialog({ kind: "create", boardType: "GROUP" })}>{t("config.manage.addGroup")}</Button>
          <Button onPress={() => setDialog({ kind: "create", boardType: "BOARD" })}>{t("config.manage.addBoard")}</Button>
        </div>
      </div>
      {tree.isError && <p className="bd-error" role="alert">{t("messages.1")}</p>}
      {tree.isPending && <p className="bd-muted">{t("config.loading")}</p>}
      {tree.isSuccess && rows.length === 0 && <p className="bd-empty">{t("config.manage.none")}</p>}
      {rows.length > 0 && (
        <ul className="bdc-rows" aria-label={t("config.manage.list")}>
          {rows.map((r) => {
            const n = r.node;
            return (
              <li key={n.id} className="bdc-row" style={{ paddingInlineStart: 8 + r.indent * 20 }}>
                <span className="bdc-row-main">
                  <span className="bdc-row-name">{n.name}</span>
                  <span className="share-badge">{t(`config.boardType.${n.boardType === "GROUP" ? "GROUP" : "BOARD"}`)}</span>
                  {n.description && <span className="bd-muted bdc-row-desc">{n.description}</span>}
                </span>
                <span className="bdc-row-actions" role="group" aria-label={t("config.manage.actionsOf", { name: n.name })}>
                  {(["up", "down"] as const).map((d) => (
                    <Button key={d} variant="ghost" className="bdc-icon" data-move={`${n.id}-${d}`} isDisabled={!movePrev(r, d)}
                      aria-label={t(`config.manage.move.${d}`, { name: n.name })} onPress={() => void move(r, d)}>
                      {d === "up" ? "↑" : "↓"}
                    </Button>
                  ))}
                  <Button variant="secondary" aria-label={t("config.manage.editOf", { name: n.name })} onPress={() => setDialog({ kind: "edit", row: r })}>
                    {t("config.manage.edit")}
                  </Button>
                  <Button variant="secondary" aria-label={t("config.manage.deleteOf", { name: n.name })} onPress={() => void remove(r)}>
                    {t("config.manage.delete")}
                  </Button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      {dialog && <BoardDialog target={dialog} rows={rows} top={top} onClose={() => setDialog(null)} />}
    </section>
  );
}
