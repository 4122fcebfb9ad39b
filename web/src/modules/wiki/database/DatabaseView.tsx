// A database (a document of type database, 001 §3): its rows as a table or a board, in the view everyone shares
// (doc.viewConfig; a WRITE user's changes are saved). Rows come sorted and filtered by the server (rowsQuery);
// the properties from propertiesQuery (doc.properties until it answers).
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { WikiDocument } from "@shared/wiki/documents.ts";
import type { Property } from "@shared/wiki/properties.ts";
import { propertiesQuery, rowsQuery } from "../queries.ts";
import { AddPropertyDialog } from "./AddPropertyDialog.tsx";
import { BoardView } from "./BoardView.tsx";
import type { ColumnAction } from "./ColumnMenu.tsx";
import { FilterBar } from "./FilterBar.tsx";
import { FilterDialog } from "./FilterDialog.tsx";
import { NewRowDialog } from "./NewRowDialog.tsx";
import { PropertyDialog } from "./PropertyDialog.tsx";
import { TableView } from "./TableView.tsx";
import { useDatabaseView } from "./view-state.ts";
import { ViewToolbar } from "./ViewToolbar.tsx";
import "./database.css";

type Open = { kind: "property" } | { kind: "row" } | { kind: "filter"; propertyId?: number } | { kind: "settings"; property: Property } | null;

export function DatabaseView({ doc }: { doc: WikiDocument }) {
  const { t } = useTranslation("wiki");
  const [view, change] = useDatabaseView(doc);
  const [open, setOpen] = useState<Open>(null);
  const [names, setNames] = useState<Record<number, string>>({});
  const properties = [...(useQuery({ ...propertiesQuery(doc.id), placeholderData: doc.properties }).data ?? doc.properties)]
    .sort((a, b) => a.sortOrder - b.sortOrder);
  const rowsQ = useQuery(rowsQuery(doc.id, { sort: view.sort, dir: view.dir, filter: view.filters }));
  const rows = rowsQ.data?.documents ?? [];
  const shown = properties.filter((p) => !view.hidden.includes(p.id));
  const group = properties.find((p) => p.id === view.groupBy && p.type === "select");

  const columnAction = (p: Property, a: ColumnAction) => {
    if (a === "settings") setOpen({ kind: "settings", property: p });
    else if (a === "sortAsc" || a === "sortDesc") change({ sort: String(p.id), dir: a === "sortAsc" ? "asc" : "desc" });
    else if (a === "filter") setOpen({ kind: "filter", propertyId: p.id });
    else if (a === "hide") change({ hidden: [...view.hidden, p.id] });
  };

  return (
    <div className="wdb">
      <ViewToolbar view={view} properties={properties} editable={doc.editable} onChange={change}
        onAddFilter={() => setOpen({ kind: "filter" })} onAddProperty={() => setOpen({ kind: "property" })} onAddRow={() => setOpen({ kind: "row" })} />
      <FilterBar filters={view.filters} properties={properties} rows={rows} names={names}
        onRemove={(i) => change({ filters: view.filters.filter((_, j) => j !== i) })} />
      {rowsQ.isError && <p role="alert" className="field-error">{t("database.loadFailed")}</p>}
      {view.kind === "BOARD"
        ? group
          ? <BoardView databaseId={doc.id} group={group} properties={shown} rows={rows} editable={doc.editable} />
          : <p className="wdb-muted">{t("database.board.needSelect")}</p>
        : (
          <TableView caption={doc.title || t("database.untitled")} properties={shown} allProperties={properties} rows={rows} editable={doc.editable}
            onColumnAction={columnAction} />
        )}
      {rowsQ.data && !rowsQ.data.allChildrenFetched && <p className="wdb-muted">{t("database.more", { count: rowsQ.data.totalElements })}</p>}
      {open?.kind === "property" && <AddPropertyDialog databaseId={doc.id} onClose={() => setOpen(null)} />}
      {open?.kind === "row" && <NewRowDialog databaseId={doc.id} onClose={() => setOpen(null)} />}
      {open?.kind === "settings" && <PropertyDialog databaseId={doc.id} property={open.property} onClose={() => setOpen(null)} />}
      {open?.kind === "filter" && (
        <FilterDialog properties={properties} initialPropertyId={open.propertyId} onClose={() => setOpen(null)}
          onAdd={(f, name) => {
            if (name && typeof f.value === "number") setNames((n) => ({ ...n, [f.value as number]: name }));
            change({ filters: [...view.filters, f] });
          }} />
      )}
    </div>
  );
}
