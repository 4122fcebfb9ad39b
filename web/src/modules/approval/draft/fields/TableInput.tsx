// A table field: rows of the field's columns (text, number, money, date), a row added or removed by button, and
// the footer's sum of each summed column. The value is the rows as column values.
import { useTranslation } from "react-i18next";
import { TABLE_ROWS_MAX } from "@shared/approval/constants.ts";
import type { FormField } from "@shared/approval/forms.ts";
import { Button } from "../../../../ui/Button.tsx";
import { DateInput, NumberInput, TextInput } from "./inputs.tsx";

export type Row = Record<string, string | number | null>;

export const emptyRow = (field: FormField): Row =>
  Object.fromEntries(field.columns.map((c) => [c.key, c.type === "number" || c.type === "money" ? null : ""]));

export function columnSum(rows: Row[], key: string): number {
  return rows.reduce((s, r) => s + (typeof r[key] === "number" ? (r[key] as number) : 0), 0);
}

export function TableInput({ field, value, onChange, error }: { field: FormField; value: Row[]; onChange(v: Row[]): void; error?: string }) {
  const { t, i18n } = useTranslation("approval");
  const rows = value.length ? value : [emptyRow(field)];
  const set = (i: number, key: string, v: string | number | null) => onChange(rows.map((r, j) => (j === i ? { ...r, [key]: v } : r)));
  const hasSums = field.columns.some((c) => c.sum);
  const fmt = new Intl.NumberFormat(i18n.language);

  return (
    <div className="ad-table-field" role="group" aria-label={field.label}>
      <div className="ad-table-scroll">
        <table className="ad-table">
          <thead>
            <tr>
              <th scope="col" className="ad-table-num">#</th>
              {field.columns.map((c) => <th key={c.key} scope="col">{c.label}</th>)}
              <th scope="col"><span className="visually-hidden">{t("draft.rowActions")}</span></th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>
                <td className="ad-table-num">{i + 1}</td>
                {field.columns.map((c) => {
                  const label = t("draft.cell", { column: c.label, row: i + 1 });
                  const f = { ...field, label, required: false, placeholder: "" };
                  return (
                    <td key={c.key}>
                      {c.type === "number" || c.type === "money"
                        ? <NumberInput field={f} label={label} money={c.type === "money"} value={(r[c.key] as number | null) ?? null} onChange={(v) => set(i, c.key, v)} />
                        : c.type === "date"
                        ? <DateInput field={f} label={label} value={String(r[c.key] ?? "")} onChange={(v) => set(i, c.key, v)} />
                        : <TextInput field={f} value={String(r[c.key] ?? "")} onChange={(v) => set(i, c.key, v)} />}
                    </td>
                  );
                })}
                <td>
                  <Button variant="ghost" className="ad-icon-btn" aria-label={t("draft.removeRow", { row: i + 1 })}
                    isDisabled={rows.length === 1} onPress={() => onChange(rows.filter((_, j) => j !== i))}>✕</Button>
                </td>
              </tr>
            ))}
          </tbody>
          {hasSums && (
            <tfoot>
              <tr>
                <th scope="row" className="ad-table-num">{t("draft.sum")}</th>
                {field.columns.map((c) => (
                  <td key={c.key} className="ad-sum">
                    {c.sum && <output aria-label={t("draft.sumOf", { column: c.label })}>{fmt.format(columnSum(rows, c.key))}</output>}
                  </td>
                ))}
                <td />
              </tr>
            </tfoot>
          )}
        </table>
      </div>
      <div className="ad-table-tools">
        <Button variant="secondary" isDisabled={rows.length >= TABLE_ROWS_MAX} onPress={() => onChange([...rows, emptyRow(field)])}>
          {t("draft.addRow")}
        </Button>
        {error && <span className="field-error" role="alert">{error}</span>}
      </div>
    </div>
  );
}
