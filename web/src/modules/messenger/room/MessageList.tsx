// A room's history: pages of 50 loaded upward as the top comes into view (the scroll position stays where the
// reader is), day separators, messages of one sender grouped, the per-message unread count recomputed from the
// members' read positions. At the bottom it follows new messages; seeing the bottom marks the room read.
// Opened around a message (a search hit, a pin) it pages downward too and highlights that message.
import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Message, MessagePage, RoomDetail, RoomSummary } from "@shared/messenger/api.ts";
import { Button } from "../../../ui/Button.tsx";
import { markRead } from "../api.ts";
import { applyOwnRead, flatten, mergeReaders, messagesQuery, readersKey, roomReaders, unreadOf } from "../queries.ts";
import { watching } from "../realtime.tsx";
import { windowStore } from "../store.ts";
import { dayKey, dayLabel } from "../format.ts";
import { MessageItem } from "./MessageItem.tsx";

const GROUP_MS = 5 * 60_000;

export function MessageList({ roomId, me, room, summary, around, onThread }: {
  roomId: number;
  me: number;
  room: RoomDetail | undefined;
  summary: RoomSummary | undefined;
  around?: number;
  onThread(m: Message): void;
}) {
  const { t, i18n } = useTranslation("messenger");
  const qc = useQueryClient();
  const history = useInfiniteQuery(messagesQuery(roomId, around));
  const readers = useQuery<MessagePage["readers"]>({ queryKey: readersKey(roomId), queryFn: () => [], enabled: false, staleTime: Infinity }).data;
  const counted = useMemo(() => roomReaders(readers, room), [readers, room]);
  const messages = flatten(history.data);
  const scroller = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const [atBottom, setAtBottom] = useState(false);
  const anchor = useRef<{ height: number; top: number; firstId: number } | null>(null);
  const stick = useRef(true);
  const lastRead = useRef(0);
  const hasNewer = !!history.hasNextPage;

  // Read positions of every page fetched.
  useEffect(() => {
    for (const p of history.data?.pages ?? []) mergeReaders(qc, roomId, p.readers);
  }, [history.data?.pages.length, roomId]); // eslint-disable-line

  // The top in view loads the older page; the bottom in view (around a hit) the newer one.
  useEffect(() => {
    const root = scroller.current;
    if (!root || !top.current || !bottom.current) return;
    const io = new IntersectionObserver((entries) => {
      for (const e of entries) {
        if (e.target === top.current && e.isIntersecting && history.hasPreviousPage && !history.isFetchingPreviousPage) {
          anchor.current = { height: root.scrollHeight, top: root.scrollTop, firstId: messages[0]?.id ?? 0 };
          void history.fetchPreviousPage();
        }
        if (e.target === bottom.current) {
          setAtBottom(e.isIntersecting);
          stick.current = e.isIntersecting;
          if (e.isIntersecting && history.hasNextPage && !history.isFetchingNextPage) void history.fetchNextPage();
        }
      }
    }, { root, rootMargin: "120px 0px" });
    io.observe(top.current);
    io.observe(bottom.current);
    return () => io.disconnect();
  }, [history.hasPreviousPage, history.hasNextPage, history.isFetchingPreviousPage, history.isFetchingNextPage, messages[0]?.id]); // eslint-disable-line

  // After an older page came in: the same message stays under the reader's eyes. After a new message at the
  // bottom: follow it. First load: the bottom, or the message searched for.
  const firstId = messages[0]?.id ?? 0;
  const lastId = messages[messages.length - 1]?.id ?? 0;
  const started = useRef(false);
  useLayoutEffect(() => {
    const root = scroller.current;
    if (!root || !messages.length) return;
    if (!started.current) {
      started.current = true;
      const target = around ? root.querySelector<HTMLElement>(`[data-message-id="${around}"]`) : null;
      if (target) target.scrollIntoView({ block: "center" });
      else root.scrollTop = root.scrollHeight;
      return;
    }
    const a = anchor.current;
    if (a && a.firstId !== firstId) {
      root.scrollTop = root.scrollHeight - a.height + a.top;
      anchor.current = null;
      return;
    }
    const mine = messages[messages.length - 1]?.sender?.userId === me;
    if ((stick.current || mine) && !hasNewer) root.scrollTop = root.scrollHeight;
  }, [firstId, lastId, messages.length]); // eslint-disable-line

  // Seeing the bottom (window open, page visible) reads the room up to its last message.
  useEffect(() => {
    watching.roomId = roomId;
    watching.atBottom = atBottom && !hasNewer;
    return () => {
      if (watching.roomId === roomId) watching.roomId = 0;
    };
  }, [roomId, atBottom, hasNewer]);
  useEffect(() => {
    const read = () => {
      const last = messages[messages.length - 1];
      if (!last || !atBottom || hasNewer || document.hidden || !windowStore.get().open) return;
      const known = Math.max(lastRead.current, summary?.me?.lastReadId ?? 0);
      if (last.id <= known && !(summary?.unreadCount)) return;
      lastRead.current = Math.max(known, last.id);
      applyOwnRead(qc, roomId, last.id);
      mergeReaders(qc, roomId, [{ userId: me, lastReadId: last.id, joinedAfterId: 0 }]);
      void markRead(roomId, last.id).catch(() => {});
    };
    read();
    document.addEventListener("visibilitychange", read);
    return () => document.removeEventListener("visibilitychange", read);
  }, [atBottom, lastId, hasNewer, summary?.unreadCount]); // eslint-disable-line

  return (
    <div ref={scroller} className="msg-scroller" tabIndex={0} role="region" aria-label={t("room.history")}>
      <div ref={top} className="msg-sentinel" />
      {history.isFetchingPreviousPage && <p className="msg-muted msg-center">{t("loading")}</p>}
      {history.isPending && <p className="msg-muted msg-center">{t("loading")}</p>}
      {history.isError && <p className="field-error msg-center" role="alert">{t("room.failed")}</p>}
      {history.isSuccess && !messages.length && <p className="msg-muted msg-center">{t("room.empty")}</p>}
      <ol className="msg-messages" aria-label={t("room.messages")}>
        {messages.map((m, i) => {
          const prev = messages[i - 1];
          const newDay = !prev || dayKey(prev.createdAt) !== dayKey(m.createdAt);
          const grouped = !newDay && !!prev && prev.kind !== "SYSTEM" && m.kind !== "SYSTEM" && prev.sender?.userId === m.sender?.userId &&
            m.createdAt - prev.createdAt < GROUP_MS;
          return [
            newDay && (
              <li key={`d${m.id}`} className="msg-day"><span>{dayLabel(m.createdAt, i18n.language)}</span></li>
            ),
            <MessageItem key={m.id} m={m} me={me} room={room} grouped={grouped} unread={unreadOf(m, counted)} onThread={onThread}
              highlight={m.id === around} />,
          ];
        })}
      </ol>
      {history.isFetchingNextPage && <p className="msg-muted msg-center">{t("loading")}</p>}
      <div ref={bottom} className="msg-sentinel" />
      {hasNewer && (
        <Button variant="secondary" className="msg-to-latest" onPress={() => windowStore.set((s) => ({ ...s, view: { kind: "room", roomId } }))}>
          {t("room.toLatest")}
        </Button>
      )}
    </div>
  );
}
