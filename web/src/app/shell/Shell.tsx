// The signed-in frame: top bar, the module's page, the right side panel, and the prompts after sign-in.
import { Outlet, useMatches, useNavigate } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { companyQuery, userDetailQuery } from "../queries.ts";
import { applyTheme } from "../themes.ts";
import { TopBar } from "./TopBar.tsx";
import { SidePanel, useSidePanelState } from "./SidePanel.tsx";
import { PostLoginPrompts } from "../prompts/PostLoginPrompts.tsx";
import { DomainBanner } from "./DomainBanner.tsx";
import { usePageTitle } from "../title.ts";
import { clearTokens } from "../../lib/session.ts";
import { announceTopic } from "@shared/realtime.ts";
import "./shell.css";
import { AriaLocale } from "../AriaLocale.tsx";

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
  return (
    <AriaLocale>
      <div className="shell" data-panel-open={panel.open || undefined}>
        <TopBar me={me} company={company} panel={panel} />
        {company && company.domainStatus !== "AVAILABLE" && <DomainBanner />}
        <div className="shell-body">
          <main className="shell-main" id="main">
            <Outlet />
          </main>
          {panel.open && <SidePanel me={me} company={company} canClose={!panel.forced} onClose={() => panel.setOpen(false)} />}
        </div>
        <PostLoginPrompts me={me} company={company} />
      </div>
    </AriaLocale>
  );
}
