// Mail settings, tab 'list' (000 §3 "Mail config" list group): the first-screen folder, page size, split view
// with the first mail shown, group view, tabs, reading in a popup, folders expanded. Each change is saved at once.
// On small screens split view, tabs and popup reading are forced off (open.ts): shown disabled, with a hint.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { SelectField } from "../../../ui/SelectField.tsx";
import { Switch } from "../../../ui/Switch.tsx";
import { flattenFolders, foldersQuery, mailConfigQuery } from "../queries.ts";
import { useSmallScreen } from "../open.ts";
import { useSaveSetting } from "./useSaveSetting.ts";
import { PageSizeField, type PutSetting, ViewSwitches } from "./ViewFields.tsx";

/** Folders a list can start in: the system mailboxes, the virtual ones and the user's own folders. */
const STARTABLE = ["INBOX", "TOME", "SENT", "DRAFTS", "ALL", "IMPORTANT", "UNREAD", "ATTACH", "PRIVATE"];

export function ListSettings() {
  const { t } = useTranslation("mail");
  const config = useQuery(mailConfigQuery).data;
  const folders = useQuery(foldersQuery).data ?? [];
  const save = useSaveSetting();
  const small = useSmallScreen();
  if (!config) return null;
  const put: PutSetting = (setting, values) => save.mutate({ setting, values });

  const options = [
    { id: "", label: t("config.list.inbox") },
    ...flattenFolders(folders).filter((f) => STARTABLE.includes(f.folderType)).map((f) => ({
      id: String(f.id),
      label: f.folderType === "PRIVATE" ? f.nameFolder : t(`config.folderType.${f.folderType}`),
    })),
  ];
  return (
    <div className="mail-config-form">
      <SelectField label={t("config.list.firstScreen")} options={options} value={config.firstScreenFolderId === null ? "" : String(config.firstScreenFolderId)}
        onChange={(v) => put("firstScreen", { firstScreenFolderId: v === "" ? null : /^-?\d+$/.test(v) ? Number(v) : v })} />
      <PageSizeField config={config} put={put} />
      <div className="mail-config-switches">
        {small && <p className="mail-config-hint">{t("config.list.smallScreenHint")}</p>}
        <ViewSwitches config={config} put={put} forcedOff={small} />
        <Switch label={t("config.list.popupRead")} description={t("config.list.popupReadHint")} isSelected={config.popupRead}
          isDisabled={small} onChange={(on) => put("popupRead", { popupRead: on })} />
        <Switch label={t("config.list.folderExpand")} isSelected={config.folderExpand}
          onChange={(on) => put("list", { folderExpand: on })} />
      </div>
    </div>
  );
}
