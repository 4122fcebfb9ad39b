// A database row's properties (001 §3 "Property value"), shown on the row's own document: each property with its
// value, edited in place when the row is editable (PUBLISHED and WRITE). A property deleted from the database
// is gone from here too: every change refreshes the wiki's queries.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { WikiDocument } from "@shared/wiki/documents.ts";
import { propertiesQuery } from "../queries.ts";
import { ValueCell } from "./ValueCell.tsx";
import { valueOf } from "./value.ts";
import "./database.css";

export function RowProperties({ doc }: { doc: WikiDocument }) {
  const { t } = useTranslation("wiki");
  const props = useQuery({ ...propertiesQuery(doc.id), placeholderData: doc.properties }).data ?? doc.properties;
  if (!props.length) return null;
  return (
    <section aria-label={t("database.row.properties")}>
      <dl className="wdb-props">
        {[...props].sort((a, b) => a.sortOrder - b.sortOrder).map((p) => (
          <div key={p.id} style={{ display: "contents" }}>
            <dt>{p.name}</dt>
            <dd>
              <ValueCell rowId={doc.id} property={p} value={valueOf(doc.propertyValues, p.id)} editable={doc.editable} label={p.name} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
