// A widget's own title (WIDGET_TITLE_MAX); an empty one brings back the catalogue's.
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { WIDGET_TITLE_MAX, type Widget } from "@shared/home/widgets.ts";
import { Button } from "../../ui/Button.tsx";
import { Dialog } from "../../ui/Dialog.tsx";
import { TextField } from "../../ui/TextField.tsx";

export function RenameDialog({ widget, onClose, onSave }: { widget: Widget | null; onClose(): void; onSave(title: string | null): void }) {
  const { t } = useTranslation("home");
  return (
    <Dialog title={t("rename.title")} isOpen={!!widget} onClose={onClose}>
      {widget && <RenameForm widget={widget} onClose={onClose} onSave={onSave} />}
    </Dialog>
  );
}

function RenameForm({ widget, onClose, onSave }: { widget: Widget; onClose(): void; onSave(title: string | null): void }) {
  const { t } = useTranslation("home");
  const [title, setTitle] = useState(widget.title ?? "");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave(title.trim() || null);
  };
  return (
    <form onSubmit={submit} className="hm-form">
      <TextField
        label={t("rename.label")}
        description={t("rename.help", { title: t(`widget.${widget.component}.title`) })}
        value={title}
        onChange={setTitle}
        maxLength={WIDGET_TITLE_MAX}
        autoFocus
      />
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("rename.cancel")}</Button>
        <Button type="submit">{t("rename.save")}</Button>
      </div>
    </form>
  );
}
