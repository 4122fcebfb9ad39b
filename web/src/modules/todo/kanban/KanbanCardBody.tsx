// What a kanban card shows under its title: the item's group, the first TIMELINE's days, the people of the first
// PERSON column and the detail's counters (checklist done/total, files, comments).
import { useTranslation } from "react-i18next";
import type { HeaderColumn, OrganUser, TodoGroup } from "@shared/todo/boards.ts";
import type { TodoItem } from "@shared/todo/items.ts";
import { asPeople, asTimeline, formatTimeline } from "../cells/cell-value.ts";

export function KanbanCardBody({ item, header, group, users }: {
  item: TodoItem;
  header: readonly HeaderColumn[];
  group: TodoGroup | undefined;
  users: ReadonlyMap<number, OrganUser>;
}) {
  const { t, i18n } = useTranslation("todo");
  const timelineCol = header.find((c) => c.type === "TIMELINE");
  const personCol = header.find((c) => c.type === "PERSON");
  const span = timelineCol ? asTimeline(item.itemRow.items[timelineCol.value]) : null;
  const people = personCol ? asPeople(item.itemRow.items[personCol.value]).map((id) => users.get(id)?.name ?? "?") : [];
  return (
    <div className="tk-card-body">
      {group && (
        <span className="tk-card-group">
          <span className="wk-dot" style={{ background: group.color }} aria-hidden="true" />
          <span className="tk-ellipsis">{group.title}</span>
        </span>
      )}
      {span && <span className="tk-card-line">{formatTimeline(span, i18n.language)}</span>}
      {people.length > 0 && <span className="tk-card-line tk-ellipsis">{people.join(", ")}</span>}
      {(item.checkListCnt > 0 || item.attachCnt > 0 || item.commentCnt > 0) && (
        <span className="tk-card-counters">
          {item.checkListCnt > 0 && <span>{t("kanban.checklist", { done: item.checkListDoneCnt, total: item.checkListCnt })}</span>}
          {item.attachCnt > 0 && <span>{t("kanban.files", { count: item.attachCnt })}</span>}
          {item.commentCnt > 0 && <span>{t("kanban.comments", { count: item.commentCnt })}</span>}
        </span>
      )}
    </div>
  );
}
