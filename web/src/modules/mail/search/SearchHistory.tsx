// The recent searches under the top-bar search field (000 §2 "search history"): newest first, each row runs
// its search again (Enter or click), its delete button (or the Delete key on the row) removes it, and
// "delete all" clears the history. A react-aria GridList: arrow keys move between rows and into a row's
// delete button; ArrowUp on the first row returns to the search field.
import { useTranslation } from "react-i18next";
import { GridList, GridListItem, Button as AriaButton } from "react-aria-components";
import type { SearchHistoryItem } from "@shared/mail/search.ts";
import { SvgIcon } from "../../../ui/icons.tsx";
import { useQuery } from "@tanstack/react-query";
import { findFolder, foldersQuery } from "../queries.ts";
import { parseFolderId } from "../route-params.ts";
import { folderLabel } from "./folderNames.ts";
import { fromHistory, summarize } from "./options.ts";

const CLOSE = "M18 6 6 18M6 6l12 12";
const CLOCK = "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM12 6v6l4 2";

export function SearchHistory({ id, items, loading, gridRef, onRun, onDelete, onDeleteAll, onBackToField }: {
  id: string;
  items: SearchHistoryItem[];
  loading: boolean;
  gridRef: React.RefObject<HTMLDivElement | null>;
  onRun(item: SearchHistoryItem): void;
  onDelete(item: SearchHistoryItem): void;
  onDeleteAll(): void;
  onBackToField(): void;
}) {
  const { t, i18n } = useTranslation("mail");
  const tree = useQuery(foldersQuery).data;
  const folderName = (id: string) => {
    const ref = parseFolderId(id);
    const f = ref === undefined || ref === -1 || ref === "all" ? undefined : findFolder(tree, ref);
    return f && t("search.history.inFolder", { folder: folderLabel(f, t) });
  };
  const label = (item: SearchHistoryItem) => summarize(fromHistory(item.options), t, i18n.language, folderName) || "—";

  function onKeyDown(e: React.KeyboardEvent) {
    const row = (e.target as HTMLElement).closest<HTMLElement>("[role='row']");
    if (!row) return;
    const item = items.find((i) => String(i.id) === row.querySelector<HTMLElement>("[data-history-id]")?.dataset.historyId);
    if (e.key === "Delete" && item) {
      e.preventDefault();
      onDelete(item);
    } else if (e.key === "ArrowUp" && item && items[0] === item && e.target === row) {
      e.preventDefault();
      onBackToField();
    }
  }

  return (
    <div className="msearch-history" id={id}>
      <div className="msearch-history-head">
        <span id={`${id}-title`} className="msearch-history-title">{t("search.history.title")}</span>
        {items.length > 0 && (
          <AriaButton className="msearch-link" onPress={onDeleteAll}>{t("search.history.deleteAll")}</AriaButton>
        )}
      </div>
      {items.length === 0
        ? <p className="msearch-history-empty">{loading ? t("search.history.loading") : t("search.history.empty")}</p>
        : (
          <div onKeyDown={onKeyDown}>
            <GridList
              ref={gridRef}
              aria-labelledby={`${id}-title`}
              className="msearch-history-list"
              items={items}
              onAction={(key) => {
                const item = items.find((i) => i.id === key);
                if (item) onRun(item);
              }}
            >
              {(item) => (
                <GridListItem id={item.id} textValue={label(item)} className="msearch-history-row">
                  <SvgIcon d={CLOCK} size={16} />
                  <span className="msearch-history-text" data-history-id={item.id}>{label(item)}</span>
                  <AriaButton
                    className="msearch-icon-button small"
                    aria-label={t("search.history.delete", { search: label(item) })}
                    onPress={() => onDelete(item)}
                  >
                    <SvgIcon d={CLOSE} size={14} />
                  </AriaButton>
                </GridListItem>
              )}
            </GridList>
          </div>
        )}
      <p className="msearch-history-hint">{t("search.history.hint")}</p>
    </div>
  );
}
