// One field's value in a read-only document: text (line breaks kept), numbers and amounts with thousands
// separators, dates, a person's or department's name, a table with its sums, attachments as download links.
import { useTranslation } from "react-i18next";
import type { ApprovalFile, FieldValue as Value } from "@shared/approval/documents.ts";
import type { FormField } from "@shared/approval/forms.ts";
import { formatNumber } from "../format.ts";
import { FileLink } from "./FileLink.tsx";

type Row = Record<string, string | number | null>;

const num = (v: unknown) => (typeof v === "number" ? v : typeof v === "string" && v.trim() && !isNaN(Number(v)) ? Number(v) : null);

export function FieldValue({ field, value, docId, files }: { field: FormField | undefined; value: Value | undefined; docId: number; files: ApprovalFile[] }) {
  const { t, i18n } = useTranslation("approval");
  const lng = i18n.language;
  if (value === undefined || value === null || value === "") return <span className="ap-field ap-field-empty" />;
  const type = field?.type ?? "text";
  switch (type) {
    case "number":
    case "money": {
      const n = num(value);
      return <span className={`ap-field ap-field-${type}`}>{n === null ? String(value) : formatNumber(n, lng)}</span>;
    }
    case "person":
    case "organ":
      return <span className="ap-field">{typeof value === "object" && value && "name" in value ? value.name : String(value)}</span>;
    case "table": {
      const rows = Array.isArray(value) ? (value as unknown[]).filter((r): r is Row => !!r && typeof r === "object") : [];
      const cols = field?.columns ?? [];
      const summed = cols.some((c) => c.sum);
      const cell = (type: string, v: string | number | null | undefined) => {
        const n = num(v);
        return (type === "number" || type === "money") && n !== null ? formatNumber(n, lng) : v ?? "";
      };
      return (
        <table className="ap-field-table">
          <thead>
            <tr>{cols.map((c) => <th key={c.key} scope="col">{c.label}</th>)}</tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={i}>{cols.map((c) => <td key={c.key} className={`ap-cell-${c.type}`}>{cell(c.type, r[c.key])}</td>)}</tr>
            ))}
          </tbody>
          {summed && (
            <tfoot>
              <tr>
                {cols.map((c, i) => (
                  <td key={c.key} className={`ap-cell-${c.type}`}>
                    {c.sum ? formatNumber(rows.reduce((s, r) => s + (num(r[c.key]) ?? 0), 0), lng) : i === 0 ? t("doc.sum") : ""}
                  </td>
                ))}
              </tr>
            </tfoot>
          )}
        </table>
      );
    }
    case "attachments": {
      const ids = Array.isArray(value) ? value.filter((v): v is number => typeof v === "number") : [];
      const list = files.filter((f) => ids.includes(f.id));
      return (
        <ul className="ap-field-files" role="list">
          {list.map((f) => <li key={f.id}><FileLink docId={docId} file={f} /></li>)}
        </ul>
      );
    }
    default:
      return <span className={`ap-field ap-field-${type}`}>{typeof value === "object" ? JSON.stringify(value) : String(value)}</span>;
  }
}
