// + 새 행: a row of the database (a document under it) by its title, with a first value when made from a board
// column (the column's option).
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { TITLE_MAX } from "@shared/wiki/constants.ts";
import type { ValueInput } from "@shared/wiki/properties.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { createDoc, putValues } from "../api.ts";
import { useWikiChange } from "./mutations.ts";

export function NewRowDialog({ databaseId, preset, title, onClose }: { databaseId: number; preset?: ValueInput; title?: string; onClose(): void }) {
  const { t } = useTranslation("wiki");
  const [name, setName] = useState("");
  const create = useWikiChange(async (rowTitle: string) => {
    const row = await createDoc({ parentId: databaseId, title: rowTitle });
    if (preset) await putValues(row.id, [preset]);
    return row;
  }, onClose);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    create.mutate(name.trim());
  };
  return (
    <Dialog title={title ?? t("database.row.new")} isOpen onClose={onClose}>
      <form className="wdb-editor" onSubmit={submit}>
        <TextField label={t("database.row.title")} value={name} onChange={setName} maxLength={TITLE_MAX} autoFocus />
        <div className="wdb-editor-actions">
          <Button variant="secondary" onPress={onClose}>{t("database.cancel")}</Button>
          <Button type="submit" isDisabled={create.isPending}>{t("database.row.create")}</Button>
        </div>
      </form>
    </Dialog>
  );
}
