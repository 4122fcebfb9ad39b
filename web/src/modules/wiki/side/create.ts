// Making a document (side pane's 새 문서, a tree item's 하위 문서 추가, the start screen's 새 문서 and 새 데이터베이스):
// POST docs, the parent's level refetched, then the new document opened.
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useRef } from "react";
import type { DocType } from "@shared/wiki/constants.ts";
import { createDoc } from "../api.ts";
import { failed } from "../errors.ts";
import { wikiKeys } from "../queries.ts";
import { wikiLinks } from "./links.ts";

export function useCreateDoc() {
  const qc = useQueryClient();
  const navigate = useNavigate();
  const busy = useRef(false);
  return async (parentId: number | null, type: DocType = "document") => {
    if (busy.current) return;
    busy.current = true;
    try {
      const doc = await createDoc({ parentId, type });
      qc.setQueryData(wikiKeys.doc(doc.id), doc);
      // Every level: the parent's level gets the document, the level above it the parent's new child count.
      await qc.invalidateQueries({ queryKey: ["wiki", "children"] });
      if (parentId) void qc.invalidateQueries({ queryKey: wikiKeys.doc(parentId) });
      await navigate(wikiLinks.doc(doc.id));
      return doc;
    } catch (e) {
      failed(e, "side.createFailed");
    } finally {
      busy.current = false;
    }
  };
}
