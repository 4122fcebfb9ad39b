// The board's filter bar (002 §3 "Saved filter", §8): a menu of the caller's saved filters (필터 없음, each filter,
// the default marked 기본) that applies one, 필터 편집 (the editor: FilterEditor), and for the applied filter 기본
// 필터로 설정 / 기본 해제 ("기본 필터를 변경했습니다." / "기본 필터를 등록하지 못했습니다.") and 삭제.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import type { BoardEntry, FilterRow } from "@shared/todo/boards.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Icon, SvgIcon } from "../../../ui/icons.tsx";
import { deleteFilter, setDefaultFilter } from "../api.ts";
import { failedAs, succeeded } from "../errors.ts";
import { todoKeys } from "../queries.ts";
import { TODO_ICONS } from "../side/icons.ts";
import { FilterEditor } from "./FilterEditor.tsx";

export function FilterBar({ entry, boardId, draft, onDraft, onApply }: {
  entry: BoardEntry;
  boardId: number;
  draft: FilterRow[] | null;
  onDraft(rows: FilterRow[] | null): void;
  /** Applies a saved filter (0: none). */
  onApply(filterId: number): void;
}) {
  const { t } = useTranslation("todo");
  const qc = useQueryClient();
  const [editing, setEditing] = useState(false);
  const applied = draft ? null : entry.filters.find((f) => f.id === entry.appliedFilterId) ?? null;
  const shown = draft ? t("filters.unsaved") : applied ? applied.filterName : t("filters.none");

  const toggleDefault = async () => {
    if (!applied) return;
    try {
      await setDefaultFilter(boardId, applied.id, !applied.isDefault);
      await qc.invalidateQueries({ queryKey: todoKeys.board(boardId) });
      succeeded("filters.defaultChanged");
    } catch {
      failedAs("filters.defaultFailed");
    }
  };

  const remove = async () => {
    if (!applied) return;
    const ok = await confirm({ message: t("filters.deleteConfirm", { name: applied.filterName }), confirmLabel: t("filters.delete"), danger: true });
    if (!ok) return;
    try {
      await deleteFilter(boardId, applied.id);
      succeeded("filters.deleted", { carry: true });
      onApply(0);
      await qc.invalidateQueries({ queryKey: todoKeys.board(boardId) });
    } catch {
      failedAs("filters.deleteFailed");
    }
  };

  return (
    <div className="td-filter-bar">
      <div className="td-filter-tools">
        <MenuTrigger>
          <AriaButton className="td-filter-pick" aria-label={t("filters.menu", { name: shown })}>
            <SvgIcon d={TODO_ICONS.filter} size={16} />
            <span className="td-filter-name">{shown}</span>
            <Icon name="chevronDown" size={14} />
          </AriaButton>
          <Popover className="menu-popover" placement="bottom start">
            <Menu className="menu" selectionMode="single" selectedKeys={[String(draft ? "draft" : applied?.id ?? 0)]}
              onAction={(k) => {
                setEditing(false);
                onApply(Number(k));
              }}>
              <MenuItem id="0" className="menu-item">{t("filters.none")}</MenuItem>
              {entry.filters.map((f) => (
                <MenuItem key={f.id} id={String(f.id)} textValue={f.filterName} className="menu-item">
                  <span>{f.filterName}</span>
                  {f.isDefault && <span className="td-tag">{t("filters.defaultTag")}</span>}
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
        {applied?.isDefault && <span className="td-tag">{t("filters.defaultTag")}</span>}
        <Button variant="secondary" aria-expanded={editing} onPress={() => setEditing((v) => !v)}>{t("filters.edit")}</Button>
        {applied && (
          <>
            <Button variant="ghost" onPress={() => void toggleDefault()}>
              {applied.isDefault ? t("filters.unsetDefault") : t("filters.setDefault")}
            </Button>
            <Button variant="ghost" onPress={() => void remove()}>{t("filters.delete")}</Button>
          </>
        )}
      </div>
      {editing && (
        <FilterEditor key={applied?.id ?? "new"} entry={entry} boardId={boardId} base={applied} draft={draft} onDraft={onDraft}
          onClose={() => setEditing(false)}
          onSaved={(f) => {
            setEditing(false);
            onApply(f.id);
          }} />
      )}
    </div>
  );
}
