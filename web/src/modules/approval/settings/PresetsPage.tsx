// config/preset: the user's saved approval lines (at most 30, 002 §9): each with its lines; new, edit (name and
// lines), delete one, or select several and delete them together (DELETE config/preset/appr-line { ids }).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Checkbox, GridList, GridListItem, type Selection } from "react-aria-components";
import { PRESETS_MAX } from "@shared/approval/constants.ts";
import type { LinePreset } from "@shared/approval/config.ts";
import { Button } from "../../../ui/Button.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { userDetailQuery } from "../../../app/queries.ts";
import { usePageTitle } from "../../../app/title.ts";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { deletePreset, deletePresets, presetsQuery } from "../lines/api.ts";
import { fromApprovalLines } from "../lines/model.ts";
import { LineSummary } from "./LineSummary.tsx";
import { PresetEditDialog } from "./PresetEditDialog.tsx";
import { SettingsTabs } from "./SettingsTabs.tsx";

export function PresetsPage() {
  const { t, i18n } = useTranslation("approval");
  usePageTitle(t("settings.presets"));
  const qc = useQueryClient();
  const presets = useQuery(presetsQuery);
  const user = useQuery(userDetailQuery);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<LinePreset | "new" | null>(null);
  const list = presets.data ?? [];
  const organ = user.data?.organId ?? user.data?.organRelationList[0]?.organId ?? null;

  const remove = useMutation({
    mutationFn: (ids: number[]) => (ids.length === 1 ? deletePreset(ids[0]) : deletePresets(ids)),
    onSuccess: (_, ids) => {
      setSelected((s) => new Set([...s].filter((id) => !ids.includes(id))));
      qc.invalidateQueries({ queryKey: presetsQuery.queryKey });
      snackbar("SUCCESS", t("settings.deleted", { count: ids.length }));
    },
    onError: (e) => snackbar("ERROR", errorText(codeOf(e))),
  });
  async function ask(ids: number[]) {
    if (await confirm({ message: t("settings.deleteConfirm", { count: ids.length }), confirmLabel: t("settings.delete"), danger: true })) remove.mutate(ids);
  }

  return (
    <div className="as-page">
      <SettingsTabs />
      <header className="as-head">
        <div>
          <h1 className="as-title">{t("settings.presets")}</h1>
          <p className="as-muted">{t("settings.presetCount", { count: list.length, max: PRESETS_MAX })}</p>
        </div>
        <div className="as-actions">
          <Button variant="danger" isDisabled={!selected.size || remove.isPending} onPress={() => ask([...selected])}>
            {t("settings.deleteSelected", { count: selected.size })}
          </Button>
          <Button isDisabled={list.length >= PRESETS_MAX || !organ} onPress={() => setEditing("new")}>{t("settings.newPreset")}</Button>
        </div>
      </header>
      {presets.isError ? <p className="as-error" role="alert">{errorText(codeOf(presets.error))}</p> : (
        <GridList aria-label={t("settings.presets")} className="as-list" items={list} selectionMode="multiple"
          selectionBehavior="toggle" selectedKeys={selected}
          onSelectionChange={(k: Selection) => setSelected(k === "all" ? new Set(list.map((p) => p.id)) : new Set([...k].map(Number)))}
          renderEmptyState={() => <p className="as-muted as-empty">{presets.isLoading ? t("draft.loading") : t("settings.noPresets")}</p>}>
          {(p) => (
            <GridListItem id={p.id} textValue={p.name} className="as-item">
              <Checkbox slot="selection" className="as-check">
                {({ isSelected }) => <span className="as-check-box" data-on={isSelected || undefined} aria-hidden="true">{isSelected ? "✓" : ""}</span>}
              </Checkbox>
              <div className="as-item-main">
                <span className="as-item-name">{p.name}</span>
                <LineSummary lines={fromApprovalLines(p.approvalLines)} />
                <span className="as-muted">{new Date(p.createdAt).toLocaleDateString(i18n.language)}</span>
              </div>
              <div className="as-item-actions">
                <Button variant="secondary" aria-label={t("settings.editOf", { name: p.name })} onPress={() => setEditing(p)}>{t("settings.edit")}</Button>
                <Button variant="ghost" aria-label={t("settings.deleteOf", { name: p.name })} onPress={() => ask([p.id])}>{t("settings.delete")}</Button>
              </div>
            </GridListItem>
          )}
        </GridList>
      )}
      {editing && organ && (
        <PresetEditDialog preset={editing === "new" ? null : editing} draftOrganId={organ} onClose={() => setEditing(null)} />
      )}
    </div>
  );
}
