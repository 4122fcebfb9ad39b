// The top bar: module name or company logo, a search slot a module can fill, the module's settings icon,
// help (when the company UI enables it), the apps menu and the user menu.
import { Link, useMatches } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import type { CompanyInfo } from "@shared/company.ts";
import type { UserInfo } from "@shared/users.ts";
import { Icon } from "../../ui/icons.tsx";
import { AnnouncementsButton } from "../announcements/AnnouncementsButton.tsx";
import { AppsMenu, appsMenuVisible } from "./AppsMenu.tsx";
import { UserMenu } from "./UserMenu.tsx";
import type { SidePanelState } from "./SidePanel.tsx";

export const TOP_BAR_SEARCH_ID = "top-bar-search";

export function TopBar({ me, company, panel }: { me: UserInfo; company?: CompanyInfo; panel: SidePanelState }) {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = [...matches].reverse().map((m) => m.staticData?.titleKey).find(Boolean);
  const settingsPath = [...matches].reverse().map((m) => m.staticData?.settingsPath).find(Boolean);
  const help = company?.customizeUI.ui;
  return (
    <header className="top-bar">
      <div className="top-bar-brand">
        {company?.logo ? <img src={company.logo} alt={company.name} className="top-bar-logo" /> : <span className="brand-mark" aria-hidden="true" />}
        <h1 className="top-bar-title">{titleKey ? t(titleKey) : company?.name}</h1>
      </div>
      <div id={TOP_BAR_SEARCH_ID} className="top-bar-search" />
      <div className="top-bar-actions">
        {settingsPath && (
          <Link to={settingsPath} className="icon-button" aria-label={t("common:shell.settings")}>
            <Icon name="settings" />
          </Link>
        )}
        {help?.help && help.helpUrl && (
          <a href={help.helpUrl} target="_blank" rel="noopener noreferrer" className="icon-button" aria-label={t("common:shell.help")}>
            <Icon name="help" />
          </a>
        )}
        <AnnouncementsButton me={me} />
        {company && appsMenuVisible(company) && <AppsMenu me={me} />}
        {!panel.forced && (
          <Button className="icon-button" onPress={() => panel.setOpen(!panel.open)} aria-label={t("common:shell.togglePanel")} aria-pressed={panel.open}>
            <Icon name="panel" />
          </Button>
        )}
        <UserMenu me={me} />
      </div>
    </header>
  );
}

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** i18n key of the module name shown in the top bar. */
    titleKey?: string;
    /** Route of the module's settings (mail, contact, board, approval). */
    settingsPath?: string;
  }
}
