// /leave/setting (HR; 002 §2): the leave policy, the leave types, members' HR data, reports and the accrual,
// and the promotion notices sent — one tab each. Others are told it is HR's.
import { createLazyRoute } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Key, Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { usePageTitle } from "../../../app/title.ts";
import { errorText } from "../../../lib/i18n.ts";
import { useIsHr } from "../format.tsx";
import { HrUsersSection } from "./HrUsersSection.tsx";
import { PolicySection } from "./PolicyForm.tsx";
import { PromotionsSection } from "./PromotionsSection.tsx";
import { ReportsSection } from "./ReportsSection.tsx";
import { TemplatesSection } from "./TemplatesSection.tsx";

export const Route = createLazyRoute("/app/leave/setting")({ component: Settings });

const TABS = ["policy", "templates", "users", "reports", "promotions"] as const;

function Settings() {
  const { t } = useTranslation("leave");
  const hr = useIsHr();
  const [tab, setTab] = useState<Key>("policy");
  usePageTitle(`${t("side.setting")} · ${t("title")}`);
  return (
    <section className="lv-screen" aria-labelledby="lv-title">
      <header className="lv-toolbar">
        <h1 id="lv-title" className="lv-title">{t("side.setting")}</h1>
      </header>
      <div className="lv-body">
        {!hr
          ? <p className="lv-note" role="alert">{errorText("leave.hr_only")}</p>
          : (
            <Tabs selectedKey={tab} onSelectionChange={setTab} className="lv-tabs">
              <TabList aria-label={t("settings.tabs")} className="lv-tablist">
                {TABS.map((k) => <Tab key={k} id={k} className="lv-tab">{t(`settings.tab.${k}`)}</Tab>)}
              </TabList>
              <TabPanel id="policy" className="lv-tabpanel"><PolicySection /></TabPanel>
              <TabPanel id="templates" className="lv-tabpanel"><TemplatesSection /></TabPanel>
              <TabPanel id="users" className="lv-tabpanel"><HrUsersSection /></TabPanel>
              <TabPanel id="reports" className="lv-tabpanel"><ReportsSection /></TabPanel>
              <TabPanel id="promotions" className="lv-tabpanel"><PromotionsSection /></TabPanel>
            </Tabs>
          )}
      </div>
    </section>
  );
}
