// The filter editor (002 §3 "Saved filter", §5, §8): rows of a column (from the board's header), a condition (those
// of the column's type: FILTER_CONDITIONS_BY_TYPE) and its values (ValueInput: several statuses or people, one of
// anything else), up to FILTER_ROWS_MAX; 적용 narrows
// the board without saving (the `filters` parameter); 새 필터로 저장 and 저장 keep the complete rows under a name
// ("필터를 저장했습니다." / "필터를 저장하지 못했습니다."). Starts from the applied saved filter, if any.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import type { BoardEntry, FilterRow, HeaderColumn, SavedFilter } from "@shared/todo/boards.ts";
import { FILTER_NAME_MAX, FILTER_ROWS_MAX, type FilterCondition } from "@shared/todo/constants.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { createFilter, updateFilter } from "../api.ts";
import { failedAs, succeeded, todoErrorText } from "../errors.ts";
import { todoKeys } from "../queries.ts";
import { completeRows, conditionsOf, type DraftRow, emptyRow, filterColumns, NO_VALUE } from "./rows.ts";
import { ValueInput } from "./ValueInput.tsx";

export const columnLabel = (c: HeaderColumn, t: (k: string) => string) => c.name || t(`columnType.${c.type}`);

export function FilterEditor({ entry, boardId, base, draft, onDraft, onSaved, onClose }: {
  entry: BoardEntry;
  boardId: number;
  /** The saved filter being edited, or none for a new one. */
  base: SavedFilter | null;
  draft: FilterRow[] | null;
  onDraft(rows: FilterRow[] | null): void;
  onSaved(filter: SavedFilter): void;
  onClose(): void;
}) {
  const { t } = useTranslation("todo");
  const qc = useQueryClient();
  const columns = filterColumns(entry.header);
  const start = draft ?? base?.filters ?? [];
  const [rows, setRows] = useState<DraftRow[]>(start.length > 0 ? start.map((r) => ({ ...r })) : [emptyRow()]);
  const [name, setName] = useState(base?.filterName ?? "");
  const [problem, setProblem] = useState("");
  const [busy, setBusy] = useState(false);
  const complete = completeRows(rows, entry.header);

  const setRow = (i: number, r: Partial<DraftRow>) => setRows((all) => all.map((x, j) => (j === i ? { ...x, ...r } : x)));

  const save = async (asNew: boolean) => {
    if (!name.trim()) return setProblem(t("filters.nameRequired"));
    if (complete.length === 0) return setProblem(t("filters.noRows"));
    setProblem("");
    setBusy(true);
    try {
      const body = { filterName: name.trim(), isDefault: asNew ? false : base?.isDefault ?? false, filters: complete };
      const saved = asNew || !base ? await createFilter(boardId, body) : await updateFilter(boardId, { ...body, id: base.id });
      await qc.invalidateQueries({ queryKey: todoKeys.board(boardId) });
      // Applying it changes the address (its actionObj): the message goes along.
      succeeded("filters.saved", { carry: true });
      onSaved(saved);
    } catch (e) {
      failedAs("filters.saveFailed");
      setProblem(todoErrorText(e, "filters.saveFailed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form className="td-filter-editor" aria-label={t("filters.editor")} onSubmit={(e) => {
      e.preventDefault();
      if (complete.length === 0) return snackbar("VALIDATION", t("filters.noRows"));
      onDraft(complete);
    }}>
      <ol className="td-filter-rows">
        {rows.map((r, i) => {
          const col = columns.find((c) => c.value === r.column);
          const conds = conditionsOf(col);
          const n = i + 1;
          return (
            <li key={i} className="td-filter-row">
              <SelectField hideLabel label={t("filters.columnN", { n })} value={r.column || null} placeholder={t("filters.column")}
                options={columns.map((c) => ({ id: c.value, label: columnLabel(c, t) }))}
                onChange={(v) => setRow(i, { column: v, condition: "", values: [] })} />
              <SelectField hideLabel label={t("filters.conditionN", { n })} value={r.condition || null} placeholder={t("filters.condition")}
                isDisabled={!col} options={conds.map((c) => ({ id: c, label: t(`filters.conditions.${c}`) }))}
                onChange={(v) => setRow(i, {
                  condition: v as FilterCondition,
                  // EMPTY / NOT_EMPTY carry "1", which is no value of another condition.
                  values: NO_VALUE.includes(v as FilterCondition) ? ["1"] : NO_VALUE.includes(r.condition as FilterCondition) ? [] : r.values,
                })} />
              {col && r.condition && !NO_VALUE.includes(r.condition) && (
                <ValueInput column={col} label={t("filters.valueN", { n })} values={r.values} people={entry.organUserList}
                  onChange={(values) => setRow(i, { values })} />
              )}
              <Button variant="ghost" aria-label={t("filters.removeRow", { n })}
                onPress={() => setRows((all) => (all.length === 1 ? [emptyRow()] : all.filter((_, j) => j !== i)))}>
                ✕
              </Button>
            </li>
          );
        })}
      </ol>
      <div className="td-filter-actions">
        <Button variant="secondary" isDisabled={rows.length >= FILTER_ROWS_MAX} onPress={() => setRows((all) => [...all, emptyRow()])}>
          {t("filters.addRow")}
        </Button>
        <Button type="submit">{t("filters.apply")}</Button>
        {draft && <Button variant="ghost" onPress={() => onDraft(null)}>{t("filters.reset")}</Button>}
      </div>
      <div className="td-filter-save">
        <TextField label={t("filters.name")} value={name} onChange={setName} maxLength={FILTER_NAME_MAX} />
        {base && <Button isDisabled={busy} onPress={() => void save(false)}>{t("filters.update")}</Button>}
        <Button variant={base ? "secondary" : "primary"} isDisabled={busy} onPress={() => void save(true)}>{t("filters.saveNew")}</Button>
        <Button variant="ghost" onPress={onClose}>{t("common.close")}</Button>
      </div>
      {problem && <p className="td-problem" role="alert">{problem}</p>}
    </Form>
  );
}
