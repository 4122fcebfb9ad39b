// A filter row's value, by its column's type: a status label, a person (the board's organUserList), a day, a
// number, checked or not, or text.
import { useTranslation } from "react-i18next";
import type { HeaderColumn, OrganUser } from "@shared/todo/boards.ts";
import { SelectField } from "../../../ui/SelectField.tsx";
import { Input, TextField } from "react-aria-components";

export function ValueInput({ column, label, value, people, onChange }: {
  column: HeaderColumn;
  label: string;
  value: string;
  people: OrganUser[];
  onChange(value: string): void;
}) {
  const { t } = useTranslation("todo");
  switch (column.type) {
    case "STATUS":
      return <SelectField hideLabel label={label} value={value || null} placeholder={t("filters.pick")} onChange={onChange}
        options={column.options.map((o) => ({ id: o.label, label: o.label }))} />;
    case "PERSON":
    case "CREATED_LOG":
      return <SelectField hideLabel label={label} value={value || null} placeholder={t("filters.pick")} onChange={onChange}
        options={people.map((p) => ({ id: String(p.id), label: p.organName ? `${p.name} (${p.organName})` : p.name }))} />;
    case "CHECK":
      return <SelectField hideLabel label={label} value={value || null} placeholder={t("filters.pick")} onChange={onChange}
        options={[{ id: "1", label: t("filters.checked") }, { id: "0", label: t("filters.unchecked") }]} />;
    case "TIMELINE":
      return <Bare label={label} type="date" value={value} onChange={onChange} />;
    case "NUMBER":
      return <Bare label={label} inputMode="decimal" value={value} onChange={(v) => onChange(v.replace(/[^\d.-]/g, ""))} />;
    default:
      return <Bare label={label} value={value} onChange={onChange} maxLength={200} />;
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
