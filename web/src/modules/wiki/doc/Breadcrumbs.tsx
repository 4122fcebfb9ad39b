// Where the document sits (001 §3 breadcrumbs, root first, the document last): each ancestor links to itself;
// one the reader may not read shows as "…" (its title is not given to them).
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { Breadcrumb } from "@shared/wiki/documents.ts";
import { docLinkTo } from "./link-to.ts";

export function Breadcrumbs({ crumbs }: { crumbs: Breadcrumb[] }) {
  const { t } = useTranslation("wiki");
  const ancestors = crumbs.slice(0, -1);
  if (!ancestors.length) return null;
  return (
    <nav className="wd-crumbs" aria-label={t("doc.where")}>
      <ol>
        {ancestors.map((c) => (
          <li key={c.id}>
            {c.readable
              ? <Link {...docLinkTo(c.id)}>{c.title || t("common.untitled")}</Link>
              : <span className="wd-muted" title={t("doc.hiddenAncestor")} aria-label={t("doc.hiddenAncestor")}>…</span>}
          </li>
        ))}
      </ol>
    </nav>
  );
}
