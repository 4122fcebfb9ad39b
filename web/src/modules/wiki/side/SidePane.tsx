// The wiki's side pane (001 §2 "Wiki"): the search box (Enter: /wiki/search/{keyword}), 새 문서 (a top-level
// document, opened), 가져오기 (Markdown import: ../transfer/ImportDialog.tsx), 즐겨찾기, the document tree, 최근 문서 and 휴지통. On phones it sits
// in the shell's drawer, closed by picking an entry. The document shown (/wiki/docs/{id}) is marked in the tree
// and its ancestors expanded, from its path (GET docs/{id}, the same query as the document's page).
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useRouterState } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useCloseDrawer } from "../../../app/shell/SideDrawer.tsx";
import { Button } from "../../../ui/Button.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { SearchForm } from "../../../ui/SearchForm.tsx";
import { errorText } from "../../../lib/i18n.ts";
import { docQuery } from "../queries.ts";
import { keywordProblem, normalizeKeyword } from "../search/keyword.ts";
import { ImportDialog } from "../transfer/ImportDialog.tsx";
import { useCreateDoc } from "./create.ts";
import { WIKI_ICONS } from "./DocIcon.tsx";
import { DocTree } from "./DocTree.tsx";
import { Favorites } from "./Favorites.tsx";
import { currentDocOf, wikiLinks } from "./links.ts";
import { Recent } from "./Recent.tsx";

export function SidePane() {
  const { t } = useTranslation("wiki");
  const close = useCloseDrawer();
  const navigate = useNavigate();
  const pathname = useRouterState({ select: (s) => s.location.pathname });
  const current = currentDocOf(pathname);
  const shown = useQuery({ ...docQuery(current ?? 0, true), enabled: current !== null });
  const currentPath = current !== null && shown.data?.id === current ? shown.data.path.split("/").map(Number) : [];
  const create = useCreateDoc();
  const [importing, setImporting] = useState(false);

  return (
    <div className="wk-side-inner">
      <SearchForm prefix="wk" className="wk-side-search" id="wk-side-search" label={t("side.search")} placeholder={t("side.searchPlaceholder")}
        submit={t("side.searchSubmit")}
        onSearch={(word) => {
          const problem = keywordProblem(word);
          if (problem) return errorText(problem);
          close();
          void navigate(wikiLinks.search(normalizeKeyword(word)));
        }} />
      <div className="wk-new-row">
        <Button className="wk-new" onPress={() => {
          close();
          void create(null);
        }}>
          <SvgIcon d={WIKI_ICONS.plus} size={16} />
          {t("side.newDoc")}
        </Button>
        <Button variant="secondary" className="wk-import" aria-label={t("side.import")} onPress={() => setImporting(true)}>
          <SvgIcon d={WIKI_ICONS.upload} size={16} />
        </Button>
      </div>
      {importing && <ImportDialog parentId={null} onClose={() => setImporting(false)} />}
      <section className="wk-side-group" aria-labelledby="wk-side-favorites">
        <h2 id="wk-side-favorites" className="wk-side-heading">{t("side.favorites")}</h2>
        <Favorites current={current} onPick={close} />
      </section>
      <section className="wk-side-group" aria-labelledby="wk-side-docs">
        <h2 id="wk-side-docs" className="wk-side-heading">{t("side.docs")}</h2>
        <DocTree current={current} currentPath={currentPath} onPick={close} />
      </section>
      <section className="wk-side-group" aria-labelledby="wk-side-recent">
        <h2 id="wk-side-recent" className="wk-side-heading">{t("side.recent")}</h2>
        <Recent current={current} onPick={close} />
      </section>
      <ul className="wk-side-list wk-side-group" aria-label={t("side.more")}>
        <li>
          <Link {...wikiLinks.trash()} className="wk-side-link" aria-current={pathname === "/wiki/trash" ? "page" : undefined} onClick={close}>
            <span className="wk-doc-icon" aria-hidden="true"><SvgIcon d={WIKI_ICONS.trash} size={16} /></span>
            <span className="wk-side-name">{t("side.trash")}</span>
          </Link>
        </li>
      </ul>
    </div>
  );
}
