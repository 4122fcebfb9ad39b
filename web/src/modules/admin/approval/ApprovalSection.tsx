// /admin/approval: electronic approval's administration: forms (list and the designer), form boxes, document
// managers and the basic config. The designer replaces the tabs while a form is open.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Key, Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import type { AdminForm } from "@shared/approval/forms.ts";
import { BasicConfigForm } from "./BasicConfigForm.tsx";
import { FormBoxes } from "./FormBoxes.tsx";
import { FormDesigner } from "./FormDesigner.tsx";
import { FormsList } from "./FormsList.tsx";
import { Managers } from "./Managers.tsx";
import "./approval-admin.css";

const TABS = ["forms", "boxes", "managers", "basic"] as const;

export function ApprovalSection() {
  const { t } = useTranslation("admin");
  const [tab, setTab] = useState<Key>("forms");
  const [designing, setDesigning] = useState<AdminForm | "new" | null>(null);

  if (designing) {
    return <FormDesigner form={designing === "new" ? null : designing} onDone={() => setDesigning(null)} />;
  }
  return (
    <>
      <header className="adm-head">
        <div>
          <h2 id="adm-heading">{t("approval.section")}</h2>
          <p className="adm-sub">{t("approval.sub")}</p>
        </div>
      </header>
      <Tabs selectedKey={tab} onSelectionChange={setTab} className="adm-tabs">
        <TabList aria-label={t("approval.tabs")} className="adm-tablist">
          {TABS.map((k) => <Tab key={k} id={k} className="adm-tab">{t(`approval.tab.${k}`)}</Tab>)}
        </TabList>
        <TabPanel id="forms" className="adm-tabpanel"><FormsList onDesign={setDesigning} /></TabPanel>
        <TabPanel id="boxes" className="adm-tabpanel"><FormBoxes /></TabPanel>
        <TabPanel id="managers" className="adm-tabpanel"><Managers /></TabPanel>
        <TabPanel id="basic" className="adm-tabpanel"><BasicConfigForm /></TabPanel>
      </Tabs>
    </>
  );
}
