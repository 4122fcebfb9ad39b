// A property's settings from its column menu: its name, and by type the number format, whether a date has a
// time, or the select options (OptionsEditor).
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useQuery } from "@tanstack/react-query";
import { NUMBER_FORMATS, PROPERTY_NAME_MAX } from "@shared/wiki/constants.ts";
import type { Property } from "@shared/wiki/properties.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { Switch } from "../../../ui/Switch.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { configureProperty, renameProperty } from "../api.ts";
import { propertiesQuery } from "../queries.ts";
import { useWikiChange } from "./mutations.ts";
import { OptionsEditor } from "./OptionsEditor.tsx";

export function PropertyDialog({ databaseId, property, onClose }: { databaseId: number; property: Property; onClose(): void }) {
  const { t } = useTranslation("wiki");
  // The newest form of the property (options change while the dialog is open).
  const p = useQuery(propertiesQuery(databaseId)).data?.find((x) => x.id === property.id) ?? property;
  const [name, setName] = useState(p.name);
  const rename = useWikiChange((n: string) => renameProperty(p.id, n));
  const configure = useWikiChange((body: { format?: (typeof NUMBER_FORMATS)[number]; includeTime?: boolean }) => configureProperty(p.id, body));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (name.trim() && name.trim() !== p.name) rename.mutate(name.trim());
  };
  return (
    <Dialog title={t("database.property.settings", { name: p.name })} isOpen onClose={onClose} width={560}>
      <form className="wdb-option-row" onSubmit={submit}>
        <TextField label={t("database.property.name")} value={name} onChange={setName} maxLength={PROPERTY_NAME_MAX} />
        <Button type="submit" variant="secondary" isDisabled={!name.trim() || name.trim() === p.name}>{t("database.rename")}</Button>
      </form>
      {p.type === "number" && (
        <SelectField label={t("database.property.format")} value={p.config.format ?? "plain"}
          options={NUMBER_FORMATS.map((f) => ({ id: f, label: t(`database.format.${f}`) }))}
          onChange={(f) => configure.mutate({ format: f as (typeof NUMBER_FORMATS)[number] })} />
      )}
      {p.type === "date" && (
        <Switch label={t("database.property.includeTime")} isSelected={!!p.config.includeTime} onChange={(v) => configure.mutate({ includeTime: v })} />
      )}
      {(p.type === "select" || p.type === "multi_select") && <OptionsEditor property={p} />}
      <div className="wdb-editor-actions">
        <Button onPress={onClose}>{t("database.close")}</Button>
      </div>
    </Dialog>
  );
}
