// The messenger in the top bar (issue 31; 002 §2 "A messenger window"): the launcher button with the total
// unread count, the realtime subscriptions that keep the room list current (also while the window is closed)
// and the floating window, loaded on first open. Lazily loaded by the top bar when the company has the
// messenger (useMessenger or useTeamChat).
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import type { UserInfo } from "@shared/users.ts";
import { UNREAD_COUNT_CAP } from "@shared/messenger/constants.ts";
import { roomsQuery } from "./queries.ts";
import { RoomTopic, UserTopics } from "./realtime.tsx";
import { useWindowState, windowStore } from "./store.ts";
import "./launcher.css";

const MessengerWindow = lazy(() => import("./window/MessengerWindow.tsx"));

export const WINDOW_ID = "messenger-window";
const CHAT_ICON = "M21 12a8 8 0 0 1-11.6 7.1L4 20.5l1.4-4.6A8 8 0 1 1 21 12z";

export const countLabel = (n: number) => (n > UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP}+` : String(n));

export default function Messenger({ me }: { me: UserInfo }) {
  const { t } = useTranslation("messenger");
  const rooms = useQuery(roomsQuery).data ?? [];
  const state = useWindowState();
  const button = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(state.open);
  const total = rooms.reduce((s, r) => s + (r.me?.muted ? 0 : r.unreadCount), 0);

  // Closing the window gives the focus back to the launcher.
  useEffect(() => {
    if (wasOpen.current && !state.open && (!document.activeElement || document.activeElement === document.body)) button.current?.focus();
    wasOpen.current = state.open;
  }, [state.open]);

  return (
    <>
      <Button ref={button} className="icon-button msg-launcher" aria-expanded={state.open} aria-controls={state.open ? WINDOW_ID : undefined}
        aria-label={total ? t("launcher.unread", { count: total }) : t("launcher.open")}
        onPress={() => windowStore.set((s) => ({ ...s, open: !s.open }))}>
        <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round"
          strokeLinejoin="round" aria-hidden="true" focusable="false">
          <path d={CHAT_ICON} />
        </svg>
        {total > 0 && <span className="msg-badge" aria-hidden="true" data-testid="messenger-badge">{countLabel(total)}</span>}
      </Button>
      {rooms.map((r) => <RoomTopic key={r.id} room={r} me={me.id} />)}
      <UserTopics username={me.username} companyId={me.companyId} />
      {state.open && (
        <Suspense fallback={null}>
          <MessengerWindow me={me} />
        </Suspense>
      )}
    </>
  );
}
