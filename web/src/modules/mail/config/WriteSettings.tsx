// Mail settings, tab 'write' (000 §3 "Mail config" write group): writing in a popup, auto-save interval,
// include me (Cc or Bcc), the editor's font size, subject prefixes. Each change is saved at once.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AUTO_SAVE_CHOICES, type MailConfig, SUBJECT_FIRSTS_MAX } from "@shared/mail/config.ts";
import { SelectField } from "../../../ui/SelectField.tsx";
import { Switch } from "../../../ui/Switch.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { Button } from "../../../ui/Button.tsx";
import { mailConfigQuery } from "../queries.ts";
import { useSaveSetting } from "./useSaveSetting.ts";

const FONT_SIZES = [10, 11, 12, 13, 14, 16, 18, 20, 24];

export function WriteSettings() {
  const { t } = useTranslation("mail");
  const config = useQuery(mailConfigQuery).data;
  const save = useSaveSetting();
  const [prefix, setPrefix] = useState("");
  if (!config) return null;
  const write = (values: Partial<MailConfig>) => save.mutate({ setting: "write", values });
  const autoSaveLabel = (s: number) => (s === 0 ? t("config.write.autoSaveOff") : s < 60 ? t("config.write.seconds", { count: s }) : t("config.write.minutes", { count: s / 60 }));
  const prefixes = config.subjectFirsts;
  const addPrefix = () => {
    const p = prefix.trim();
    if (!p || prefixes.includes(p) || prefixes.length >= SUBJECT_FIRSTS_MAX) return;
    write({ subjectFirsts: [...prefixes, p] });
    setPrefix("");
  };

  return (
    <div className="mail-config-form">
      <div className="mail-config-switches">
        <Switch label={t("config.write.popupWrite")} isSelected={config.popupWrite} onChange={(on) => save.mutate({ setting: "popupWrite", values: { popupWrite: on } })} />
      </div>
      <SelectField label={t("config.write.autoSave")} value={String(config.autoSave)}
        options={AUTO_SAVE_CHOICES.map((s) => ({ id: String(s), label: autoSaveLabel(s) }))}
        onChange={(v) => save.mutate({ setting: "autoSave", values: { autoSave: Number(v) } })} />
      <SelectField label={t("config.write.includeMe")} value={String(config.includeMe)}
        options={[0, 1, 2].map((n) => ({ id: String(n), label: t(`config.write.includeMeOption.${n}`) }))}
        onChange={(v) => write({ includeMe: Number(v) as 0 | 1 | 2 })} />
      <SelectField label={t("config.write.fontSize")} value={String(config.initFontSize)}
        options={FONT_SIZES.map((n) => ({ id: String(n), label: `${n}pt` }))}
        onChange={(v) => write({ initFontSize: Number(v) })} />
      <div className="mail-config-switches">
        <Switch label={t("config.write.useSubjectFirst")} description={t("config.write.useSubjectFirstHint")} isSelected={config.useSubjectFirst}
          onChange={(on) => write({ useSubjectFirst: on })} />
      </div>
      {config.useSubjectFirst && (
        <fieldset className="mail-config-prefixes">
          <legend>{t("config.write.prefixes", { max: SUBJECT_FIRSTS_MAX })}</legend>
          <ul>
            {prefixes.map((p) => (
              <li key={p}>
                <span>{p}</span>
                <Button variant="ghost" onPress={() => write({ subjectFirsts: prefixes.filter((x) => x !== p) })} aria-label={t("config.write.removePrefix", { prefix: p })}>
                  {t("config.write.remove")}
                </Button>
              </li>
            ))}
          </ul>
          {prefixes.length < SUBJECT_FIRSTS_MAX && (
            <div className="mail-config-prefix-add">
              <TextField label={t("config.write.newPrefix")} value={prefix} onChange={setPrefix} maxLength={20}
                onKeyDown={(e) => e.key === "Enter" && addPrefix()} />
              <Button variant="secondary" onPress={addPrefix} isDisabled={!prefix.trim()}>{t("config.write.add")}</Button>
            </div>
          )}
        </fieldset>
      )}
    </div>
  );
}
