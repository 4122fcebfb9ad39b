// + 속성: a new property of the database, by name and type (select types start with no options: the column's
// settings add them).
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { PROPERTY_NAME_MAX, PROPERTY_TYPES, type PropertyType } from "@shared/wiki/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { addProperty } from "../api.ts";
import { useWikiChange } from "./mutations.ts";

export function AddPropertyDialog({ databaseId, onClose }: { databaseId: number; onClose(): void }) {
  const { t } = useTranslation("wiki");
  const [name, setName] = useState("");
  const [type, setType] = useState<PropertyType>("text");
  const [error, setError] = useState<string>();
  const add = useWikiChange(() => addProperty(databaseId, { name: name.trim(), type }), onClose);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return setError(t("database.property.nameRequired"));
    add.mutate(undefined);
  };
  return (
    <Dialog title={t("database.property.add")} isOpen onClose={onClose}>
      <form className="wdb-editor" onSubmit={submit}>
        <TextField label={t("database.property.name")} value={name} onChange={(v) => (setName(v), setError(undefined))} maxLength={PROPERTY_NAME_MAX}
          errorMessage={error} autoFocus />
        <SelectField label={t("database.property.type")} value={type} options={PROPERTY_TYPES.map((p) => ({ id: p, label: t(`database.type.${p}`) }))}
          onChange={(v) => setType(v as PropertyType)} />
        <div className="wdb-editor-actions">
          <Button variant="secondary" onPress={onClose}>{t("database.cancel")}</Button>
          <Button type="submit" isDisabled={add.isPending}>{t("database.property.create")}</Button>
        </div>
      </form>
    </Dialog>
  );
}
