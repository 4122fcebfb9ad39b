// The floating messenger window (002 §2, §9): over every screen, moved by its title bar (mouse, touch, or the
// arrow keys on it), full screen at phone width (≤ 600 px), with its stored opacity; Escape closes it. It shows
// the room list, a room (or one of its threads) or the public channels; what it shows lives in store.ts, so
// navigating the app keeps it.
import { useQuery } from "@tanstack/react-query";
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import type { UserInfo } from "@shared/users.ts";
import { WINDOW_ID } from "../Messenger.tsx";
import { roomsQuery } from "../queries.ts";
import { useOpacity, useWindowState, windowStore } from "../store.ts";
import { RoomList } from "../list/RoomList.tsx";
import { BrowseChannels } from "../list/BrowseChannels.tsx";
import { RoomView } from "../room/RoomView.tsx";
import { WindowMenu } from "./WindowMenu.tsx";
import "../messenger.css";

const WIDTH = 400;
const HEIGHT = 600;
const PHONE = "(max-width: 600px)";

function usePhone() {
  const [phone, setPhone] = useState(() => matchMedia(PHONE).matches);
  useEffect(() => {
    const mq = matchMedia(PHONE);
    const on = () => setPhone(mq.matches);
    mq.addEventListener("change", on);
    return () => mq.removeEventListener("change", on);
  }, []);
  return phone;
}

/** Keeps the window's corner on screen. */
function clamp(p: { x: number; y: number }) {
  return {
    x: Math.min(Math.max(0, p.x), Math.max(0, innerWidth - 120)),
    y: Math.min(Math.max(0, p.y), Math.max(0, innerHeight - 48)),
  };
}

export default function MessengerWindow({ me }: { me: UserInfo }) {
  const { t } = useTranslation("messenger");
  const state = useWindowState();
  const opacity = useOpacity();
  const phone = usePhone();
  const ref = useRef<HTMLElement>(null);
  const drag = useRef<{ dx: number; dy: number } | null>(null);
  const rooms = useQuery(roomsQuery);
  // A stored position of a wider screen is brought back into this one.
  const pos = state.pos ? clamp(state.pos) : { x: Math.max(0, innerWidth - WIDTH - 24), y: 64 };

  // Opening moves the focus into the window (its first field or button).
  useEffect(() => {
    const el = ref.current;
    if (el && !el.contains(document.activeElement)) (el.querySelector<HTMLElement>("[data-autofocus]") ?? el).focus();
  }, []);

  const close = () => windowStore.set((s) => ({ ...s, open: false }));
  function onKeyDown(e: KeyboardEvent) {
    if (e.key === "Escape" && !e.defaultPrevented && !e.nativeEvent.isComposing) {
      e.preventDefault();
      close();
    }
  }
  function onPointerDown(e: PointerEvent) {
    if (phone || (e.target as HTMLElement).closest("button, input, a")) return;
    drag.current = { dx: e.clientX - pos.x, dy: e.clientY - pos.y };
    (e.currentTarget as HTMLElement).setPointerCapture(e.pointerId);
  }
  function onPointerMove(e: PointerEvent) {
    if (!drag.current) return;
    windowStore.set((s) => ({ ...s, pos: clamp({ x: e.clientX - drag.current!.dx, y: e.clientY - drag.current!.dy }) }));
  }
  function onMoveKey(e: KeyboardEvent) {
    const step = e.shiftKey ? 40 : 10;
    const d = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, -step], ArrowDown: [0, step] }[e.key];
    if (!d || phone) return;
    e.preventDefault();
    windowStore.set((s) => ({ ...s, pos: clamp({ x: pos.x + d[0], y: pos.y + d[1] }) }));
  }

  const view = state.view;
  const room = view.kind === "room" ? rooms.data?.find((r) => r.id === view.roomId) : undefined;
  return createPortal(
    <section ref={ref} id={WINDOW_ID} className="msg-window" role="dialog" aria-modal="false" aria-labelledby="msg-window-title"
      tabIndex={-1} onKeyDown={onKeyDown} data-phone={phone || undefined}
      style={phone ? { opacity: opacity / 10 } : { left: pos.x, top: pos.y, width: WIDTH, height: `min(${HEIGHT}px, calc(100vh - ${pos.y + 8}px))`, opacity: opacity / 10 }}>
      <header className="msg-titlebar" onPointerDown={onPointerDown} onPointerMove={onPointerMove}
        onPointerUp={() => (drag.current = null)} onPointerCancel={() => (drag.current = null)}>
        <h2 id="msg-window-title" className="msg-title" tabIndex={phone ? undefined : 0} onKeyDown={onMoveKey}
          aria-description={phone ? undefined : t("window.moveHint")}>
          {t("window.title")}
        </h2>
        <WindowMenu onClose={close} />
      </header>
      <div className="msg-body">
        {view.kind === "list" && <RoomList me={me} />}
        {view.kind === "browse" && <BrowseChannels />}
        {view.kind === "room" && <RoomView key={`${view.roomId}`} me={me} roomId={view.roomId} summary={room} around={view.around} threadId={view.threadId} />}
      </div>
    </section>,
    document.body,
  );
}
