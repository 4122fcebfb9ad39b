// The designer's fields: add, edit (label, key, type, required, placeholder; a table's columns with their type
// and sum), remove, reorder. Keys are lower-case letters, digits and _ (shared/approval/forms.ts).
import { useTranslation } from "react-i18next";
import { COLUMN_TYPES, FIELD_TYPES, FIELDS_MAX } from "@shared/approval/constants.ts";
import type { ColumnType, FieldType } from "@shared/approval/constants.ts";
import type { FormField, TableColumn } from "@shared/approval/forms.ts";
import { Button } from "../../../ui/Button.tsx";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { TextField } from "../../../ui/TextField.tsx";

export const KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

/** A free key: field_1, field_2, ... (or col_1 for columns). */
export function freeKey(taken: string[], stem: string) {
  for (let i = 1; ; i++) if (!taken.includes(`${stem}_${i}`)) return `${stem}_${i}`;
}

export function FieldsEditor({ fields, onChange, errors }: { fields: FormField[]; onChange(f: FormField[]): void; errors: Record<string, string> }) {
  const { t } = useTranslation("admin");
  const set = (i: number, patch: Partial<FormField>) => onChange(fields.map((f, j) => (j === i ? { ...f, ...patch } : f)));
  const swap = (i: number, j: number) => {
    const next = [...fields];
    [next[i], next[j]] = [next[j], next[i]];
    onChange(next);
  };
  const add = () => {
    const key = freeKey(fields.map((f) => f.key), "field");
    onChange([...fields, { key, label: t("approval.fields.newLabel", { n: fields.length + 1 }), type: "text", required: false, placeholder: "", columns: [] }]);
  };

  return (
    <div className="aa-fields">
      <ol className="aa-field-list">
        {fields.map((f, i) => {
          const name = f.label || f.key;
          return (
            <li key={i} className="aa-field" aria-label={t("approval.fields.fieldN", { n: i + 1, name })}>
              <div className="aa-field-grid">
                <TextField label={t("approval.fields.label")} value={f.label} onChange={(v) => set(i, { label: v })} maxLength={60}
                  errorMessage={errors[`${i}.label`]} />
                <TextField label={t("approval.fields.key")} value={f.key} onChange={(v) => set(i, { key: v.trim() })} maxLength={40}
                  errorMessage={errors[`${i}.key`]} description={t("approval.fields.keyHint")} />
                <SelectField label={t("approval.fields.type")} value={f.type}
                  options={FIELD_TYPES.map((x) => ({ id: x, label: t(`approval.fieldType.${x}`) }))}
                  onChange={(v) => set(i, { type: v as FieldType, columns: v === "table" && !f.columns.length ? [{ key: "col_1", label: t("approval.fields.newColumn", { n: 1 }), type: "text", sum: false }] : f.columns })} />
                <TextField label={t("approval.fields.placeholder")} value={f.placeholder} onChange={(v) => set(i, { placeholder: v })} maxLength={100} />
              </div>
              <div className="aa-field-foot">
                <Checkbox isSelected={f.required} onChange={(v) => set(i, { required: v })}>{t("approval.fields.required")}</Checkbox>
                <span className="aa-grow" />
                <Button variant="ghost" aria-label={t("approval.moveUp", { name })} isDisabled={i === 0} onPress={() => swap(i, i - 1)}>↑</Button>
                <Button variant="ghost" aria-label={t("approval.moveDown", { name })} isDisabled={i === fields.length - 1} onPress={() => swap(i, i + 1)}>↓</Button>
                <Button variant="ghost" aria-label={t("approval.deleteOf", { name })} onPress={() => onChange(fields.filter((_, j) => j !== i))}>{t("approval.delete")}</Button>
              </div>
              {f.type === "table" && <Columns field={f} onChange={(columns) => set(i, { columns })} />}
            </li>
          );
        })}
      </ol>
      <Button variant="secondary" isDisabled={fields.length >= FIELDS_MAX} onPress={add}>{t("approval.fields.add")}</Button>
    </div>
  );
}

function Columns({ field, onChange }: { field: FormField; onChange(c: TableColumn[]): void }) {
  const { t } = useTranslation("admin");
  const cols = field.columns;
  const set = (i: number, patch: Partial<TableColumn>) => onChange(cols.map((c, j) => (j === i ? { ...c, ...patch } : c)));
  return (
    <fieldset className="aa-columns">
      <legend>{t("approval.fields.columnsOf", { name: field.label })}</legend>
      {cols.map((c, i) => (
        <div key={i} className="aa-column">
          <TextField label={t("approval.fields.columnLabel", { n: i + 1 })} value={c.label} onChange={(v) => set(i, { label: v })} maxLength={60} />
          <TextField label={t("approval.fields.columnKey", { n: i + 1 })} value={c.key} onChange={(v) => set(i, { key: v.trim() })} maxLength={40} />
          <SelectField label={t("approval.fields.columnType", { n: i + 1 })} value={c.type}
            options={COLUMN_TYPES.map((x) => ({ id: x, label: t(`approval.fieldType.${x}`) }))}
            onChange={(v) => set(i, { type: v as ColumnType, sum: v === "number" || v === "money" ? c.sum : false })} />
          <Checkbox isSelected={c.sum} isDisabled={c.type !== "number" && c.type !== "money"} onChange={(v) => set(i, { sum: v })}>
            {t("approval.fields.sum")}
          </Checkbox>
          <Button variant="ghost" aria-label={t("approval.deleteOf", { name: c.label || c.key })} isDisabled={cols.length === 1}
            onPress={() => onChange(cols.filter((_, j) => j !== i))}>✕</Button>
        </div>
      ))}
      <Button variant="secondary" isDisabled={cols.length >= 12} onPress={() =>
        onChange([...cols, { key: freeKey(cols.map((c) => c.key), "col"), label: t("approval.fields.newColumn", { n: cols.length + 1 }), type: "text", sum: false }])}>
        {t("approval.fields.addColumn")}
      </Button>
    </fieldset>
  );
}
