// The wiki's start screen (/wiki with nothing read yet): 새 문서 and 새 데이터베이스 (top-level, opened), then
// the recent documents and the favourites as cards.
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { WikiSummary } from "@shared/wiki/documents.ts";
import { Button } from "../../../ui/Button.tsx";
import { favoritesQuery, recentQuery } from "../queries.ts";
import { useCreateDoc } from "../side/create.ts";
import { DocIcon } from "../side/DocIcon.tsx";
import { useDocTitle } from "../side/DocTree.tsx";
import { wikiLinks } from "../side/links.ts";

export function StartScreen() {
  const { t } = useTranslation("wiki");
  const create = useCreateDoc();
  const recent = useQuery(recentQuery());
  const favorites = useQuery(favoritesQuery());
  return (
    <div className="wk-screen">
      <h1 className="wk-title">{t("home.title")}</h1>
      <p className="wk-intro">{t("home.intro")}</p>
      <div className="wk-actions">
        <Button onPress={() => void create(null, "document")}><DocIcon type="document" />{t("home.newDoc")}</Button>
        <Button variant="secondary" onPress={() => void create(null, "database")}><DocIcon type="database" />{t("home.newDatabase")}</Button>
      </div>
      <Cards title={t("home.recent")} empty={t("home.noRecent")} docs={recent.data} failed={recent.isError} />
      <Cards title={t("home.favorites")} empty={t("home.noFavorites")} docs={favorites.data?.map((f) => f.document)} failed={favorites.isError} />
    </div>
  );
}

function Cards({ title, empty, docs, failed }: { title: string; empty: string; docs?: WikiSummary[]; failed: boolean }) {
  const { t, i18n } = useTranslation("wiki");
  const docTitle = useDocTitle();
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  return (
    <section className="wk-section" aria-label={title}>
      <h2>{title}</h2>
      {failed && <p className="wk-error" role="alert">{t("common.loadFailed")}</p>}
      {docs && !docs.length && <p className="wk-muted">{empty}</p>}
      {docs && docs.length > 0 && (
        <ul className="wk-cards">
          {docs.map((d) => (
            <li key={d.id}>
              <Link {...wikiLinks.doc(d.id)} className="wk-card">
                <span className="wk-card-title"><DocIcon type={d.type} /><span className="wk-side-name">{docTitle(d)}</span></span>
                <span className="wk-card-meta">
                  {t("home.modified", { date: date.format(d.lastModifiedTime), name: d.lastModifiedBy?.accountName || d.lastModifiedBy?.username || "" })}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
