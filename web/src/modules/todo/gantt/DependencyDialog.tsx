// "Depends on…" and "comes before…": the dialog that picks the item a bar's item waits for (finish-to-start:
// POST board/{id}/dependency { fromItemId: the chosen one, toItemId: this one }), or the item that waits for it
// (the chosen one after this one: the keyboard's way to drag a bar's connector onto another bar). A search box
// narrows the board's items; the view leaves out itself and the items already linked that way.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Input, ListBox, ListBoxItem, SearchField, Label } from "react-aria-components";
import type { TodoItem } from "@shared/todo/items.ts";
import { Dialog } from "../../../ui/Dialog.tsx";
import { Button } from "../../../ui/Button.tsx";

export function DependencyDialog({ item, direction, candidates, onChoose, onClose }: {
  item: TodoItem;
  /** "before": the chosen item comes before this one; "after": it follows this one. */
  direction: "before" | "after";
  candidates: readonly TodoItem[];
  onChoose(from: TodoItem): void;
  onClose(): void;
}) {
  const { t } = useTranslation("todo");
  const [word, setWord] = useState("");
  const w = word.trim().toLowerCase();
  const shown = candidates.filter((c) => !w || c.title.toLowerCase().includes(w)).slice(0, 200);
  return (
    <Dialog title={t(direction === "before" ? "gantt.dependsOnTitle" : "gantt.comesBeforeTitle", { title: item.title })} isOpen onClose={onClose} width={460}>
      <p className="wk-muted tg-dialog-hint">{t(direction === "before" ? "gantt.dependsOnHint" : "gantt.comesBeforeHint")}</p>
      <SearchField className="field" value={word} onChange={setWord} autoFocus>
        <Label className="field-label">{t("gantt.search")}</Label>
        <Input className="field-input" />
      </SearchField>
      <ListBox className="tg-pick-list" aria-label={t("gantt.candidates")} selectionMode="none"
        renderEmptyState={() => <p className="wk-muted tg-pick-empty">{t("gantt.noCandidates")}</p>}
        onAction={(key) => {
          const c = candidates.find((x) => x.id === Number(key));
          if (c) onChoose(c);
        }}>
        {shown.map((c) => <ListBoxItem key={c.id} id={c.id} className="tg-pick" textValue={c.title}>{c.title}</ListBoxItem>)}
      </ListBox>
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("gantt.cancel")}</Button>
      </div>
    </Dialog>
  );
}
