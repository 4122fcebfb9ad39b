// Where a document sits: its ancestors' titles, root first (an ancestor the caller may not read shows "…").
import { useTranslation } from "react-i18next";
import type { Breadcrumb } from "@shared/wiki/documents.ts";

export function Crumbs({ crumbs, selfId }: { crumbs: Breadcrumb[]; selfId: number }) {
  const { t } = useTranslation("wiki");
  const above = crumbs.filter((c) => c.id !== selfId);
  return (
    <ol className="wk-crumbs" aria-label={t("search.location")}>
      <li>{t("search.top")}</li>
      {above.map((c) => <li key={c.id}>{c.readable ? c.title || t("common.untitled") : "…"}</li>)}
    </ol>
  );
}
