// 숨긴 게시판: the user's hidden boards (GET hidden) with 다시 표시, and the boards of their tree with 숨기기 (001 §4:
// a hidden board leaves their own tree with everything under it; others' trees do not change). A failed hide
// shows board.6.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { BoardNode } from "@shared/board/boards.ts";
import { Button } from "../../../ui/Button.tsx";
import { hideBoard, unhideBoard } from "../api.ts";
import { failed } from "../errors.ts";
import { hiddenQuery, refreshBoards, treeQuery } from "../queries.ts";
import { configDone, configFailed } from "./feedback.ts";

function flat(nodes: BoardNode[], indent = 0, out: { node: BoardNode; indent: number }[] = []) {
  for (const n of nodes) {
    if (n.id <= 0) continue;
    out.push({ node: n, indent });
    flat(n.children, indent + 1, out);
  }
  return out;
}

export function HiddenTab() {
  const { t } = useTranslation("board");
  const qc = useQueryClient();
  const hidden = useQuery({ ...hiddenQuery, staleTime: 0 });
  const tree = useQuery(treeQuery);
  const [busy, setBusy] = useState(false);

  async function run(work: () => Promise<unknown>, ok: string, fail: (e: unknown) => void, name: string) {
    setBusy(true);
    try {
      await work();
      configDone(ok, { name });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
      void refreshBoards(qc);
    }
  }

  const list = hidden.data ?? [];
  const shown = flat(tree.data?.boards ?? []);
  return (
    <div className="bdc-stack">
      <section className="bdc-section" aria-labelledby="bdc-hidden-title">
        <h2 id="bdc-hidden-title" className="bdc-heading">{t("config.tab.hidden")}</h2>
        <p className="bd-muted">{t("config.hidden.intro")}</p>
        {hidden.isError && <p className="bd-error" role="alert">{t("config.msg.loadFailed")}</p>}
        {hidden.isSuccess && list.length === 0 && <p className="bd-empty">{t("config.hidden.none")}</p>}
        {list.length > 0 && (
          <ul className="bdc-rows" aria-label={t("config.hidden.list")}>
            {list.map((b) => (
              <li key={b.id} className="bdc-row">
                <span className="bdc-row-main"><span className="bdc-row-name">{b.name}</span></span>
                <span className="bdc-row-actions">
                  <Button variant="secondary" isDisabled={busy} aria-label={t("config.hidden.unhideOf", { name: b.name })}
                    onPress={() => void run(() => unhideBoard(b.id), "unhidden", (e) => configFailed(e, "unhideFailed"), b.name)}>
                    {t("config.hidden.unhide")}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="bdc-section" aria-labelledby="bdc-shown-title">
        <h2 id="bdc-shown-title" className="bdc-heading">{t("config.hidden.shownTitle")}</h2>
        <p className="bd-muted">{t("config.hidden.shownIntro")}</p>
        {tree.isError && <p className="bd-error" role="alert">{t("messages.1")}</p>}
        {tree.isSuccess && shown.length === 0 && <p className="bd-empty">{t("side.noBoards")}</p>}
        {shown.length > 0 && (
          <ul className="bdc-rows" aria-label={t("config.hidden.shownTitle")}>
            {shown.map(({ node: n, indent }) => (
              <li key={n.id} className="bdc-row" style={{ paddingInlineStart: 8 + indent * 20 }}>
                <span className="bdc-row-main">
                  <span className="bdc-row-name">{n.name}</span>
                  {n.boardType === "GROUP" && <span className="share-badge">{t("config.boardType.GROUP")}</span>}
                </span>
                <span className="bdc-row-actions">
                  <Button variant="secondary" isDisabled={busy} aria-label={t("config.hidden.hideOf", { name: n.name })}
                    onPress={() => void run(() => hideBoard(n.id), "hidden", (e) => failed(e, "6"), n.name)}>
                    {t("config.hidden.hide")}
                  </Button>
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
