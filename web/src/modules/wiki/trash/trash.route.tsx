// /wiki/trash: the documents the caller removed or may restore (GET trash/docs, newest first), searched by title;
// each with where it was, when and by whom it was deleted; 복원 (then the document opens) and, for its OWNER, 영구
// 삭제 (after a confirmation). Removed documents are purged TRASH_DAYS after removal.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { TRASH_DAYS } from "@shared/wiki/constants.ts";
import type { TrashedDoc } from "@shared/wiki/documents.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { Button } from "../../../ui/Button.tsx";
import { SearchForm } from "../../../ui/SearchForm.tsx";
import { errorText } from "../../../lib/i18n.ts";
import { purgeDoc, restoreDoc } from "../api.ts";
import { failed, succeeded, wikiErrorText } from "../errors.ts";
import { trashQuery, wikiKeys } from "../queries.ts";
import { Crumbs } from "../search/Crumbs.tsx";
import { keywordProblem, normalizeKeyword } from "../search/keyword.ts";
import { Pager } from "../search/Pager.tsx";
import { DocIcon } from "../side/DocIcon.tsx";
import { useDocTitle } from "../side/DocTree.tsx";
import { wikiLinks } from "../side/links.ts";

export const Route = createLazyRoute("/app/wiki/trash")({ component: TrashScreen });

function TrashScreen() {
  const { t, i18n } = useTranslation("wiki");
  const title = useDocTitle();
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState("");
  const [page, setPage] = useState(0);
  const [busy, setBusy] = useState<number | null>(null);
  const trash = useQuery(trashQuery({ keyword, page }));
  const data = trash.data;
  const date = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });

  const refresh = () => {
    for (const k of [["wiki", "trash"], ["wiki", "children"], wikiKeys.favorites, wikiKeys.recent, ["wiki", "search"]]) {
      void qc.invalidateQueries({ queryKey: k });
    }
  };
  const restore = async (d: TrashedDoc) => {
    setBusy(d.id);
    try {
      await restoreDoc(d.id);
      succeeded("trash.restored", { carry: true });
      refresh();
      void qc.invalidateQueries({ queryKey: wikiKeys.doc(d.id) });
      await navigate(wikiLinks.doc(d.id));
    } catch (e) {
      failed(e, "trash.restoreFailed");
    } finally {
      setBusy(null);
    }
  };
  const purge = async (d: TrashedDoc) => {
    const ok = await confirm({
      title: t("trash.purgeTitle"), message: t("trash.purgeConfirm", { title: title(d) }), confirmLabel: t("trash.purge"), danger: true,
    });
    if (!ok) return;
    setBusy(d.id);
    try {
      await purgeDoc(d.id);
      succeeded("trash.purged");
      refresh();
    } catch (e) {
      failed(e, "trash.purgeFailed");
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="wk-screen">
      <h1 className="wk-title">
        {t("trash.title")}
        {data && <span className="wk-count">{t("trash.total", { count: data.totalElements })}</span>}
      </h1>
      <p className="wk-intro">{t("trash.intro", { days: TRASH_DAYS })}</p>
      <div className="wk-search-bar">
        <SearchForm prefix="wk" className="wk-search-form" id="wk-trash-search" word={keyword} label={t("trash.search")}
          placeholder={t("trash.searchPlaceholder")} submit={t("trash.searchSubmit")}
          onSearch={(word) => {
            if (word && keywordProblem(word)) return errorText(keywordProblem(word)!);
            setKeyword(normalizeKeyword(word));
            setPage(0);
          }} />
      </div>
      {trash.isError && <p className="wk-error" role="alert">{wikiErrorText(trash.error, "trash.failed")}</p>}
      {data && data.content.length === 0 && <p className="wk-empty" role="status">{keyword ? t("trash.noMatch", { keyword }) : t("trash.empty")}</p>}
      {data && data.content.length > 0 && (
        <ul className="wk-results" aria-label={t("trash.list")}>
          {data.content.map((d) => (
            <li key={d.id} className="wk-result" aria-label={title(d)}>
              <Crumbs crumbs={d.breadcrumbs} selfId={d.id} />
              <div className="wk-result-row">
                <span className="wk-result-title"><DocIcon type={d.type} />{title(d)}</span>
                <div className="wk-result-actions">
                  <Button variant="secondary" isDisabled={busy === d.id} onPress={() => void restore(d)}
                    aria-label={t("trash.restoreOf", { title: title(d) })}>
                    {t("trash.restore")}
                  </Button>
                  {d.accessLevel === "OWNER" && (
                    <Button variant="danger" isDisabled={busy === d.id} onPress={() => void purge(d)}
                      aria-label={t("trash.purgeOf", { title: title(d) })}>
                      {t("trash.purge")}
                    </Button>
                  )}
                </div>
              </div>
              <p className="wk-result-meta">
                <span>{t("trash.deletedAt", { date: date.format(d.deletedTime) })}</span>
                {d.deletedBy && <span>{t("trash.deletedBy", { name: d.deletedBy.accountName || d.deletedBy.username })}</span>}
              </p>
            </li>
          ))}
        </ul>
      )}
      {data && <Pager page={page} totalPages={data.totalPages} onPage={setPage} />}
    </div>
  );
}
