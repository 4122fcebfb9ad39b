// Adds a filter to the database's view: a property, an operator that suits its type (FILTER_OPS_BY_TYPE) and a
// value (none for empty, not empty, checked and unchecked).
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FilterOp } from "@shared/wiki/constants.ts";
import { FILTER_OPS_BY_TYPE, type Property, type RowFilter } from "@shared/wiki/properties.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { NativeField } from "../../../ui/NativeField.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { PersonPicker } from "./PersonPicker.tsx";
import { optionsOf } from "./value.ts";

const NO_VALUE: readonly FilterOp[] = ["empty", "not_empty", "checked", "unchecked"];

export function FilterDialog({ properties, initialPropertyId, onAdd, onClose }: {
  properties: Property[];
  initialPropertyId?: number;
  onAdd(f: RowFilter, personName?: string): void;
  onClose(): void;
}) {
  const { t } = useTranslation("wiki");
  const [propId, setPropId] = useState(initialPropertyId ?? properties[0]?.id);
  const prop = properties.find((p) => p.id === propId);
  const ops = prop ? FILTER_OPS_BY_TYPE[prop.type] : [];
  const [op, setOp] = useState<FilterOp>(ops[0] ?? "eq");
  const [value, setValue] = useState("");
  const [person, setPerson] = useState<{ id: number; name: string } | null>(null);
  const [error, setError] = useState<string>();
  const needsValue = !NO_VALUE.includes(op);
  const pickProperty = (id: number) => {
    setPropId(id);
    const p = properties.find((x) => x.id === id);
    setOp(p ? FILTER_OPS_BY_TYPE[p.type][0] : "eq");
    setValue("");
    setPerson(null);
    setError(undefined);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!prop) return;
    if (!needsValue) return (onAdd({ propertyId: prop.id, op }), onClose());
    if (prop.type === "person") {
      if (!person) return setError(t("database.filter.valueRequired"));
      return (onAdd({ propertyId: prop.id, op, value: person.id }, person.name), onClose());
    }
    const s = value.trim();
    if (!s) return setError(t("database.filter.valueRequired"));
    if (prop.type === "number") {
      const n = Number(s.replace(/,/g, ""));
      if (!Number.isFinite(n)) return setError(t("database.value.notNumber"));
      return (onAdd({ propertyId: prop.id, op, value: n }), onClose());
    }
    onAdd({ propertyId: prop.id, op, value: s });
    onClose();
  };
  return (
    <Dialog title={t("database.filter.add")} isOpen onClose={onClose}>
      <form className="wdb-editor" onSubmit={submit}>
        <SelectField label={t("database.filter.property")} value={propId ? String(propId) : null}
          options={properties.map((p) => ({ id: String(p.id), label: p.name }))} onChange={(id) => pickProperty(Number(id))} />
        {prop && (
          <SelectField label={t("database.filter.op")} value={op} options={ops.map((o) => ({ id: o, label: t(`database.op.${o}`) }))}
            onChange={(o) => (setOp(o as FilterOp), setError(undefined))} />
        )}
        {prop && needsValue && (prop.type === "select" || prop.type === "multi_select"
          ? (
            <SelectField label={t("database.filter.value")} value={value || null} errorMessage={error}
              options={optionsOf(prop).map((o) => ({ id: o.id, label: o.name }))} onChange={(v) => (setValue(v), setError(undefined))} />
          )
          : prop.type === "date"
          ? <NativeField label={t("database.filter.value")} type="date" value={value} onChange={(v) => (setValue(v), setError(undefined))} errorMessage={error} />
          : prop.type === "person"
          ? (
            <>
              {person && <p>{t("database.filter.person", { name: person.name })}</p>}
              <PersonPicker label={t("database.filter.value")} exclude={person ? [person.id] : []} onPick={(i) => (setPerson({ id: i.id, name: i.name }), setError(undefined))} />
              {error && <p className="field-error" role="alert">{error}</p>}
            </>
          )
          : (
            <TextField label={t("database.filter.value")} value={value} onChange={(v) => (setValue(v), setError(undefined))} errorMessage={error}
              inputMode={prop.type === "number" ? "decimal" : undefined} />
          ))}
        <div className="wdb-editor-actions">
          <Button variant="secondary" onPress={onClose}>{t("database.cancel")}</Button>
          <Button type="submit">{t("database.filter.apply")}</Button>
        </div>
      </form>
    </Dialog>
  );
}
