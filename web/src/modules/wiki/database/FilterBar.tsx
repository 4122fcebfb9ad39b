// The view's filters as chips ("상태 = 완료"), each with a button that removes it. A person filter names the
// person picked in this session; after a reload it shows the id's person from the rows when one has it.
import { useTranslation } from "react-i18next";
import type { WikiSummary } from "@shared/wiki/documents.ts";
import type { Property, RowFilter } from "@shared/wiki/properties.ts";
import { Button } from "../../../ui/Button.tsx";
import { filterText } from "./filter-text.ts";
import { personsOf, valueOf } from "./value.ts";

export function FilterBar({ filters, properties, rows, names, onRemove }: {
  filters: RowFilter[];
  properties: Property[];
  rows: WikiSummary[];
  names: Record<number, string>;
  onRemove(index: number): void;
}) {
  const { t, i18n } = useTranslation("wiki");
  if (!filters.length) return null;
  const personName = (p: Property, id: unknown) =>
    names[Number(id)] ?? rows.flatMap((r) => personsOf(valueOf(r.propertyValues, p.id))).find((u) => u.id === Number(id))?.accountName;
  return (
    <ul className="wdb-filters" aria-label={t("database.filter.list")}>
      {filters.map((f, i) => {
        const p = properties.find((x) => x.id === f.propertyId);
        if (!p) return null;
        const text = filterText(t, p, f, i18n.language, p.type === "person" ? personName(p, f.value) : undefined);
        return (
          <li key={i} className="wdb-filter">
            <span>{text}</span>
            <Button variant="ghost" aria-label={t("database.filter.remove", { filter: text })} onPress={() => onRemove(i)}>✕</Button>
          </li>
        );
      })}
    </ul>
  );
}
