// /mail/config/{folderId}/{page}/{tabId}: mail settings (000 §2, default tab 'list'). The tab lives in the URL;
// an unknown tab shows 'list'. "Back to the list" returns to the folder and page the settings were opened from.
// The other tabs of mail settings (signatures, rules, forwarding, away reply, external accounts, spam) come with
// the mail-settings work and are not offered until then.
import { Link, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { type FolderRef, mailPaths } from "../route-params.ts";
import { ListSettings } from "./ListSettings.tsx";
import { WriteSettings } from "./WriteSettings.tsx";
import "./config.css";

export const CONFIG_TABS = ["list", "write"] as const;
export type ConfigTab = (typeof CONFIG_TABS)[number];

export function ConfigScreen({ folderId, page, tabId }: { folderId: FolderRef; page: number; tabId: string }) {
  const { t } = useTranslation("mail");
  const navigate = useNavigate();
  const tab: ConfigTab = (CONFIG_TABS as readonly string[]).includes(tabId) ? tabId as ConfigTab : "list";
  return (
    <div className="mail-config">
      <header className="mail-config-head">
        <h2>{t("config.title")}</h2>
        <Link {...mailPaths.list(folderId, page)} className="mail-config-back">{t("config.back")}</Link>
      </header>
      <Tabs selectedKey={tab} onSelectionChange={(k) => void navigate({ ...mailPaths.config(folderId, page, String(k)), replace: true })}>
        <TabList aria-label={t("config.title")} className="mail-config-tabs">
          {CONFIG_TABS.map((k) => <Tab key={k} id={k} className="mail-config-tab">{t(`config.tab.${k}`)}</Tab>)}
        </TabList>
        <TabPanel id="list" className="mail-config-panel"><ListSettings /></TabPanel>
        <TabPanel id="write" className="mail-config-panel"><WriteSettings /></TabPanel>
      </Tabs>
    </div>
  );
}
