// A filter row's values, by its column's type: status labels or people (the board's organUserList), any of which
// matches (the server's rule: a positive condition holds when one value matches, IS_NOT when none does); one day,
// number, checked or not, or text.
import { useTranslation } from "react-i18next";
import type { HeaderColumn, OrganUser } from "@shared/todo/boards.ts";
import { MultiSelectField, SelectField } from "../../../ui/SelectField.tsx";
import { Input, TextField } from "react-aria-components";

export function ValueInput({ column, label, values, people, onChange }: {
  column: HeaderColumn;
  label: string;
  values: string[];
  people: OrganUser[];
  onChange(values: string[]): void;
}) {
  const { t } = useTranslation("todo");
  const value = values[0] ?? "";
  const one = (v: string) => onChange(v ? [v] : []);
  switch (column.type) {
    case "STATUS":
      return <MultiSelectField hideLabel label={label} values={values} placeholder={t("filters.pick")} onChange={onChange}
        options={column.options.map((o) => ({ id: o.label, label: o.label }))} />;
    case "PERSON":
    case "CREATED_LOG":
      return <MultiSelectField hideLabel label={label} values={values} placeholder={t("filters.pick")} onChange={onChange}
        options={people.map((p) => ({ id: String(p.id), label: p.organName ? `${p.name} (${p.organName})` : p.name }))} />;
    case "CHECK":
      return <SelectField hideLabel label={label} value={value || null} placeholder={t("filters.pick")} onChange={one}
        options={[{ id: "1", label: t("filters.checked") }, { id: "0", label: t("filters.unchecked") }]} />;
    case "TIMELINE":
      return <Bare label={label} type="date" value={value} onChange={one} />;
    case "NUMBER":
      return <Bare label={label} inputMode="decimal" value={value} onChange={(v) => one(v.replace(/[^\d.-]/g, ""))} />;
    default:
      return <Bare label={label} value={value} onChange={one} maxLength={200} />;
  }
}

/** A text box named by aria-label only (the row's layout shows what it is for). */
function Bare({ label, value, onChange, type, inputMode, maxLength }: {
  label: string;
  value: string;
  onChange(v: string): void;
  type?: string;
  inputMode?: "decimal";
  maxLength?: number;
}) {
  return (
    <TextField aria-label={label} value={value} onChange={onChange} type={type} inputMode={inputMode} maxLength={maxLength} className="field td-filter-value">
      <Input className="field-input" />
    </TextField>
  );
}
