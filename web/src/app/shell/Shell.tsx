// The signed-in frame: a "skip to main content" link (the first tab stop, shown when focused), top bar, the
// module's page, the right side panel, and the prompts after sign-in. The focus order is the visual order.
import { Outlet, useMatches, useNavigate, useRouter } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { companyQuery, userDetailQuery } from "../queries.ts";
import { applyTheme } from "../themes.ts";
import { TopBar } from "./TopBar.tsx";
import { SidePanel, useSidePanelState } from "./SidePanel.tsx";
import { mandatoryPrompt, PostLoginPrompts } from "../prompts/PostLoginPrompts.tsx";
import { DomainBanner } from "./DomainBanner.tsx";
import { usePageTitle } from "../title.ts";
import { keepReturnPath } from "../../lib/return-path.ts";
import { clearTokens } from "../../lib/session.ts";
import { announceTopic } from "@shared/realtime.ts";
import "./shell.css";
import { AriaLocale } from "../AriaLocale.tsx";
import { CalendarAlarms } from "../../modules/calendar/alarms/CalendarAlarms.tsx";

/**
 * Where the skip link goes: the element a module marks with data-main-content (mail: the list or the reader,
 * past its folder tree), else the whole page.
 */
function focusMainContent() {
  const main = document.getElementById("main");
  const target = main?.querySelector<HTMLElement>("[data-main-content]") ?? main;
  if (!target) return;
  // Focusable by script only while it has the focus: a standing tabindex would make every click on the page's
  // empty space take the focus from where it is.
  if (!target.hasAttribute("tabindex")) {
    target.tabIndex = -1;
    target.addEventListener("blur", () => target.removeAttribute("tabindex"), { once: true });
  }
  target.focus();
}

/** The first tab stop of a signed-in page: past the top bar and the module's navigation to its content. */
function SkipLink() {
  const { t } = useTranslation();
  return (
    <a
      className="skip-link"
      href="#main"
      onClick={(e) => {
        // Hash routes: the link's own #main would be a route; it only moves the focus.
        e.preventDefault();
        focusMainContent();
      }}
    >
      {t("common:shell.skipToContent")}
    </a>
  );
}

export function Shell() {
  const me = useQuery(userDetailQuery).data;
  const company = useQuery(companyQuery).data;
  const panel = useSidePanelState(company);
  const fixedTitle = useMatches().some((m) => m.staticData?.fixedTitle);
  usePageTitle(fixedTitle ? undefined : company?.pageTitle || company?.name, fixedTitle);

  useEffect(() => {
    if (me) applyTheme(me.theme);
  }, [me?.theme]);

  // The realtime channel while signed in (lazy: not part of the sign-in page); a sign-out anywhere ends here too.
  const qc = useQueryClient();
  const navigate = useNavigate();
  const router = useRouter();
  useEffect(() => {
    if (!me?.username) return;
    let live = true;
    let stop: (() => void) | undefined;
    let offAnnounce: (() => void) | undefined;
    void import("../../lib/realtime.ts").then((rt) => {
      if (!live) return;
      stop = rt.startRealtime(me.username, () => {
        clearTokens();
        qc.clear();
        keepReturnPath(router.state.location.href); // signing in again comes back to this page
        void navigate({ to: "/login" });
      });
      // A new, edited or deleted announcement refreshes the megaphone and open lists at once.
      offAnnounce = rt.subscribe(announceTopic(me.companyId), () => void qc.invalidateQueries({ queryKey: ["announcements"] }));
    });
    return () => {
      live = false;
      offAnnounce?.();
      stop?.();
    };
  }, [me?.username, me?.companyId]);

  if (!me) return null;
  // A prompt the user must get through first (a forced password change, a mandatory 2FA setup) is all the
  // shell shows: nothing of the mail or the rest is rendered or fetched behind it.
  if (mandatoryPrompt(me, company)) {
    return (
      <AriaLocale>
        <div className="shell shell-gated">
          <PostLoginPrompts me={me} company={company} />
        </div>
      </AriaLocale>
    );
  }
  return (
    <AriaLocale>
      <div className="shell" data-panel-open={panel.open || undefined}>
        <SkipLink />
        <TopBar me={me} company={company} panel={panel} />
        {company && company.domainStatus !== "AVAILABLE" && <DomainBanner />}
        <div className="shell-body">
          <main className="shell-main" id="main">
            <Outlet />
          </main>
          {panel.open && <SidePanel me={me} company={company} canClose={!panel.forced} onClose={() => panel.setOpen(false)} />}
        </div>
        <PostLoginPrompts me={me} company={company} />
        {me.usedModules.includes("calendar") && <CalendarAlarms />}
      </div>
    </AriaLocale>
  );
}
