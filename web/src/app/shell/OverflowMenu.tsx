// The top bar's overflow menu on narrow screens: what the wide top bar shows as icons — the module's
// settings, help, the apps (a submenu), the side panel switch — and then the user menu's own items (name,
// language, account settings, other accounts, administration, logout). A react-aria menu: arrow keys, Enter,
// Escape and typeahead work as in the other menus.
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Button, Menu, MenuItem, MenuTrigger, Popover, Separator, SubmenuTrigger } from "react-aria-components";
import type { CompanyInfo } from "@shared/company.ts";
import type { UserInfo } from "@shared/users.ts";
import { SvgIcon } from "../../ui/icons.tsx";
import { appsMenuVisible, useAppItems } from "./AppsMenu.tsx";
import { useUserMenu } from "./UserMenu.tsx";
import type { SidePanelState } from "./SidePanel.tsx";

const MORE_ICON = "M12 6.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM12 13.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3zM12 20.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z";

export function OverflowMenu({ me, company, panel, settingsPath }: {
  me: UserInfo;
  company?: CompanyInfo;
  panel: SidePanelState;
  settingsPath?: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUserMenu(me);
  const apps = useAppItems(me);
  const help = company?.customizeUI.ui;
  const onAction = (key: React.Key) => {
    const k = String(key);
    if (k === "top:settings" && settingsPath) void navigate({ to: settingsPath });
    else if (k === "top:panel") panel.setOpen(!panel.open);
    else if (k.startsWith("app:")) void navigate({ to: k.slice(4) });
    else if (!k.startsWith("top:")) user.onAction(k);
  };
  return (
    <MenuTrigger>
      <Button className="icon-button top-bar-more" aria-label={t("common:shell.more")}>
        <SvgIcon d={MORE_ICON} size={20} />
      </Button>
      <Popover className="menu-popover top-bar-more-popover" placement="bottom end">
        <Menu className="menu" onAction={onAction} aria-label={t("common:shell.more")}>
          {settingsPath && <MenuItem id="top:settings" className="menu-item">{t("common:shell.settings")}</MenuItem>}
          {help?.help && help.helpUrl && (
            <MenuItem id="top:help" className="menu-item" href={help.helpUrl} target="_blank" rel="noopener noreferrer">
              {t("common:shell.help")}
            </MenuItem>
          )}
          {company && appsMenuVisible(company) && (
            <SubmenuTrigger>
              <MenuItem id="top:apps" className="menu-item">{t("common:shell.apps")} <span aria-hidden="true">›</span></MenuItem>
              <Popover className="menu-popover" placement="bottom end">
                <Menu className="menu" onAction={onAction} aria-label={t("common:shell.apps")}>
                  {apps.map((a) => <MenuItem key={a.id} id={`app:${a.id}`} className="menu-item">{a.label}</MenuItem>)}
                </Menu>
              </Popover>
            </SubmenuTrigger>
          )}
          {!panel.forced && (
            <MenuItem id="top:panel" className="menu-item">{t("common:shell.togglePanel")}</MenuItem>
          )}
          <Separator className="menu-separator" />
          {user.items}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
