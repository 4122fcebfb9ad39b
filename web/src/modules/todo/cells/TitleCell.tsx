// The TITLE cell: the item's title, edited in place (Enter or a click), and the button that opens the item's
// detail with its counters (002 §3: comments, files, checklist done/total) beside it.
import { memo } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import { ITEM_TITLE_MAX } from "@shared/todo/constants.ts";
import type { CellValue, TodoItem } from "@shared/todo/items.ts";
import { InlineText } from "./InlineText.tsx";

const ICONS = {
  open: "M14 4h6v6M20 4l-8 8M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5",
  comment: "M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z",
  file: "M21 11.5l-8.5 8.5a5 5 0 0 1-7-7L14 4.5a3.3 3.3 0 0 1 4.7 4.7l-8.6 8.6a1.7 1.7 0 0 1-2.3-2.3L16 7.4",
  checklist: "M9 11l3 3 8-8M20 12v7a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h11",
};
export function MiniIcon({ name }: { name: keyof typeof ICONS }) {
  return (
    <svg className="tt-mini-icon" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d={ICONS[name]} />
    </svg>
  );
}

/** The counters as text for screen readers and the open button's name. */
export function useCountersText(item: TodoItem): string {
  const { t } = useTranslation("todo");
  const parts: string[] = [];
  if (item.commentCnt > 0) parts.push(t("cells.title.comments", { count: item.commentCnt }));
  if (item.attachCnt > 0) parts.push(t("cells.title.files", { count: item.attachCnt }));
  if (item.checkListCnt > 0) parts.push(t("cells.title.checklist", { done: item.checkListDoneCnt, total: item.checkListCnt }));
  return parts.join(", ");
}

export const TitleCell = memo(function TitleCell({ item, canEdit, onSave, onOpen }: {
  item: TodoItem;
  canEdit: boolean;
  onSave(item: TodoItem, headerValue: string, value: CellValue): void;
  onOpen(item: TodoItem): void;
}) {
  const { t } = useTranslation("todo");
  const counters = useCountersText(item);
  return (
    <div className="tt-title">
      <InlineText text={item.title} label={t("cells.title.edit", { item: item.title })} canEdit={canEdit && item.id > 0} maxLength={ITEM_TITLE_MAX}
        className="tt-title-text" display={<span className="tt-ellipsis">{item.title}</span>}
        onCommit={(x) => {
          if (!x.trim()) return false;
          onSave(item, "title", x.trim());
        }} />
      {item.id > 0 && (
        <AriaButton className="tt-open" onPress={() => onOpen(item)}
          aria-label={counters ? `${t("cells.title.open", { item: item.title })} (${counters})` : t("cells.title.open", { item: item.title })}>
          {item.commentCnt > 0 && <span className="tt-count"><MiniIcon name="comment" />{item.commentCnt}</span>}
          {item.attachCnt > 0 && <span className="tt-count"><MiniIcon name="file" />{item.attachCnt}</span>}
          {item.checkListCnt > 0 && <span className="tt-count"><MiniIcon name="checklist" />{item.checkListDoneCnt}/{item.checkListCnt}</span>}
          <MiniIcon name="open" />
        </AriaButton>
      )}
    </div>
  );
});
