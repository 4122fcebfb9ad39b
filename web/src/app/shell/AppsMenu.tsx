// The apps menu: every module the user may open. Hidden on BASIC, and on CUSTOM unless the app-folder flag is 1.
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Button, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import type { CompanyInfo } from "@shared/company.ts";
import type { UserInfo } from "@shared/users.ts";
import { Icon } from "../../ui/icons.tsx";
import { ACCOUNT_HOME, ISLANDS } from "../modules.ts";

export function appsMenuVisible(company: Pick<CompanyInfo, "planType" | "customizeUI">): boolean {
  if (company.planType === "BASIC") return false;
  if (company.planType === "CUSTOM") return company.customizeUI.flagAppFolder === 1;
  return true;
}

/** The modules the user may open and account settings: the menu's items (id = the path to open). */
export function useAppItems(me: UserInfo): { id: string; label: string }[] {
  const { t } = useTranslation();
  return [
    ...ISLANDS.filter((i) => me.usedModules.includes(i.module)).map((i) => ({ id: i.path, label: t(`common:module.${i.labelKey}`) })),
    { id: ACCOUNT_HOME, label: t("common:shell.accountSettings") },
  ];
}

export function AppsMenu({ me }: { me: UserInfo }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items = useAppItems(me);
  return (
    <MenuTrigger>
      <Button className="icon-button" aria-label={t("common:shell.apps")}>
        <Icon name="apps" />
      </Button>
      <Popover className="menu-popover" placement="bottom end">
        <Menu className="menu apps-menu" items={items} onAction={(key) => navigate({ to: String(key) })}>
          {(item) => <MenuItem className="menu-item" id={item.id}>{item.label}</MenuItem>}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
