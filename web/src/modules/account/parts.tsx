// Building blocks the account tabs share: a titled section, a pager, date and size formats, a data table that
// folds into cards on phones.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button.tsx";
import { formatBytes } from "../../lib/bytes.ts";

export function Section({ title, description, actions, children, id, headingRef }: {
  title: string;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  children?: React.ReactNode;
  id?: string;
  headingRef?: React.Ref<HTMLHeadingElement>;
}) {
  const headingId = useId();
  return (
    <section className="acc-section" aria-labelledby={headingId} id={id}>
      <header className="acc-section-head">
        <div>
          <h3 id={headingId} ref={headingRef} tabIndex={headingRef ? -1 : undefined}>{title}</h3>
          {description && <p className="acc-muted">{description}</p>}
        </div>
        {actions && <div className="acc-section-actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}

export function Pager({ page, totalPages, onChange, label }: { page: number; totalPages: number; onChange(p: number): void; label: string }) {
  const { t } = useTranslation("account");
  if (totalPages <= 1) return null;
  return (
    <nav className="acc-pager" aria-label={label}>
      <Button variant="secondary" isDisabled={page <= 0} onPress={() => onChange(page - 1)}>{t("pager.prev")}</Button>
      <span aria-live="polite">{t("pager.status", { page: page + 1, total: totalPages })}</span>
      <Button variant="secondary" isDisabled={page + 1 >= totalPages} onPress={() => onChange(page + 1)}>{t("pager.next")}</Button>
    </nav>
  );
}

export function useFormats() {
  const { i18n } = useTranslation();
  const lng = i18n.language;
  const dateTime = new Intl.DateTimeFormat(lng, { dateStyle: "medium", timeStyle: "short" });
  return {
    dateTime: (ms: number | null | undefined) => (ms == null ? "" : dateTime.format(ms)),
    bytes: (n: number) => formatBytes(n, lng),
    percent: (v: number) => new Intl.NumberFormat(lng, { style: "percent", maximumFractionDigits: 1 }).format(v),
  };
}

export interface Column<T> {
  key: string;
  header: string;
  cell(row: T): React.ReactNode;
  className?: string;
}

/** A plain table (native semantics for screen readers); below 640px each row becomes a labelled card. */
export function DataTable<T extends { id: number }>({ caption, columns, rows, empty, loading }: {
  caption: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  empty: string;
  loading?: boolean;
}) {
  const { t } = useTranslation("common");
  return (
    <div className="acc-table-wrap">
      <table className="acc-table" aria-busy={loading || undefined}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>{columns.map((c) => <th key={c.key} scope="col" className={c.className === "acc-cell-actions" ? c.className : undefined}>{c.header}</th>)}</tr>
        </thead>
        <tbody>
          {rows?.map((r) => (
            <tr key={r.id}>
              {columns.map((c) => <td key={c.key} data-label={c.header} className={c.className}><div className="acc-cell">{c.cell(r)}</div></td>)}
            </tr>
          ))}
          {!rows && (
            <tr><td colSpan={columns.length} className="acc-table-empty">{t("loading")}</td></tr>
          )}
          {rows && rows.length === 0 && (
            <tr><td colSpan={columns.length} className="acc-table-empty">{empty}</td></tr>
          )}
        </tbody>
      </table>
    </div>
  );
}

export function Badge({ tone, children }: { tone: "ok" | "off" | "wait" | "warn"; children: React.ReactNode }) {
  return <span className={`acc-badge acc-badge-${tone}`}>{children}</span>;
}
