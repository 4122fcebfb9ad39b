// The top bar: module name or company logo, a search slot a module can fill, the module's settings icon,
// help (when the company UI enables it), the apps menu and the user menu. On narrow screens (phones) it keeps
// one row: a lead slot a module can fill (mail's folder button), the name, a search icon that unfolds the
// module's search as a full-width row below (the same search, so its field choice and history stay), the
// announcements and an overflow menu holding the rest. The bell (issue 32) sits beside the announcements; where no
// module fills the search slot, the search across modules stands in its place (on phones: an icon to /search).
import { Link, useMatches, useRouterState } from "@tanstack/react-router";
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import type { CompanyInfo } from "@shared/company.ts";
import { assistantAvailable } from "@shared/assistant/constants.ts";
import type { UserInfo } from "@shared/users.ts";
import { Icon, SvgIcon } from "../../ui/icons.tsx";
import { AnnouncementsButton } from "../announcements/AnnouncementsButton.tsx";
import { Bell } from "../notifications/Bell.tsx";
import { GlobalSearchField } from "../search/GlobalSearchField.tsx";
import { AppsMenu, appsMenuVisible } from "./AppsMenu.tsx";
import { UserMenu } from "./UserMenu.tsx";
import { OverflowMenu } from "./OverflowMenu.tsx";
import { useNarrowScreen } from "../../ui/narrow.ts";
import type { SidePanelState } from "./SidePanel.tsx";

export const TOP_BAR_SEARCH_ID = "top-bar-search";
export const TOP_BAR_LEAD_ID = "top-bar-lead";
/** The AI assistant (issue 31): its button and dialog load on their own, only for companies the plan rule allows. */
const AssistantButton = lazy(() => import("../../modules/assistant/AssistantButton.tsx"));
// The messenger's launcher and window (issue 31): its own chunk, loaded when the company has the messenger.
const Messenger = lazy(() => import("../../modules/messenger/Messenger.tsx"));
const SEARCH_ICON = "M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16zM21 21l-4.35-4.35";

/** Whether a module has put something into the search slot (mail's search): only then the search icon shows. */
function useSlotFilled(id: string): boolean {
  const [filled, setFilled] = useState(false);
  useEffect(() => {
    const el = document.getElementById(id);
    if (!el) return;
    const check = () => setFilled(el.childElementCount > 0);
    check();
    const mo = new MutationObserver(check);
    mo.observe(el, { childList: true });
    return () => mo.disconnect();
  }, [id]);
  return filled;
}

export function TopBar({ me, company, panel }: { me: UserInfo; company?: CompanyInfo; panel: SidePanelState }) {
  const { t } = useTranslation();
  const matches = useMatches();
  const titleKey = [...matches].reverse().map((m) => m.staticData?.titleKey).find(Boolean);
  const settingsPath = [...matches].reverse().map((m) => m.staticData?.settingsPath).find(Boolean);
  const help = company?.customizeUI.ui;
  const narrow = useNarrowScreen();
  const hasSearch = useSlotFilled(TOP_BAR_SEARCH_ID);
  const [searchOpen, setSearchOpen] = useState(false);
  const searchToggle = useRef<HTMLButtonElement>(null);
  const searchRow = narrow && hasSearch && searchOpen;
  // Where the module put no search of its own, the search across modules (issue 32); its results page has its own.
  const onSearchPage = useRouterState({ select: (st) => st.location.pathname === "/search" });
  const ownSearch = matches.some((m) => m.staticData?.ownSearch);
  const globalSearch = !hasSearch && !ownSearch && !onSearchPage;
  // First in the actions of both layouts, so a change of width keeps it (and its open window) mounted.
  const messenger = company && (company.useMessenger || company.useTeamChat) && <Suspense fallback={null}><Messenger me={me} /></Suspense>;

  // The unfolded search takes focus (which shows the recent searches); Escape there folds it again.
  useEffect(() => {
    if (!searchRow) return;
    const slot = document.getElementById(TOP_BAR_SEARCH_ID);
    slot?.querySelector<HTMLInputElement>("input")?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape" || e.defaultPrevented || !(e.target instanceof HTMLInputElement)) return;
      setSearchOpen(false);
      searchToggle.current?.focus();
    };
    slot?.addEventListener("keydown", onKey);
    return () => slot?.removeEventListener("keydown", onKey);
  }, [searchRow]);

  return (
    <header className="top-bar" data-narrow={narrow || undefined} data-search-open={searchRow || undefined}>
      <div id={TOP_BAR_LEAD_ID} className="top-bar-lead" />
      <div className="top-bar-brand">
        {company?.logo ? <img src={company.logo} alt={company.name} className="top-bar-logo" /> : <span className="brand-mark" aria-hidden="true" />}
        <h1 className="top-bar-title">{titleKey ? t(titleKey) : company?.name}</h1>
      </div>
      <div id={TOP_BAR_SEARCH_ID} className="top-bar-search" />
      {globalSearch && !narrow && <div className="top-bar-search top-bar-global-search"><Suspense fallback={null}><GlobalSearchField /></Suspense></div>}
      {narrow
        ? (
          <div className="top-bar-actions">
            {messenger}
            {globalSearch && (
              <Link to="/search" className="icon-button" aria-label={t("common:shell.search")}>
                <SvgIcon d={SEARCH_ICON} size={20} />
              </Link>
            )}
            {hasSearch && (
              <Button ref={searchToggle} className="icon-button" aria-label={t("common:shell.search")} aria-expanded={searchRow}
                aria-controls={TOP_BAR_SEARCH_ID} onPress={() => setSearchOpen(!searchOpen)}>
                <SvgIcon d={SEARCH_ICON} size={20} />
              </Button>
            )}
            {company && assistantAvailable(company) && <Suspense fallback={null}><AssistantButton /></Suspense>}
            <Suspense fallback={null}><Bell me={me} /></Suspense>
            <AnnouncementsButton me={me} />
            <OverflowMenu me={me} company={company} panel={panel} settingsPath={settingsPath} />
          </div>
        )
        : (
          <div className="top-bar-actions">
            {messenger}
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
            {company && assistantAvailable(company) && <Suspense fallback={null}><AssistantButton /></Suspense>}
            <Suspense fallback={null}><Bell me={me} /></Suspense>
            <AnnouncementsButton me={me} />
            {company && appsMenuVisible(company) && <AppsMenu me={me} />}
            {!panel.forced && (
              <Button className="icon-button" onPress={() => panel.setOpen(!panel.open)} aria-label={t("common:shell.togglePanel")} aria-pressed={panel.open}>
                <Icon name="panel" />
              </Button>
            )}
            <UserMenu me={me} />
          </div>
        )}
    </header>
  );
}

declare module "@tanstack/react-router" {
  interface StaticDataRouteOption {
    /** i18n key of the module name shown in the top bar. */
    titleKey?: string;
    /** Route of the module's settings (mail, contact, board, approval). */
    settingsPath?: string;
    /** The module puts its own search into the top bar's slot (mail): the search across modules never shows there,
     *  not even for the moment before the module's search is mounted. */
    ownSearch?: boolean;
  }
}
