// The task list's filter bar (002 §3 "Task filter", §5): the range (this / next / last week, this month — ISO
// weeks, the server counts them — or start and end days), statuses, priorities, assignees (a project's members),
// tasks without dates, the search word; all kept in the address's actionObj. 필터 저장 saves the complete rows
// (POST projects/{p}/tasks/filters; the side pane lists it).
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FILTER_NAME_MAX, RANGE_TYPES, type RangeType, TASK_PRIORITIES, TASK_STATUSES } from "@shared/flow/constants.ts";
import type { FlowMember } from "@shared/flow/projects.ts";
import { Button } from "../../../ui/Button.tsx";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { NativeField } from "../../../ui/NativeField.tsx";
import { SearchForm } from "../../../ui/SearchForm.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { saveFilter } from "../api.ts";
import { flowErrorText, succeeded } from "../errors.ts";
import type { FlowActionObj } from "../paths.ts";
import { flowKeys } from "../queries.ts";
import { filterRowsOf, isFiltered } from "./filter.ts";
import { MultiMenu } from "./MultiMenu.tsx";

type RangeChoice = "" | RangeType | "CUSTOM";

export function FilterBar({ projectId, action, members, onChange }: {
  projectId: number | "all";
  action: FlowActionObj;
  /** The project's joined members (assignee choices); none for all. */
  members: FlowMember[];
  onChange(next: FlowActionObj): void;
}) {
  const { t } = useTranslation("flow");
  const [saving, setSaving] = useState(false);
  const range: RangeChoice = action.rangeType ?? (action.startDate || action.endDate ? "CUSTOM" : "");
  const [custom, setCustom] = useState(range === "CUSTOM");
  const shownRange: RangeChoice = custom && !action.rangeType ? "CUSTOM" : range;
  const set = (patch: Partial<FlowActionObj>) => {
    const next: FlowActionObj = { ...action, ...patch };
    for (const k of Object.keys(next) as (keyof FlowActionObj)[]) {
      const v = next[k];
      if (v === undefined || v === "" || (Array.isArray(v) && v.length === 0)) delete next[k];
    }
    delete next.taskId;
    onChange(next);
  };

  return (
    <div className="fl-filterbar" role="group" aria-label={t("filters.label")}>
      <SearchForm prefix="fl" className="fl-search fl-filter-search" id="fl-task-search" word={action.searchWord ?? ""} label={t("filters.search")}
        placeholder={t("filters.searchPlaceholder")} submit={t("filters.searchSubmit")}
        onSearch={(w) => {
          set({ searchWord: w || undefined });
          return undefined;
        }} />
      <div className="fl-filter-range">
        <SelectField label={t("filters.range")} hideLabel value={shownRange || "NONE"}
          options={[{ id: "NONE", label: t("filters.rangeAny") }, ...RANGE_TYPES.map((r) => ({ id: r, label: t(`filters.rangeType.${r}`) })),
            { id: "CUSTOM", label: t("filters.rangeCustom") }]}
          onChange={(v) => {
            setCustom(v === "CUSTOM");
            if (v === "CUSTOM") set({ rangeType: undefined });
            else set({ rangeType: v === "NONE" ? undefined : v as RangeType, startDate: undefined, endDate: undefined });
          }} />
        {shownRange === "CUSTOM" && (
          <>
            <NativeField type="date" label={t("filters.start")} value={action.startDate ?? ""} onChange={(v) => set({ startDate: v || undefined })} />
            <NativeField type="date" label={t("filters.end")} value={action.endDate ?? ""} onChange={(v) => set({ endDate: v || undefined })} />
          </>
        )}
      </div>
      <MultiMenu label={t("filters.statuses")} chosen={action.statuses ?? []} options={TASK_STATUSES.map((s) => ({ id: s, label: t(`status.${s}`) }))}
        onChange={(v) => set({ statuses: v as typeof action.statuses })} />
      <MultiMenu label={t("filters.priorities")} chosen={action.priorities ?? []} options={TASK_PRIORITIES.map((s) => ({ id: s, label: t(`priority.${s}`) }))}
        onChange={(v) => set({ priorities: v as typeof action.priorities })} />
      {members.length > 0 && (
        <MultiMenu label={t("filters.assignees")} chosen={(action.assignees ?? []).map(String)}
          options={members.map((m) => ({ id: String(m.userId), label: m.name }))}
          onChange={(v) => set({ assignees: v.map(Number) })} />
      )}
      <Checkbox isSelected={action.includeNoDate !== false} onChange={(v) => set({ includeNoDate: v ? undefined : false })}>{t("filters.includeNoDate")}</Checkbox>
      {isFiltered(action) && (
        <>
          <Button variant="ghost" onPress={() => onChange(action.filterId ? { filterId: action.filterId, viewType: action.viewType } : { viewType: action.viewType })}>
            {t("filters.reset")}
          </Button>
          {filterRowsOf(action).length > 0 && <Button variant="secondary" onPress={() => setSaving(true)}>{t("filters.save")}</Button>}
        </>
      )}
      {saving && <SaveFilterDialog projectId={projectId} action={action} onClose={() => setSaving(false)} />}
    </div>
  );
}

function SaveFilterDialog({ projectId, action, onClose }: { projectId: number | "all"; action: FlowActionObj; onClose(): void }) {
  const { t } = useTranslation("flow");
  const qc = useQueryClient();
  const [name, setName] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!name.trim()) return setError(t("filters.nameRequired"));
    setBusy(true);
    try {
      await saveFilter(projectId, { name: name.trim(), filters: filterRowsOf(action) });
      succeeded("filters.saved");
      void qc.invalidateQueries({ queryKey: flowKeys.folders });
      onClose();
    } catch (e) {
      setError(flowErrorText(e, "filters.saveFailed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog title={t("filters.saveTitle")} isOpen onClose={onClose}>
      <form className="fl-form" onSubmit={(e) => (e.preventDefault(), void save())}>
        <TextField label={t("filters.name")} value={name} onChange={(v) => (setName(v), setError(undefined))} maxLength={FILTER_NAME_MAX} autoFocus
          errorMessage={error} />
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{t("common.save")}</Button>
        </div>
      </form>
    </Dialog>
  );
}
