// Company settings in four tabs: general (branding, plan, security, help, apps menu), modules (on/off),
// menu links (custom links in the side panel) and module settings (mail, drive, board, approval).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Key, Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import type { CompanyInfo, companyUpdateBody } from "@shared/company.ts";
import type { z } from "zod";
import { api } from "../../../lib/api.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { companyQuery } from "../../../app/queries.ts";
import { refreshCompany } from "../api.ts";
import { notifyFailure } from "../feedback.ts";
import { GeneralForm } from "./GeneralForm.tsx";
import { MenusForm } from "./MenusForm.tsx";
import { ModuleConfigs } from "./ModuleConfigs.tsx";
import { ModulesForm } from "./ModulesForm.tsx";

export type CompanyUpdate = z.input<typeof companyUpdateBody>;

/** PUT /api/admin/company with the fields given; the shell's company and user data are refreshed after. */
export function useCompanySave() {
  const { t } = useTranslation("admin");
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CompanyUpdate) => api<CompanyInfo>("/api/admin/company", { method: "PUT", json: body }),
    onSuccess: async (company) => {
      qc.setQueryData(companyQuery.queryKey, company);
      snackbar("SUCCESS", t("company.saved"));
      await refreshCompany(qc);
    },
    onError: notifyFailure,
  });
}

const TABS = ["general", "modules", "menus", "configs"] as const;

export function CompanySection() {
  const { t } = useTranslation("admin");
  const company = useQuery(companyQuery);
  const [tab, setTab] = useState<Key>("general");
  return (
    <>
      <header className="adm-head">
        <div>
          <h2 id="adm-heading">{t("section.company")}</h2>
          <p className="adm-sub">{company.data ? `${company.data.name} · ${company.data.domains.join(", ")}` : "\u00a0"}</p>
        </div>
      </header>
      {!company.data ? (
        <div className="adm-card"><p className="adm-empty">{company.isError ? t("loadFailed") : t("loading")}</p></div>
      ) : (
        <Tabs selectedKey={tab} onSelectionChange={setTab} className="adm-tabs">
          <TabList aria-label={t("company.tabs")} className="adm-tablist">
            {TABS.map((k) => <Tab key={k} id={k} className="adm-tab">{t(`company.tab.${k}`)}</Tab>)}
          </TabList>
          {/* Each form starts from the saved company; a saved change arrives as new data and resets it. */}
          <TabPanel id="general" className="adm-tabpanel"><GeneralForm key={company.dataUpdatedAt} company={company.data} /></TabPanel>
          <TabPanel id="modules" className="adm-tabpanel"><ModulesForm key={company.dataUpdatedAt} company={company.data} /></TabPanel>
          <TabPanel id="menus" className="adm-tabpanel"><MenusForm key={company.dataUpdatedAt} company={company.data} /></TabPanel>
          <TabPanel id="configs" className="adm-tabpanel"><ModuleConfigs /></TabPanel>
        </Tabs>
      )}
    </>
  );
}
