// The database as a table (a <table>: the title column, then one column per shown property): each value edits
// in place (ValueCell), a title opens its row's page, each property's header has its menu (ColumnMenu).
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { atLeast } from "@shared/wiki/constants.ts";
import type { WikiSummary } from "@shared/wiki/documents.ts";
import type { Property } from "@shared/wiki/properties.ts";
import { ColumnMenu, type ColumnAction } from "./ColumnMenu.tsx";
import { docLinkProps } from "./doc-link.ts";
import { ValueCell } from "./ValueCell.tsx";
import { valueOf } from "./value.ts";

export function TableView({ caption, properties, allProperties, rows, editable, onColumnAction }: {
  caption: string;
  /** The shown properties, in order. */
  properties: Property[];
  /** Every property in order (moving is among all of them). */
  allProperties: Property[];
  rows: WikiSummary[];
  editable: boolean;
  onColumnAction(p: Property, a: ColumnAction): void;
}) {
  const { t } = useTranslation("wiki");
  return (
    <div className="wdb-scroll">
      <table className="wdb-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col"><span className="wdb-head">{t("database.titleColumn")}</span></th>
            {properties.map((p) => {
              const i = allProperties.findIndex((x) => x.id === p.id);
              return (
                <th key={p.id} scope="col">
                  <ColumnMenu property={p} prev={allProperties[i - 1]} prevPrev={allProperties[i - 2]} next={allProperties[i + 1]} editable={editable}
                    onAction={(a) => onColumnAction(p, a)} />
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={properties.length + 1} className="wdb-title-cell wdb-muted">{t("database.noRows")}</td>
            </tr>
          )}
          {rows.map((r) => {
            const title = r.title || t("database.untitled");
            return (
              <tr key={r.id}>
                <th scope="row" className="wdb-title-cell"><Link {...docLinkProps(r.id)}>{title}</Link></th>
                {properties.map((p) => (
                  <td key={p.id}>
                    <ValueCell rowId={r.id} property={p} value={valueOf(r.propertyValues, p.id)} editable={editable && atLeast(r.accessLevel, "WRITE")}
                      label={t("database.cell", { property: p.name, row: title })} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
