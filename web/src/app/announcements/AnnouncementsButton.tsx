// The top bar's announcements button (000 §2 "announcement list and view"): a dot when something was posted
// since the previous sign-in that the user has not yet looked at (the mark moves when the dialog closes); the list opens by itself once per sign-in
// when there is. The dialogs load on first use, so the shell stays small.
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import type { UserInfo } from "@shared/users.ts";
import "./button.css";
import { announcementUpdatedQuery, markOpened, markSeen, openedFor, seenUpTo } from "./queries.ts";

const AnnouncementDialogs = lazy(() => import("./AnnouncementDialogs.tsx"));

export type AnnouncementView = { kind: "list" } | { kind: "view"; id: number };

const MEGAPHONE = "M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1zM15.5 8.5a5 5 0 0 1 0 7M18.4 5.6a9 9 0 0 1 0 12.8";

export function AnnouncementsButton({ me }: { me: UserInfo }) {
  return (
    <Suspense fallback={null}>
      <ButtonWithDialogs me={me} />
    </Suspense>
  );
}

function ButtonWithDialogs({ me }: { me: UserInfo }) {
  const { t } = useTranslation("announcements");
  const updated = useQuery({ ...announcementUpdatedQuery, enabled: !me.switchedFrom }).data;
  const [view, setView] = useState<AnnouncementView | null>(null);
  // Read on every render: closing the list, or posting one as an administrator, moves the mark.
  const seen = seenUpTo(me.id);
  const unseen = !!updated?.isUpdated && (updated.latestTimeMillis ?? 0) > seen;
  const signIn = String(me.prevLoginTimeMillis ?? 0);

  // The signal stays until the user has had the list in front of them and closed it.
  function close() {
    markSeen(me.id, updated?.latestTimeMillis ?? null);
    setView(null);
  }

  // Once per sign-in, and never over the prompts that must come first (password change).
  useEffect(() => {
    if (!unseen || me.requestPasswordChange || openedFor(me.id, signIn)) return;
    markOpened(me.id, signIn);
    setView({ kind: "list" });
  }, [unseen, me.requestPasswordChange, me.id, signIn]);

  return (
    <>
      <Button className="icon-button ann-button" onPress={() => setView({ kind: "list" })}
        aria-label={unseen ? t("buttonNew") : t("button")}>
        <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round"
          strokeLinejoin="round" aria-hidden="true" focusable="false">
          <path d={MEGAPHONE} />
        </svg>
        {unseen && <span className="ann-dot" aria-hidden="true" data-testid="announcement-dot" />}
      </Button>
      {view && (
        <Suspense fallback={null}>
          <AnnouncementDialogs view={view} onView={setView} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
