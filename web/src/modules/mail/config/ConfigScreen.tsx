// /mail/config/{folderId}/{page}/{tabId}: mail settings (000 §2, default tab 'list'). The tab lives in the URL;
// an unknown tab shows 'list'. "Back to the list" returns to the folder and page the settings were opened from.
// Ten tabs do not fit one strip in Korean, so they stand in a column beside the open one (vertical tabs:
// arrow keys up and down move between them).
import { Link, useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { type FolderRef, mailPaths } from "../route-params.ts";
import { ListSettings } from "./ListSettings.tsx";
import { WriteSettings } from "./WriteSettings.tsx";
import { SignatureSettings } from "./signatures/SignatureSettings.tsx";
import { SmartSettings } from "./spam/SmartSettings.tsx";
import { SpamSettings } from "./spam/SpamSettings.tsx";
import { RuleSettings } from "./rules/RuleSettings.tsx";
import { ForwardSettings } from "./forward/ForwardSettings.tsx";
import { AwaySettings } from "./away/AwaySettings.tsx";
import { ExternalSettings } from "./external/ExternalSettings.tsx";
import { ClientSettings } from "./clients/ClientSettings.tsx";
import "./config.css";

export const CONFIG_TABS = ["list", "write", "sign", "rule", "forward", "away", "spam", "smart", "external", "client"] as const;
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
      <Tabs orientation="vertical" className="mail-config-body" selectedKey={tab} onSelectionChange={(k) => void navigate({ ...mailPaths.config(folderId, page, String(k)), replace: true })}>
        <TabList aria-label={t("config.title")} className="mail-config-tabs">
          {CONFIG_TABS.map((k) => <Tab key={k} id={k} className="mail-config-tab">{t(`config.tab.${k}`)}</Tab>)}
        </TabList>
        <TabPanel id="list" className="mail-config-panel"><ListSettings /></TabPanel>
        <TabPanel id="write" className="mail-config-panel"><WriteSettings /></TabPanel>
        <TabPanel id="sign" className="mail-config-panel"><SignatureSettings /></TabPanel>
        <TabPanel id="spam" className="mail-config-panel"><SpamSettings /></TabPanel>
        <TabPanel id="smart" className="mail-config-panel"><SmartSettings /></TabPanel>
        <TabPanel id="rule" className="mail-config-panel"><RuleSettings /></TabPanel>
        <TabPanel id="forward" className="mail-config-panel"><ForwardSettings /></TabPanel>
        <TabPanel id="away" className="mail-config-panel"><AwaySettings /></TabPanel>
        <TabPanel id="external" className="mail-config-panel"><ExternalSettings /></TabPanel>
        <TabPanel id="client" className="mail-config-panel"><ClientSettings /></TabPanel>
      </Tabs>
    </div>
  );
}
