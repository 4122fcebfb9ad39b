// Custom menu links shown in the side panel: name and address, at most 20.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Form } from "react-aria-components";
import type { CompanyInfo, CustomMenu } from "@shared/company.ts";
import { Button } from "../../../ui/Button.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { submitIf } from "../feedback.ts";
import { AdminIcon } from "../icons.tsx";
import { useCompanySave } from "./CompanySection.tsx";
import { isWebUrl } from "./GeneralForm.tsx";

export const CUSTOM_MENU_MAX = 20;
export const CUSTOM_MENU_NAME_MAX = 40;

interface Draft extends CustomMenu {
  key: number;
}
let nextKey = 1;

export function MenusForm({ company }: { company: CompanyInfo }) {
  const { t } = useTranslation("admin");
  const save = useCompanySave();
  const [menus, setMenus] = useState<Draft[]>(() => company.customizeUI.customMenuList.map((m) => ({ ...m, key: nextKey++ })));
  const [tried, setTried] = useState(false);
  const nameError = (m: Draft) => (m.name.trim() ? undefined : t("company.menus.nameRequired"));
  const urlError = (m: Draft) => (isWebUrl(m.url.trim()) ? undefined : t("company.error.url"));
  const update = (key: number, patch: Partial<CustomMenu>) => setMenus(menus.map((m) => (m.key === key ? { ...m, ...patch } : m)));

  function add() {
    setMenus([...menus, { key: nextKey++, name: "", url: "" }]);
    // Focus the new row's name once it is rendered.
    requestAnimationFrame(() => document.querySelector<HTMLInputElement>(".adm-menu-row:last-child input")?.focus());
  }

  function check() {
    setTried(true);
    return !menus.some((m) => nameError(m) || urlError(m));
  }

  function submit() {
    const customMenuList = menus.map(({ name, url, icon }) => ({ name: name.trim(), url: url.trim(), ...(icon ? { icon } : {}) }));
    save.mutate({ customizeUI: { ...company.customizeUI, customMenuList } });
  }

  return (
    <Form className="adm-form" onSubmit={submitIf(check, submit)} validationBehavior="aria">
      <div className="adm-card">
        <div className="adm-card-head">
          <div>
            <h3 className="adm-card-title">{t("company.menus.title")}</h3>
            <p className="adm-muted">{t("company.menus.help")}</p>
          </div>
          <span className="adm-muted" aria-live="polite">{t("company.menus.count", { count: menus.length, max: CUSTOM_MENU_MAX })}</span>
        </div>
        {menus.length === 0 && <p className="adm-empty">{t("company.menus.empty")}</p>}
        <ol className="adm-menu-list">
          {menus.map((m, i) => (
            <li key={m.key} className="adm-menu-row">
              <span className="adm-menu-index" aria-hidden="true">{i + 1}</span>
              <TextField label={t("company.menus.name")} value={m.name} onChange={(name) => update(m.key, { name })}
                maxLength={CUSTOM_MENU_NAME_MAX} isRequired errorMessage={tried ? nameError(m) : undefined} />
              <TextField label={t("company.menus.url")} value={m.url} onChange={(url) => update(m.key, { url })} type="url"
                isRequired placeholder="https://" errorMessage={tried ? urlError(m) : undefined} />
              <AriaButton className="icon-button adm-menu-remove" onPress={() => setMenus(menus.filter((x) => x.key !== m.key))}
                aria-label={t("company.menus.remove", { name: m.name || i + 1 })}>
                <AdminIcon name="trash" size={18} />
              </AriaButton>
            </li>
          ))}
        </ol>
        <div>
          <Button variant="secondary" onPress={add} isDisabled={menus.length >= CUSTOM_MENU_MAX}>
            <AdminIcon name="plus" size={18} />
            {t("company.menus.add")}
          </Button>
          {menus.length >= CUSTOM_MENU_MAX && <p className="adm-muted adm-note">{t("company.menus.full", { max: CUSTOM_MENU_MAX })}</p>}
        </div>
      </div>
      <div className="adm-savebar">
        <Button type="submit" isDisabled={save.isPending}>{save.isPending ? t("action.saving") : t("action.save")}</Button>
      </div>
    </Form>
  );
}
