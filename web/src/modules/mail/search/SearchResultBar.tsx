// The context above a search's results: "N results for …" (and where), "search everywhere" when the search
// is limited to a folder, the same word in every app (the top bar's search across modules, /search), "save as search folder" (it then appears in the folder tree) and "clear search",
// which returns to the folder. The count comes from the same list query the list itself runs.
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useNavigate, useParams } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { SEARCH_COUNT_CAP } from "@shared/mail/search.ts";
import { Button } from "../../../ui/Button.tsx";
import { useMailConfig } from "../open.ts";
import { findFolder, foldersQuery, mailListQuery } from "../queries.ts";
import { type FolderRef, mailPaths, type MailSearch, parseFolderId, parsePage } from "../route-params.ts";
import { folderLabel } from "./folderNames.ts";
import { cleanSearch, summarize } from "./options.ts";
import { SaveSearchDialog } from "./SaveSearchDialog.tsx";
import "./search.css";

export function SearchResultBar({ search, folderId }: { search: MailSearch; folderId: FolderRef }) {
  const { t, i18n } = useTranslation("mail");
  const navigate = useNavigate();
  const params = useParams({ strict: false }) as { page?: string };
  const config = useMailConfig();
  const page = parsePage(params.page) ?? 1;
  const list = useQuery(mailListQuery(folderId, page, { search }, config.pageSize));
  const tree = useQuery(foldersQuery).data;
  const [saving, setSaving] = useState(false);

  const summary = summarize(search, t, i18n.language);
  const scope = search.folderId === undefined ? undefined : parseFolderId(String(search.folderId));
  const scopeFolder = scope === undefined ? undefined : findFolder(tree, scope);
  const shownFolder = findFolder(tree, folderId);
  const total = list.data?.totalElements;
  const count = total === undefined
    ? t("search.result.counting")
    : list.data?.totalCapped
    ? t("search.result.countCapped", { count: SEARCH_COUNT_CAP, n: SEARCH_COUNT_CAP.toLocaleString(i18n.language) })
    : t("search.result.count", { count: total, n: total.toLocaleString(i18n.language) });

  return (
    <div className="msearch-result" role="region" aria-label={t("search.result.label")}>
      <p className="msearch-result-text" aria-live="polite">
        <strong>{count}</strong>
        <span className="msearch-result-summary">{t("search.result.for", { summary })}</span>
        {scopeFolder && <span className="msearch-muted">{t("search.result.in", { folder: folderLabel(scopeFolder, t) })}</span>}
      </p>
      <div className="msearch-result-actions">
        {scope !== undefined && (
          <Button variant="ghost" onPress={() => {
            const { folderId: _, ...everywhere } = search;
            void navigate(mailPaths.list("all", 1, { search: cleanSearch(everywhere) }));
          }}>
            {t("search.result.everywhere")}
          </Button>
        )}
        {search.query && (
          <Button variant="ghost" onPress={() => void navigate({ to: "/search", search: { q: search.query } })}>
            {t("search.result.allModules")}
          </Button>
        )}
        {shownFolder?.folderType !== "SEARCH" && (
          <Button variant="secondary" onPress={() => setSaving(true)}>{t("search.result.save")}</Button>
        )}
        <Button variant="secondary" onPress={() => void navigate(mailPaths.list(folderId, 1))}>{t("search.result.clear")}</Button>
      </div>
      {saving && <SaveSearchDialog search={search} defaultName={summary} onClose={() => setSaving(false)} />}
    </div>
  );
}
