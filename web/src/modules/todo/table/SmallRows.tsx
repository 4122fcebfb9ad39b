// The table's small rows: a group's "add item" row and an item's "add sub-item" row (a field: Enter adds and
// keeps the field for the next), "load more" of a group, and the row shown while sub-items are on their way.
import { memo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input } from "react-aria-components";
import { ITEM_TITLE_MAX } from "@shared/todo/constants.ts";
import type { TodoGroup } from "@shared/todo/boards.ts";
import type { TodoItem } from "@shared/todo/items.ts";
import { Button } from "../../../ui/Button.tsx";
import type { TableActions } from "./actions.ts";

interface RowBase {
  group: TodoGroup;
  width: number;
  titleWidth: number;
  rowIndex: number;
  /** Its top in the body (virtualised). */
  y: number;
}

function Row({ group, width, titleWidth, rowIndex, y, className, children }: RowBase & { className: string; children: React.ReactNode }) {
  return (
    <div role="row" className={`tt-row ${className}`} style={{ width, "--group-color": group.color, transform: `translateY(${y}px)` } as React.CSSProperties} aria-rowindex={rowIndex}
      data-row={rowIndex - 2} data-drop-row={rowIndex - 2}>
      <div role="cell" className="tt-td tt-sticky tt-title-td" style={{ width: titleWidth }} data-col={0}>{children}</div>
    </div>
  );
}

export const AddItemRow = memo(function AddItemRow(props: RowBase & { parent?: TodoItem; actions: TableActions }) {
  const { t } = useTranslation("todo");
  const [title, setTitle] = useState("");
  const { parent, group, actions } = props;
  const label = parent ? t("table.item.addSubTo", { item: parent.title }) : t("table.item.addTo", { group: group.title });
  const submit = () => {
    const x = title.trim();
    if (!x) return;
    setTitle("");
    void actions.create({ groupId: group.id, parentId: parent?.id, title: x });
  };
  return (
    <Row {...props} className={parent ? "tt-add-row tt-sub-row" : "tt-add-row"}>
      {parent && <span className="tt-sub-indent tt-sub-indent-add" aria-hidden="true" />}
      <Input className="tt-add-input" aria-label={label} placeholder={parent ? t("table.item.addSubPlaceholder") : t("table.item.addPlaceholder")}
        value={title} maxLength={ITEM_TITLE_MAX} data-cell-focus data-add-row={parent ? `sub${parent.id}` : `group${group.id}`}
        onChange={(e) => setTitle(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") (e.preventDefault(), submit());
          else if (e.key === "Escape") setTitle("");
          if (e.key !== "ArrowUp" && e.key !== "ArrowDown") e.stopPropagation();
        }} />
    </Row>
  );
});

export const MoreRow = memo(function MoreRow(props: RowBase & { loading: boolean; actions: TableActions; loadMore(groupId: number): void }) {
  const { t } = useTranslation("todo");
  return (
    <Row {...props} className="tt-more-row">
      <Button variant="ghost" className="tt-more-button" isDisabled={props.loading} onPress={() => props.loadMore(props.group.id)} data-cell-focus>
        {props.loading ? t("table.loading") : t("table.group.more", { title: props.group.title })}
      </Button>
    </Row>
  );
});

export const LoadingRow = memo(function LoadingRow(props: RowBase) {
  const { t } = useTranslation("todo");
  return (
    <Row {...props} className="tt-sub-row">
      <span className="tt-sub-indent" aria-hidden="true" />
      <span className="tt-muted">{t("table.loading")}</span>
    </Row>
  );
});
