// Saved lines in the line editor: load one into the editor, or save the current lines under a name
// (config/preset/appr-line; at most 30: 400 approval.preset_limit shows the hint of 002 §8).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PRESET_NAME_MAX, PRESETS_MAX } from "@shared/approval/constants.ts";
import type { LinePreset } from "@shared/approval/config.ts";
import { Button } from "../../../ui/Button.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { createPreset, presetsQuery } from "./api.ts";
import { type EditorLine, toLineInputs } from "./model.ts";

export function PresetBar({ draftOrganId, lines, onLoad }: { draftOrganId: number; lines: EditorLine[]; onLoad(p: LinePreset): void }) {
  const { t } = useTranslation("approval");
  const qc = useQueryClient();
  const presets = useQuery(presetsQuery);
  const [chosen, setChosen] = useState<string | null>(null);
  const [name, setName] = useState("");
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const save = useMutation({
    mutationFn: () => createPreset({ name: name.trim(), draftOrganId, approvalLines: toLineInputs(lines) }),
    onSuccess: (p) => {
      setName("");
      setMessage({ ok: true, text: t("lines.presetSaved", { name: p.name }) });
      qc.invalidateQueries({ queryKey: presetsQuery.queryKey });
    },
    onError: (e) => {
      const code = codeOf(e);
      setMessage({ ok: false, text: code === "approval.preset_limit" ? t("lines.presetLimit", { max: PRESETS_MAX }) : errorText(code) });
    },
  });
  const list = presets.data ?? [];

  return (
    <div className="al-presets">
      <div className="al-preset-load">
        <SelectField label={t("lines.presets")} placeholder={list.length ? t("lines.presetChoose") : t("lines.presetNone")}
          isDisabled={!list.length} options={list.map((p) => ({ id: String(p.id), label: p.name }))}
          value={chosen} onChange={setChosen} />
        <Button variant="secondary" isDisabled={!chosen} onPress={() => {
          const p = list.find((x) => String(x.id) === chosen);
          if (p) onLoad(p);
        }}>{t("lines.presetLoad")}</Button>
      </div>
      <form className="al-preset-save" onSubmit={(e) => {
        e.preventDefault();
        if (name.trim() && lines.length) save.mutate();
      }}>
        <TextField label={t("lines.presetName")} value={name} onChange={setName} maxLength={PRESET_NAME_MAX} />
        <Button variant="secondary" type="submit" isDisabled={!name.trim() || !lines.length || save.isPending}>{t("lines.presetSave")}</Button>
      </form>
      <p className={message?.ok === false ? "al-error" : "al-muted"} role="status">{message?.text ?? ""}</p>
    </div>
  );
}
