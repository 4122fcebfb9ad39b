// 이동: choosing a document's new parent. The dialog browses the tree from the top level (a document opens its
// level; the trail goes back up); the document itself and what is under it are not offered. "여기로 이동" puts it
// last among the shown level's documents (PATCH docs/{id}/move with parentId and prevId), then every level of
// the tree and the document refetch (001 §4 "Moving a document refreshes the parent's children and the opened
// document").
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import type { WikiSummary } from "@shared/wiki/documents.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { moveDoc } from "../api.ts";
import { failed, succeeded } from "../errors.ts";
import { childrenQuery, wikiKeys } from "../queries.ts";
import { DocIcon } from "./DocIcon.tsx";
import { useDocTitle } from "./DocTree.tsx";

export function MoveDialog({ doc, onClose }: { doc: WikiSummary; onClose(): void }) {
  const { t } = useTranslation("wiki");
  const title = useDocTitle();
  const qc = useQueryClient();
  const [trail, setTrail] = useState<{ id: number; title: string }[]>([]);
  const [busy, setBusy] = useState(false);
  const at = trail.length ? trail[trail.length - 1].id : null;
  const level = useQuery(childrenQuery(at));
  const siblings = (level.data ?? []).filter((d) => d.id !== doc.id);
  const here = at === doc.parentId;
  const atTitle = trail.length ? trail[trail.length - 1].title : t("side.topLevel");

  const move = async () => {
    setBusy(true);
    try {
      await moveDoc(doc.id, { parentId: at, prevId: siblings.length ? siblings[siblings.length - 1].id : null });
      succeeded("side.moved");
      onClose();
      void qc.invalidateQueries({ queryKey: ["wiki", "children"] });
      void qc.invalidateQueries({ queryKey: wikiKeys.doc(doc.id) });
      if (doc.parentId) void qc.invalidateQueries({ queryKey: wikiKeys.doc(doc.parentId) });
      if (at) void qc.invalidateQueries({ queryKey: wikiKeys.doc(at) });
    } catch (e) {
      failed(e, "side.moveFailed");
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={t("side.moveTitle", { title: title(doc) })} isOpen onClose={onClose} width={460}>
      <nav className="wk-move-trail" aria-label={t("side.moveTrail")}>
        <AriaButton className="wk-link-button" onPress={() => setTrail([])} aria-current={trail.length ? undefined : "location"}>
          {t("side.topLevel")}
        </AriaButton>
        {trail.map((c, i) => (
          <span key={c.id} className="wk-move-crumb">
            <span aria-hidden="true">›</span>
            <AriaButton className="wk-link-button" onPress={() => setTrail(trail.slice(0, i + 1))}
              aria-current={i === trail.length - 1 ? "location" : undefined}>
              {c.title}
            </AriaButton>
          </span>
        ))}
      </nav>
      <p className="wk-muted">{t("side.moveHint", { place: atTitle })}</p>
      <ul className="wk-move-list" aria-label={t("side.moveChoices", { place: atTitle })}>
        {level.isError && <li className="wk-error" role="alert">{t("side.treeFailed")}</li>}
        {level.data && siblings.length === 0 && <li className="wk-muted">{t("side.moveEmpty")}</li>}
        {siblings.map((d: WikiSummary) => (
          <li key={d.id}>
            {d.type === "document"
              ? (
                <AriaButton className="wk-move-item" onPress={() => setTrail([...trail, { id: d.id, title: title(d) }])}
                  aria-label={t("side.moveInto", { title: title(d) })}>
                  <DocIcon type={d.type} />
                  <span className="wk-side-name">{title(d)}</span>
                  <span aria-hidden="true">›</span>
                </AriaButton>
              )
              : (
                <span className="wk-move-item wk-move-item-off">
                  <DocIcon type={d.type} />
                  <span className="wk-side-name">{title(d)}</span>
                </span>
              )}
          </li>
        ))}
      </ul>
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("side.cancel")}</Button>
        <Button onPress={() => void move()} isDisabled={here || busy || !level.data}>{t("side.moveHere")}</Button>
      </div>
    </Dialog>
  );
}
