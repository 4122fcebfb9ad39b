// 최근 문서 in the side pane: the documents the caller opened last (GET users/recent), the newest first.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { recentQuery } from "../queries.ts";
import { DocIcon } from "./DocIcon.tsx";
import { useDocTitle } from "./DocTree.tsx";
import { wikiLinks } from "./links.ts";

/** How many the side pane lists (the start screen lists them all). */
const SHOWN = 8;

export function Recent({ current, onPick }: { current: number | null; onPick(): void }) {
  const { t } = useTranslation("wiki");
  const title = useDocTitle();
  const recent = useQuery(recentQuery());
  if (recent.isError) return <p className="wk-error wk-pad" role="alert">{t("side.recentFailed")}</p>;
  if (!recent.data) return null;
  if (!recent.data.length) return <p className="wk-muted wk-pad">{t("side.noRecent")}</p>;
  return (
    <ul className="wk-side-list" aria-label={t("side.recent")}>
      {recent.data.slice(0, SHOWN).map((d) => (
        <li key={d.id}>
          <Link {...wikiLinks.doc(d.id)} className="wk-side-link" aria-current={current === d.id ? "page" : undefined} onClick={onPick}>
            <DocIcon type={d.type} />
            <span className="wk-side-name">{title(d)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
