// /wiki/search/{keyword}: the search box, the type filter (전체, 제목, 본문), the results (title and text with the
// matches highlighted, where each document sits, when it changed) and pages. A keyword out of its rule
// (search/keyword.ts) says so and asks for nothing.
import { useQuery } from "@tanstack/react-query";
import { createLazyRoute, Link, useNavigate, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import { SEARCH_TYPES, type SearchType } from "@shared/wiki/constants.ts";
import { SearchForm } from "../../../ui/SearchForm.tsx";
import { errorText } from "../../../lib/i18n.ts";
import { wikiErrorText } from "../errors.ts";
import { searchQuery } from "../queries.ts";
import { DocIcon } from "../side/DocIcon.tsx";
import { wikiLinks } from "../side/links.ts";
import { Crumbs } from "./Crumbs.tsx";
import { Highlighted } from "./Highlighted.tsx";
import { keywordProblem, normalizeKeyword } from "./keyword.ts";
import { Pager } from "./Pager.tsx";

export const Route = createLazyRoute("/app/wiki/search/$keyword")({ component: SearchScreen });

function SearchScreen() {
  const params = useParams({ strict: false }) as { keyword?: string };
  const keyword = normalizeKeyword(params.keyword ?? "");
  return <Search key={keyword} keyword={keyword} />;
}

function Search({ keyword }: { keyword: string }) {
  const { t, i18n } = useTranslation("wiki");
  const navigate = useNavigate();
  const [type, setType] = useState<SearchType>("all");
  const [page, setPage] = useState(0);
  const problem = keywordProblem(keyword);
  const result = useQuery({ ...searchQuery({ keyword, page, type }), enabled: !problem });
  const data = result.data;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });

  return (
    <div className="wk-screen">
      <h1 className="wk-title">
        {t("search.title")}
        {data && !problem && <span className="wk-count">{t(data.totalCapped ? "search.totalCapped" : "search.total", { count: data.totalElements })}</span>}
      </h1>
      <div className="wk-search-bar">
        <SearchForm prefix="wk" className="wk-search-form" id="wk-search-page" word={keyword} label={t("search.label")}
          placeholder={t("search.placeholder")} submit={t("search.submit")}
          onSearch={(word) => {
            const p = keywordProblem(word);
            if (p) return errorText(p);
            void navigate(wikiLinks.search(normalizeKeyword(word)));
          }} />
        <div className="wk-filter" role="group" aria-label={t("search.typeLabel")}>
          {SEARCH_TYPES.map((k) => (
            <AriaButton key={k} className="wk-filter-button" aria-pressed={k === type} onPress={() => {
              setType(k);
              setPage(0);
            }}>
              {t(`search.type.${k}`)}
            </AriaButton>
          ))}
        </div>
      </div>
      {problem && <p className="wk-error" role="alert">{errorText(problem)}</p>}
      {result.isError && <p className="wk-error" role="alert">{wikiErrorText(result.error, "search.failed")}</p>}
      {!problem && data && data.content.length === 0 && <p className="wk-empty" role="status">{t("search.empty", { keyword })}</p>}
      {!problem && data && data.content.length > 0 && (
        <ul className="wk-results" aria-label={t("search.results")}>
          {data.content.map((hit) => (
            <li key={hit.id} className="wk-result">
              <Crumbs crumbs={hit.breadcrumbs} selfId={hit.id} />
              <Link {...wikiLinks.doc(hit.id)} className="wk-result-title">
                <DocIcon type={hit.type} />
                <span>{hit.titleHighlighted ? <Highlighted html={hit.titleHighlighted} /> : hit.title || t("common.untitled")}</span>
              </Link>
              {hit.highlightedText && <p className="wk-result-text"><Highlighted html={hit.highlightedText} /></p>}
              <p className="wk-result-meta">
                {t("search.modified", { date: date.format(hit.lastModifiedTime), name: hit.lastModifiedBy?.accountName || hit.lastModifiedBy?.username || "" })}
              </p>
            </li>
          ))}
        </ul>
      )}
      {!problem && data && <Pager page={page} totalPages={data.totalPages} onPage={setPage} />}
    </div>
  );
}
