// Which modules the company uses. Mail and the organisation chart are always on; the plan may still limit
// what users see. Only modules this installation has are offered (the islands of app/modules.ts and the
// messenger, a window of the top bar, with its team chat); the flags of the others keep their values. The mail
// history (useMailHistory) has no screen of its own: the contact card's mail list is not switched by it.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { type CompanyInfo, MODULE_FLAGS, type ModuleFlag } from "@shared/company.ts";
import type { ModuleType } from "@shared/users.ts";
import { isInstalled } from "../../../app/modules.ts";
import { Button } from "../../../ui/Button.tsx";
import { Switch } from "../controls.tsx";
import { useCompanySave } from "./CompanySection.tsx";

export const FLAGS = [...Object.keys(MODULE_FLAGS), "useTeamChat"] as ModuleFlag[];

/** The module a flag switches (the team chat is the messenger's). */
const moduleOf = (flag: ModuleFlag): ModuleType => (flag === "useTeamChat" ? "messenger" : MODULE_FLAGS[flag]);

/** Modules without a page of their own that this installation still has: the messenger's window. */
const WINDOWS: ModuleType[] = ["messenger"];
const offered = (flag: ModuleFlag) => isInstalled(moduleOf(flag)) || WINDOWS.includes(moduleOf(flag));

/** The module name shown for a flag: the shell's module names, and the team chat from this namespace. */
export function flagLabelKey(flag: ModuleFlag): string {
  return flag === "useTeamChat" ? "admin:company.teamChat" : `common:module.${MODULE_FLAGS[flag]}`;
}

export function ModulesForm({ company }: { company: CompanyInfo }) {
  const { t } = useTranslation("admin");
  const save = useCompanySave();
  const [flags, setFlags] = useState<Record<ModuleFlag, boolean>>(() => Object.fromEntries(FLAGS.map((f) => [f, !!company[f]])) as Record<ModuleFlag, boolean>);
  const shown = FLAGS.filter(offered);
  const on = shown.filter((f) => flags[f]).length;

  return (
    <Form className="adm-form" onSubmit={(e) => (e.preventDefault(), save.mutate(flags))}>
      <div className="adm-card">
        <div className="adm-card-head">
          <div>
            <h3 className="adm-card-title">{t("company.modules.title")}</h3>
            {shown.length > 0 && <p className="adm-muted">{t("company.modules.help")}</p>}
          </div>
          {shown.length > 0 && <span className="adm-muted" aria-live="polite">{t("company.modules.onCount", { on, total: shown.length })}</span>}
        </div>
        {shown.length > 0 && (
          <div className="adm-module-grid" role="group" aria-label={t("company.modules.title")}>
            {shown.map((f) => (
              <Switch key={f} label={t(flagLabelKey(f))} description={t(`company.moduleHelp.${f}`)} isSelected={flags[f]}
                onChange={(v) => setFlags({ ...flags, [f]: v })} />
            ))}
          </div>
        )}
        <p className="adm-muted adm-note">{t(shown.length ? "company.modules.alwaysOn" : "company.modules.noneOptional")}</p>
      </div>
      {shown.length > 0 && (
        <div className="adm-savebar">
          <Button type="submit" isDisabled={save.isPending}>{save.isPending ? t("action.saving") : t("action.save")}</Button>
        </div>
      )}
    </Form>
  );
}
