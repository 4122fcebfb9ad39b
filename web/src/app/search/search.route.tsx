// /search?q= (issue 32): one word searched in every module the user's account uses, the results grouped by
// module (its name, its total, a few hits each with title, snippet, where and date, each opening its object,
// and "all results in <module>" leading to the module's own search), with empty and error states.
import { createLazyRoute, Link } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { SearchGroup, SearchHit } from "@shared/search.ts";
import { SEARCH_KEYWORD_MIN } from "@shared/search.ts";
import { usePageTitle } from "../title.ts";
import { errorText } from "../../lib/i18n.ts";
import { codeOf } from "../../lib/api.ts";
import { Button } from "../../ui/Button.tsx";
import { Icon, SvgIcon } from "../../ui/icons.tsx";
import { moduleIcon } from "../notifications/module-icons.ts";
import { GlobalSearchField } from "./GlobalSearchField.tsx";
import { globalSearchQuery } from "./queries.ts";
import "./search.css";

export const Route = createLazyRoute("/app/search")({ component: SearchPage });

function SearchPage() {
  const { t } = useTranslation("search");
  const { q = "" } = Route.useSearch() as { q?: string };
  const keyword = q.trim();
  usePageTitle(keyword ? t("titleFor", { q: keyword }) : t("title"));
  const valid = keyword.length >= SEARCH_KEYWORD_MIN;
  const answer = useQuery({ ...globalSearchQuery(keyword), enabled: valid });
  const groups = answer.data?.groups.filter((g) => g.hits.length > 0 || g.error) ?? [];

  return (
    <main className="gsearch-page">
      <h2 className="gsearch-title">{keyword ? t("titleFor", { q: keyword }) : t("title")}</h2>
      <GlobalSearchField key={keyword} initial={keyword} className="gsearch gsearch-on-page" />
      {!valid
        ? <p className="gsearch-state">{t("hint", { count: SEARCH_KEYWORD_MIN })}</p>
        : answer.isError
        ? (
          <div className="gsearch-state" role="alert">
            <p>{errorText(codeOf(answer.error))}</p>
            <Button variant="secondary" onPress={() => void answer.refetch()}>{t("retry")}</Button>
          </div>
        )
        : answer.isPending
        ? <p className="gsearch-state" aria-live="polite">{t("searching")}</p>
        : groups.length === 0
        ? <p className="gsearch-state" aria-live="polite">{t("empty", { q: keyword })}</p>
        : (
          <div className="gsearch-groups">
            {groups.map((g) => <Group key={g.module} group={g} />)}
          </div>
        )}
    </main>
  );
}

function Group({ group: g }: { group: SearchGroup }) {
  const { t } = useTranslation("search");
  const name = t(`common:module.${g.module}`);
  const ic = moduleIcon(g.module);
  const headId = `gsearch-${g.module}`;
  return (
    <section className="gsearch-group" aria-labelledby={headId} data-module={g.module}>
      <h3 id={headId} className="gsearch-group-head">
        <span className="gsearch-group-icon" aria-hidden="true">
          {"d" in ic ? <SvgIcon d={ic.d} size={18} /> : <Icon name={ic.name} size={18} />}
        </span>
        <span>{name}</span>
        {g.total !== null && <span className="gsearch-count">{t("count", { count: g.total })}</span>}
      </h3>
      {g.error
        ? <p className="gsearch-group-error">{t("groupFailed")}</p>
        : (
          <ul className="gsearch-hits">
            {g.hits.map((h) => <Hit key={h.id} hit={h} />)}
          </ul>
        )}
      {g.moreLink && !g.error && (
        <Link to={g.moreLink} className="gsearch-more">{t("more", { module: name })}</Link>
      )}
    </section>
  );
}

function Hit({ hit: h }: { hit: SearchHit }) {
  const { i18n } = useTranslation("search");
  return (
    <li className="gsearch-hit">
      <Link to={h.link} className="gsearch-hit-title">{h.title}</Link>
      {h.snippet && <p className="gsearch-hit-snippet">{h.snippet}</p>}
      {(h.where || h.at) && (
        <p className="gsearch-hit-meta">
          {h.where && <span>{h.where}</span>}
          {h.at && (
            <time dateTime={h.at}>
              {new Date(h.at).toLocaleDateString(i18n.language, { year: "numeric", month: "short", day: "numeric" })}
            </time>
          )}
        </p>
      )}
    </li>
  );
}
