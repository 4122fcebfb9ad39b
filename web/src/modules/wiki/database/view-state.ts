// A database's shared view (doc.viewConfig: kind, sort, dir, filters, groupBy, hidden). A WRITE user's change
// is saved for everyone (PATCH docs/{id} viewConfig); a reader's applies to their screen only.
import { useEffect, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { WikiDocument } from "@shared/wiki/documents.ts";
import type { DatabaseView } from "@shared/wiki/properties.ts";
import { patchDoc } from "../api.ts";
import { wikiKeys } from "../queries.ts";
import { failed } from "./feedback.ts";

export const DEFAULT_VIEW: DatabaseView = { kind: "TABLE", sort: null, dir: "asc", filters: [], groupBy: null, hidden: [] };

export const viewOf = (doc: WikiDocument): DatabaseView => ({ ...DEFAULT_VIEW, ...(doc.viewConfig ?? {}) });

export function useDatabaseView(doc: WikiDocument): [DatabaseView, (patch: Partial<DatabaseView>) => void] {
  const qc = useQueryClient();
  const saved = JSON.stringify(viewOf(doc));
  const [view, setView] = useState<DatabaseView>(() => viewOf(doc));
  useEffect(() => setView(JSON.parse(saved)), [saved]);
  const change = (patch: Partial<DatabaseView>) => {
    const next = { ...view, ...patch };
    setView(next);
    if (!doc.editable) return;
    patchDoc(doc.id, { viewConfig: next }).then(
      (d) => qc.setQueryData(wikiKeys.doc(doc.id), d),
      (e) => (failed(e), setView(viewOf(doc))),
    );
  };
  return [view, change];
}
