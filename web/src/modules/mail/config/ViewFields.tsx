// The list-view settings that both the settings screen's 'list' tab and the config drawer offer: page size,
// and split view (with the first mail shown), group view and tabs. One place, so the two never drift apart
// (the split-view rule: switching it off also switches "show the first mail" off).
import { useTranslation } from "react-i18next";
import { type ConfigSetting, type MailConfig, PAGE_SIZE_CHOICES } from "@shared/mail/config.ts";
import { SelectField } from "../../../ui/SelectField.tsx";
import { Switch } from "../../../ui/Switch.tsx";

/** Saves one setting (useSaveSetting's mutate with its arguments spelled out). */
export type PutSetting = (setting: ConfigSetting, values: Partial<MailConfig>) => void;

export function PageSizeField({ config, put }: { config: MailConfig; put: PutSetting }) {
  const { t } = useTranslation("mail");
  return (
    <SelectField label={t("config.list.pageSize")} value={String(config.pageSize)}
      options={PAGE_SIZE_CHOICES.map((n) => ({ id: String(n), label: t("config.list.perPage", { count: n }) }))}
      onChange={(v) => put("pageSize", { pageSize: Number(v) })} />
  );
}

export function ViewSwitches({ config, put, forcedOff = false }: { config: MailConfig; put: PutSetting; forcedOff?: boolean }) {
  const { t } = useTranslation("mail");
  return (
    <>
      <Switch label={t("config.list.splitView")} description={t("config.list.splitViewHint")} isSelected={config.splitView} isDisabled={forcedOff}
        onChange={(on) => put("splitView", { splitView: on, showFirstMail: on && config.showFirstMail })} />
      <Switch label={t("config.list.showFirstMail")} isSelected={config.showFirstMail} isDisabled={!config.splitView || forcedOff}
        onChange={(on) => put("splitView", { splitView: config.splitView, showFirstMail: on })} />
      <Switch label={t("config.list.groupView")} description={t("config.list.groupViewHint")} isSelected={config.groupView}
        onChange={(on) => put("groupView", { groupView: on })} />
      <Switch label={t("config.list.useTab")} description={t("config.list.useTabHint")} isSelected={config.useTab} isDisabled={forcedOff}
        onChange={(on) => put("useTab", { useTab: on })} />
    </>
  );
}
