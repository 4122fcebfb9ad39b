// The messenger's realtime: one subscription per room of the list (room topics), the user's own topic and the
// company's. New and changed messages arrive with their payload and go straight into the caches; READ moves
// a member's read position (the per-message "1" falls); rooms added or removed refresh the list. New messages
// of others raise a browser notification while the page is hidden (muted rooms: mentions only). After the channel
// reconnects, everything of the messenger is read again (what was sent meanwhile never arrives).
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { EventData } from "@shared/realtime.ts";
import type { Message, RoomSummary } from "@shared/messenger/api.ts";
import { MESSENGER_EVENTS as EV, messengerCompanyTopic, messengerRoomTopic, messengerUserTopic } from "@shared/messenger/constants.ts";
import { useReconnectRefetch, useTopic } from "../../app/use-user-topic.ts";
import { applyMessage, applyOwnRead, applyToRooms, mergeReaders, previewOf, roomsKey } from "./queries.ts";
import { noteTyping, openRoom, setOnline, stopTyping, windowStore } from "./store.ts";

/** The frame's message, when the server sent it along (MESSAGE_NEW, MESSAGE_CHANGED). */
function payloadOf(data: EventData, payload: unknown): Message | null {
  const p = payload ?? (data as unknown as { payload?: unknown }).payload;
  return p && typeof p === "object" && "id" in p ? (p as Message) : null;
}

/** Whether the user is looking at the bottom of this room right now (then it does not count as unread). */
export const watching = { roomId: 0, atBottom: false };

export function RoomTopic({ room, me }: { room: RoomSummary; me: number }) {
  const qc = useQueryClient();
  const { t } = useTranslation("messenger");
  useTopic(messengerRoomTopic(room.id), (event, data, payload) => {
    const roomId = Number(data.roomId) || room.id;
    switch (event) {
      case EV.messageNew:
      case EV.messageChanged: {
        const m = payloadOf(data, payload);
        if (!m) {
          void qc.invalidateQueries({ queryKey: ["messenger", "messages", roomId] });
          void qc.invalidateQueries({ queryKey: roomsKey });
          return;
        }
        const isNew = event === EV.messageNew;
        applyMessage(qc, m, isNew);
        if (isNew) {
          if (m.sender) stopTyping(roomId, m.sender.userId);
          const seen = watching.roomId === roomId && watching.atBottom && windowStore.get().open && !document.hidden && m.parentId == null;
          if (!applyToRooms(qc, m, me, !seen)) void qc.invalidateQueries({ queryKey: roomsKey });
          if (m.sender && m.sender.userId !== me) notify(room, m, me, t);
        }
        return;
      }
      case EV.read: {
        const userId = Number(data.userId);
        const messageId = Number(data.messageId);
        mergeReaders(qc, roomId, [{ userId, lastReadId: messageId, joinedAfterId: 0 }]);
        if (userId === me) applyOwnRead(qc, roomId, messageId);
        return;
      }
      case EV.typing:
        if (Number(data.userId) !== me) noteTyping(roomId, Number(data.userId));
        return;
      case EV.roomChanged:
        void qc.invalidateQueries({ queryKey: ["messenger", "room", roomId] });
        void qc.invalidateQueries({ queryKey: roomsKey });
        return;
    }
  });
  return null;
}

export function UserTopics({ username, companyId }: { username: string; companyId: number }) {
  const qc = useQueryClient();
  // Events sent while the channel was down are lost: after a reconnect the rooms, histories and threads are read again.
  useReconnectRefetch(["messenger"]);
  useTopic(messengerUserTopic(username), (event, data) => {
    const roomId = Number(data.roomId);
    if (event === EV.roomAdded) void qc.invalidateQueries({ queryKey: roomsKey });
    if (event === EV.roomRemoved) {
      qc.setQueryData<RoomSummary[]>(roomsKey, (old) => old?.filter((r) => r.id !== roomId));
      qc.removeQueries({ queryKey: ["messenger", "room", roomId] });
      const v = windowStore.get().view;
      if (v.kind === "room" && v.roomId === roomId) windowStore.set((s) => ({ ...s, view: { kind: "list" } }));
    }
    if (event === EV.roomRead) applyOwnRead(qc, roomId, Number(data.messageId));
  });
  useTopic(messengerCompanyTopic(companyId), (event, data) => {
    if (event === EV.presence) setOnline([Number(data.userId)], Number(data.online) === 1);
  });
  return null;
}

type T = ReturnType<typeof useTranslation<"messenger">>["t"];

function notify(room: RoomSummary, m: Message, me: number, t: T) {
  if (typeof Notification === "undefined" || Notification.permission !== "granted") return;
  const mention = m.mentions.includes(me);
  if (room.me?.muted && !mention) return;
  const open = windowStore.get();
  const looking = !document.hidden && open.open && open.view.kind === "room" && open.view.roomId === room.id;
  if (!document.hidden || looking) return;
  const title = mention ? t("notify.mention", { name: m.sender?.name ?? "", room: room.name }) : room.kind === "DIRECT" ? (m.sender?.name ?? room.name) : room.name;
  const body = room.kind === "DIRECT" || mention ? previewOf(m) || t("notify.file") : `${m.sender?.name ?? ""}: ${previewOf(m) || t("notify.file")}`;
  try {
    const n = new Notification(title, { body, tag: `messenger-${room.id}` });
    n.onclick = () => {
      globalThis.focus();
      openRoom(room.id, m.parentId ? { threadId: m.parentId } : {});
      n.close();
    };
  } catch {
    // Some browsers (Android Chrome) allow notifications only from a service worker.
  }
}
