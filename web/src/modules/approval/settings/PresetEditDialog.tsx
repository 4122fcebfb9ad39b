// A saved approval line, new or changed: its name and its lines (set in the line editor), saved with
// POST/PUT config/preset/appr-line (400 approval.preset_limit past 30: the §8 hint).
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PRESET_NAME_MAX, PRESETS_MAX } from "@shared/approval/constants.ts";
import type { LinePreset } from "@shared/approval/config.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { createPreset, presetsQuery, updatePreset } from "../lines/api.ts";
import { LineEditorDialog } from "../lines/LineEditorDialog.tsx";
import { type EditorLine, fromApprovalLines, toLineInputs } from "../lines/model.ts";
import { LineSummary } from "./LineSummary.tsx";

export function PresetEditDialog({ preset, draftOrganId, onClose }: { preset: LinePreset | null; draftOrganId: number; onClose(): void }) {
  const { t } = useTranslation("approval");
  const qc = useQueryClient();
  const [name, setName] = useState(preset?.name ?? "");
  const [lines, setLines] = useState<EditorLine[]>(() => fromApprovalLines(preset?.approvalLines ?? []));
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState("");
  const organ = preset?.draftOrganId ?? draftOrganId;
  const save = useMutation({
    mutationFn: () => {
      const body = { name: name.trim(), draftOrganId: organ, approvalLines: toLineInputs(lines) };
      return preset ? updatePreset(preset.id, body) : createPreset(body);
    },
    onSuccess: () => {
      qc.invalidateQueries({ queryKey: presetsQuery.queryKey });
      onClose();
    },
    onError: (e) => {
      const code = codeOf(e);
      setError(code === "approval.preset_limit" ? t("lines.presetLimit", { max: PRESETS_MAX }) : errorText(code));
    },
  });

  return (
    <Dialog title={preset ? t("settings.editPreset") : t("settings.newPreset")} isOpen onClose={onClose} width={560}>
      <form className="as-form" onSubmit={(e) => {
        e.preventDefault();
        if (!name.trim()) return setError(t("settings.nameRequired"));
        if (!lines.length) return setError(errorText("approval.line_no_approval"));
        save.mutate();
      }}>
        <TextField label={t("settings.presetName")} value={name} onChange={setName} maxLength={PRESET_NAME_MAX} isRequired autoFocus />
        <div className="as-lines-head">
          <span className="field-label">{t("draft.lines")}</span>
          <Button variant="secondary" onPress={() => setEditing(true)}>{t("draft.editLines")}</Button>
        </div>
        <LineSummary lines={lines} />
        <p className="field-error" role="alert">{error}</p>
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("lines.cancel")}</Button>
          <Button type="submit" isDisabled={save.isPending}>{t("settings.save")}</Button>
        </div>
      </form>
      <LineEditorDialog isOpen={editing} title={t("lines.title")} draftOrganId={organ} initial={lines} presets={false}
        onClose={() => setEditing(false)} onSubmit={(_, shown) => {
          setLines(shown);
          setEditing(false);
        }} />
    </Dialog>
  );
}
