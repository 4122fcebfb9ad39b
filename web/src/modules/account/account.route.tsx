// /account/{tabType} (000 §2): account settings with the tabs info, security, account_history, account and
// service, and notifications (issue 32: which kinds also go by mail). The tab lives in the URL: choosing one navigates to /account/<tab>; the router sends unknown tabs
// to info. goQuota (info tab) scrolls to the quota section and focuses it.
import { createLazyRoute, useNavigate } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { ACCOUNT_TABS, type AccountTab } from "../../app/router.tsx";
import { userDetailQuery } from "../../app/queries.ts";
import { usePageTitle } from "../../app/title.ts";
import { snackbar } from "../../app/feedback/snackbar.tsx";
import { InfoTab } from "./InfoTab.tsx";
import { SecurityTab } from "./SecurityTab.tsx";
import { AccessHistoryTab } from "./AccessHistoryTab.tsx";
import { SharingTab } from "./SharingTab.tsx";
import { ServiceTab } from "./ServiceTab.tsx";
import { NotificationsTab } from "./NotificationsTab.tsx";
import { takeFlash } from "./flash.ts";
import "./account.css";

export const Route = createLazyRoute("/app/account/$tabType")({ component: AccountPage });

function AccountPage() {
  const { t } = useTranslation("account");
  usePageTitle(t("title"));
  const { tabType } = Route.useParams();
  const { goQuota } = Route.useSearch() as { goQuota?: boolean };
  const navigate = useNavigate();
  const me = useQuery(userDetailQuery).data;
  const tab: AccountTab = (ACCOUNT_TABS as readonly string[]).includes(tabType) ? (tabType as AccountTab) : "info";

  // A message saved before a reload (profile saved with a new language) is shown once the page is back.
  useEffect(() => {
    const flash = takeFlash();
    if (flash) snackbar(flash.type, flash.text);
  }, []);

  if (!me) return null;
  return (
    <div className="acc-page">
      <header className="acc-page-head">
        <h2>{t("title")}</h2>
        <p className="acc-muted">{me.accountName} · {me.username}</p>
      </header>
      <Tabs
        selectedKey={tab}
        onSelectionChange={(key) => void navigate({ to: "/account/$tabType", params: { tabType: String(key) } })}
        className="acc-tabs"
      >
        <TabList aria-label={t("title")} className="acc-tablist">
          {ACCOUNT_TABS.map((k) => <Tab key={k} id={k} className="acc-tab">{t(`tabs.${k}`)}</Tab>)}
        </TabList>
        <TabPanel id="info" className="acc-panel"><InfoTab me={me} goQuota={!!goQuota} /></TabPanel>
        <TabPanel id="security" className="acc-panel"><SecurityTab me={me} /></TabPanel>
        <TabPanel id="account_history" className="acc-panel"><AccessHistoryTab /></TabPanel>
        <TabPanel id="account" className="acc-panel"><SharingTab me={me} /></TabPanel>
        <TabPanel id="service" className="acc-panel"><ServiceTab me={me} /></TabPanel>
        <TabPanel id="notifications" className="acc-panel"><NotificationsTab me={me} /></TabPanel>
      </Tabs>
    </div>
  );
}
