// "Depends on…": the dialog that picks the item a bar's item waits for (finish-to-start: POST
// board/{id}/dependency { fromItemId: the chosen one, toItemId: this one }). A search box narrows the board's
// items; items already before it, and itself, are left out.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Input, ListBox, ListBoxItem, SearchField, Label } from "react-aria-components";
import type { TodoItem } from "@shared/todo/items.ts";
import { Dialog } from "../../../ui/Dialog.tsx";
import { Button } from "../../../ui/Button.tsx";

export function DependencyDialog({ item, candidates, onChoose, onClose }: {
  item: TodoItem;
  candidates: readonly TodoItem[];
  onChoose(from: TodoItem): void;
  onClose(): void;
}) {
  const { t } = useTranslation("todo");
  const [word, setWord] = useState("");
  const w = word.trim().toLowerCase();
  const shown = candidates.filter((c) => !w || c.title.toLowerCase().includes(w)).slice(0, 200);
  return (
    <Dialog title={t("gantt.dependsOnTitle", { title: item.title })} isOpen onClose={onClose} width={460}>
      <p className="wk-muted tg-dialog-hint">{t("gantt.dependsOnHint")}</p>
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
