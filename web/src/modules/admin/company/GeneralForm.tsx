// General company settings: name, plan, page title, footer, logo, two-factor requirement, help link and the
// apps menu flag.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { type CompanyInfo, PLANS, type Plan } from "@shared/company.ts";
import { Button } from "../../../ui/Button.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { userDetailQuery } from "../../../app/queries.ts";
import { SelectField, Switch, TextAreaField } from "../controls.tsx";
import { submitIf } from "../feedback.ts";
import { useCompanySave } from "./CompanySection.tsx";

export function isWebUrl(v: string): boolean {
  try {
    return ["http:", "https:"].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}

export function GeneralForm({ company }: { company: CompanyInfo }) {
  const { t } = useTranslation("admin");
  const save = useCompanySave();
  const me = useQuery(userDetailQuery).data;
  const ui = company.customizeUI;
  const [v, setV] = useState({
    name: company.name, planType: company.planType, pageTitle: company.pageTitle ?? "", footer: company.footer ?? "",
    logo: company.logo ?? "", mfa: company.security.mfa, help: ui.ui.help, helpUrl: ui.ui.helpUrl ?? "",
    appFolder: ui.flagAppFolder === 1,
  });
  const [tried, setTried] = useState(false);
  const set = <K extends keyof typeof v>(k: K) => (value: (typeof v)[K]) => setV({ ...v, [k]: value });
  const errors = {
    name: v.name.trim() ? undefined : t("company.error.nameRequired"),
    logo: !v.logo.trim() || isWebUrl(v.logo.trim()) || v.logo.trim().startsWith("/") ? undefined : t("company.error.url"),
    helpUrl: v.help && !isWebUrl(v.helpUrl.trim()) ? t("company.error.helpUrl") : undefined,
  };
  const shown = (k: keyof typeof errors) => (tried ? errors[k] : undefined);

  function check() {
    setTried(true);
    return !Object.values(errors).some(Boolean);
  }

  async function submit() {
    // Turning two-factor on asks everyone without it (perhaps this administrator too) to set it up at once.
    if (v.mfa && !company.security.mfa) {
      const selfToo = me && !me.twoFactorAuth && !me.bypassTwoFactor;
      const ok = await confirm({
        title: t("company.mfaConfirm.title"),
        message: selfToo ? `${t("company.mfaConfirm.message")} ${t("company.mfaConfirm.self")}` : t("company.mfaConfirm.message"),
        confirmLabel: t("company.mfaConfirm.ok"),
      });
      if (!ok) return;
    }
    save.mutate({
      name: v.name.trim(), planType: v.planType, pageTitle: v.pageTitle.trim() || null, footer: v.footer.trim() || null,
      logo: v.logo.trim() || null, securityMfa: v.mfa,
      customizeUI: { ...ui, flagAppFolder: v.appFolder ? 1 : 0, ui: { help: v.help, helpUrl: isWebUrl(v.helpUrl.trim()) ? v.helpUrl.trim() : null } },
    });
  }

  return (
    <Form className="adm-form" onSubmit={submitIf(check, () => void submit())} validationBehavior="aria">
      <div className="adm-card">
        <h3 className="adm-card-title">{t("company.general.identity")}</h3>
        <div className="adm-grid">
          <TextField label={t("company.field.name")} value={v.name} onChange={set("name")} isRequired maxLength={100} errorMessage={shown("name")} />
          <SelectField label={t("company.field.plan")} value={v.planType} onChange={(p) => set("planType")(p as Plan)}
            description={t("company.field.planHelp")} options={PLANS.map((p) => ({ id: p, label: t(`company.plan.${p}`) }))} />
          <TextField label={t("company.field.pageTitle")} value={v.pageTitle} onChange={set("pageTitle")} maxLength={100}
            description={t("company.field.pageTitleHelp")} />
          <div className="adm-logo-field">
            <TextField label={t("company.field.logo")} value={v.logo} onChange={set("logo")} maxLength={2000} type="url"
              description={t("company.field.logoHelp")} errorMessage={shown("logo")} placeholder="https://" />
            {v.logo.trim() && !errors.logo && <img src={v.logo.trim()} alt={t("company.field.logoPreview")} className="adm-logo-preview" />}
          </div>
        </div>
        <TextAreaField label={t("company.field.footer")} value={v.footer} onChange={set("footer")} maxLength={2000}
          description={t("company.field.footerHelp")} />
      </div>
      <div className="adm-card">
        <h3 className="adm-card-title">{t("company.general.security")}</h3>
        <Switch label={t("company.field.mfa")} description={t("company.field.mfaHelp")} isSelected={v.mfa} onChange={set("mfa")} />
      </div>
      <div className="adm-card">
        <h3 className="adm-card-title">{t("company.general.navigation")}</h3>
        <Switch label={t("company.field.appFolder")} description={t("company.field.appFolderHelp")} isSelected={v.appFolder}
          onChange={set("appFolder")} />
        <Switch label={t("company.field.help")} description={t("company.field.helpHelp")} isSelected={v.help} onChange={set("help")} />
        {v.help && (
          <TextField label={t("company.field.helpUrl")} value={v.helpUrl} onChange={set("helpUrl")} type="url" isRequired
            errorMessage={shown("helpUrl")} placeholder="https://" />
        )}
      </div>
      <div className="adm-savebar">
        <Button type="submit" isDisabled={save.isPending}>{save.isPending ? t("action.saving") : t("action.save")}</Button>
      </div>
    </Form>
  );
}
