// /board/search/{type}/{query} (001 §2): the search form, the type tabs (게시물, 댓글, 파일, 전체) and the results
// with a pager (전체: SEARCH_ALL_PAGE_SIZE of each kind, with a link to the kind's tab). A malformed or
// out-of-range query says so and goes to /board after SEARCH_REFRESH_REDIRECT_MS (a reload of a bad address).
import { useQuery } from "@tanstack/react-query";
import { createLazyRoute, Link, useNavigate, useParams } from "@tanstack/react-router";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { KEYWORD_MAX, SEARCH_REFRESH_REDIRECT_MS, SEARCH_TYPES, type SearchType } from "@shared/board/constants.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { boardErrorText } from "../errors.ts";
import { boardPaths } from "../paths.ts";
import { searchQuery } from "../queries.ts";
import { Pager } from "../list/Pager.tsx";
import { defaultPageSize, isSearchType, parseSearch, type SearchAddress, searchText } from "./query.ts";
import { SearchForm } from "./SearchForm.tsx";
import { SearchResults } from "./SearchResults.tsx";

export const Route = createLazyRoute("/app/board/search/$type/$query")({ component: SearchScreen });

function SearchScreen() {
  const { t } = useTranslation("board");
  const params = useParams({ strict: false }) as { type?: string; query?: string };
  const type = params.type ?? "";
  const parsed = parseSearch(type, params.query ?? "");
  return parsed && isSearchType(type) ? <Search type={type} s={parsed} /> : <BadSearch key={`${type}/${params.query}`} t={t} />;
}

function BadSearch({ t }: { t: (k: string, o?: Record<string, unknown>) => string }) {
  const navigate = useNavigate();
  useEffect(() => {
    snackbar("VALIDATION", t("search.keywordRule", { max: KEYWORD_MAX }), { carry: true });
    const timer = setTimeout(() => void navigate({ ...boardPaths.home(), replace: true }), SEARCH_REFRESH_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, t]);
  return (
    <div className="bd-screen">
      <h1 className="bd-title">{t("search.title")}</h1>
      <p className="bd-muted" role="status">{t("search.invalid")}</p>
    </div>
  );
}

function Search({ type, s }: { type: SearchType; s: SearchAddress }) {
  const { t } = useTranslation("board");
  const navigate = useNavigate();
  const result = useQuery(searchQuery(type, { keyword: s.keyword, tags: s.tags, searchType: s.searchType, page: s.page - 1, pageSize: s.pageSize }));
  const tabText = (k: SearchType) => searchText({ keyword: s.keyword, tags: s.tags, searchType: s.searchType, pageSize: defaultPageSize(k) });
  const data = result.data;
  const total = type === "post" ? data?.posts?.totalElements : type === "reply" ? data?.replies?.totalElements : type === "file" ? data?.files?.totalElements : undefined;
  return (
    <div className="bd-screen">
      <header className="bd-head">
        <h1 className="bd-title">
          {t("search.title")}
          {s.keyword && <span className="bd-total">{t("search.for", { keyword: s.keyword })}</span>}
        </h1>
        <SearchForm shown={s} type={type} />
      </header>
      <nav className="bd-tabs" aria-label={t("search.types")}>
        {SEARCH_TYPES.map((k) => (
          <Link key={k} {...boardPaths.search(k, tabText(k))} className="bd-tab" aria-current={k === type ? "page" : undefined}>
            {t(`search.type.${k}`)}
          </Link>
        ))}
      </nav>
      {result.isError
        ? <p className="bd-error" role="alert">{boardErrorText(result.error, "search_failed")}</p>
        : data && <SearchResults type={type} result={data} more={(k) => boardPaths.search(k, tabText(k))} />}
      {total !== undefined && (
        <Pager page={s.page} totalPages={Math.ceil(total / s.pageSize)}
          onPage={(p) => void navigate(boardPaths.search(type, searchText({ ...s, page: p })))} />
      )}
    </div>
  );
}
