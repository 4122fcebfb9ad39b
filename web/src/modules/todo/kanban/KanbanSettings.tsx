// The kanban's settings popover (002 §3 "Kanban column: chosen header values stored as a comma-separated
// string"): which STATUS column the lanes come from and which of its labels show, in which order (a check box
// and up/down per label), saved with PUT kanban/columns; the board's entry and the kanban query take the answer.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useQueryClient } from "@tanstack/react-query";
import { Dialog, DialogTrigger, Heading, Popover } from "react-aria-components";
import type { HeaderColumn, KanbanColumns, StatusOption } from "@shared/todo/boards.ts";
import { Button } from "../../../ui/Button.tsx";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { Icon } from "../../../ui/icons.tsx";
import * as todoApi from "../api.ts";
import { refused } from "../board-data/index.ts";
import { updateEntries } from "../board-data/cache.ts";
import { kanbanQuery } from "../queries.ts";

interface Row {
  label: string;
  color: string;
  shown: boolean;
}

const rowsOf = (column: HeaderColumn, labels: readonly StatusOption[]): Row[] => {
  const chosen = new Set(labels.map((l) => l.label));
  return [...labels.map((l) => ({ ...l, shown: true })), ...column.options.filter((o) => !chosen.has(o.label)).map((o) => ({ ...o, shown: false }))];
};

export function KanbanSettings({ boardId, header, column, labels }: {
  boardId: number;
  header: readonly HeaderColumn[];
  column: HeaderColumn;
  labels: readonly StatusOption[];
}) {
  const { t } = useTranslation("todo");
  const [open, setOpen] = useState(false);
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button variant="secondary" className="wk-small"><Icon name="settings" size={16} />{t("kanban.settings.open")}</Button>
      <Popover className="menu-popover tk-settings-popover" placement="bottom end">
        <Dialog className="tk-settings" aria-labelledby="tk-settings-title">
          {open && <SettingsForm boardId={boardId} header={header} column={column} labels={labels} onDone={() => setOpen(false)} />}
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

function SettingsForm({ boardId, header, column, labels, onDone }: {
  boardId: number;
  header: readonly HeaderColumn[];
  column: HeaderColumn;
  labels: readonly StatusOption[];
  onDone(): void;
}) {
  const { t } = useTranslation("todo");
  const qc = useQueryClient();
  const statusColumns = header.filter((c) => c.type === "STATUS");
  const [colKey, setColKey] = useState(column.value);
  const [rows, setRows] = useState<Row[]>(() => rowsOf(column, labels));
  const [saving, setSaving] = useState(false);

  function pickColumn(key: string) {
    const c = statusColumns.find((x) => x.value === key);
    if (!c) return;
    setColKey(key);
    setRows(c.options.map((o) => ({ ...o, shown: true })));
  }

  function shift(i: number, by: -1 | 1) {
    const j = i + by;
    if (j < 0 || j >= rows.length) return;
    const next = rows.slice();
    [next[i], next[j]] = [next[j], next[i]];
    setRows(next);
  }

  async function save() {
    setSaving(true);
    try {
      const saved: KanbanColumns = await todoApi.putKanbanColumns(boardId, rows.filter((r) => r.shown).map((r) => r.label), colKey);
      qc.setQueryData(kanbanQuery(boardId).queryKey, saved);
      updateEntries(qc, boardId, (e) => ({ ...e, kanban: saved }));
      onDone();
    } catch (e) {
      refused(e);
    } finally {
      setSaving(false);
    }
  }

  const nameOf = (c: HeaderColumn) => c.name || t("kanban.statusColumn");
  return (
    <div className="tk-settings-form">
      <Heading id="tk-settings-title" slot="title" className="tk-settings-title">{t("kanban.settings.title")}</Heading>
      {statusColumns.length > 1 && (
        <SelectField label={t("kanban.settings.column")} value={colKey} onChange={pickColumn}
          options={statusColumns.map((c) => ({ id: c.value, label: nameOf(c) }))} />
      )}
      <p className="wk-muted tk-settings-hint">{t("kanban.settings.labels")}</p>
      <ul className="tk-settings-rows">
        {rows.map((r, i) => (
          <li key={r.label} className="tk-settings-row">
            <Checkbox isSelected={r.shown} onChange={(v) => setRows(rows.map((x, k) => (k === i ? { ...x, shown: v } : x)))}>
              <span className="tk-settings-label"><span className="wk-dot" style={{ background: r.color }} aria-hidden="true" />{r.label}</span>
            </Checkbox>
            <span className="wk-spacer" />
            <Button variant="ghost" className="wk-icon-btn" aria-label={t("kanban.settings.up", { label: r.label })} isDisabled={i === 0}
              onPress={() => shift(i, -1)}>↑</Button>
            <Button variant="ghost" className="wk-icon-btn" aria-label={t("kanban.settings.down", { label: r.label })}
              isDisabled={i === rows.length - 1} onPress={() => shift(i, 1)}>↓</Button>
          </li>
        ))}
      </ul>
      <p className="wk-muted tk-settings-hint">{t("kanban.settings.noLabelLast")}</p>
      <div className="dialog-actions">
        <Button variant="secondary" className="wk-small" onPress={onDone}>{t("kanban.settings.cancel")}</Button>
        <Button className="wk-small" isDisabled={saving} onPress={() => void save()}>{t("kanban.settings.save")}</Button>
      </div>
    </div>
  );
}
