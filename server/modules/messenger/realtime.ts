// The messenger's realtime (shared/messenger/constants.ts MESSENGER_EVENTS), published after the write committed
// and best effort. Events carry ids only across instances; the room topic's MESSAGE_NEW and MESSAGE_CHANGED
// frames get the message itself on each instance from the hub's hydrator (registerMessengerRealtime: one query
// per event and instance, whatever the number of sockets), with its unread count as of that moment and
// `reactions[].mine` false (the payload is shared by every subscriber: the client compares userIds). When
// ROOM_REMOVED reaches a user's topic, that user's sockets on every instance stop receiving the room.
import {
  MESSENGER_EVENTS, messengerCompanyTopic, messengerRoomTopic, messengerUserTopic,
} from "../../../shared/messenger/constants.ts";
import type { EventData } from "../../../shared/realtime.ts";
import type { AppDeps } from "../../lib/context.ts";
import { loadMessages, readersOf } from "./message-load.ts";
import { withUnread } from "./unread.ts";

const ROOM_PREFIX = "/topic/messenger/room/";
const USER_PREFIX = "/topic/messenger/user/";

async function publish(deps: AppDeps, topic: string, event: string, data: EventData) {
  try {
    await deps.realtime.publish(topic, event, data);
  } catch (e) {
    deps.log.error(`messenger: publishing ${event} failed`, e);
  }
}

export const publishRoom = (deps: AppDeps, roomId: number, event: string, data: EventData = {}) =>
  publish(deps, messengerRoomTopic(roomId), event, { roomId, ...data });

export const publishMessageNew = (deps: AppDeps, roomId: number, messageId: number) =>
  publishRoom(deps, roomId, MESSENGER_EVENTS.messageNew, { messageId });

export const publishMessageChanged = (deps: AppDeps, roomId: number, messageId: number) =>
  publishRoom(deps, roomId, MESSENGER_EVENTS.messageChanged, { messageId });

export const publishUser = (deps: AppDeps, username: string, event: string, data: EventData) =>
  publish(deps, messengerUserTopic(username), event, data);

export const publishPresence = (deps: AppDeps, companyId: number, userId: number, online: boolean) =>
  publish(deps, messengerCompanyTopic(companyId), MESSENGER_EVENTS.presence, { userId, online: online ? 1 : 0 });

/** The hub's hydrator of room topics and the intercept of user topics (buildApp registers them per app). */
export function registerMessengerRealtime(deps: AppDeps) {
  const hub = deps.realtime.hub;
  hub.hydrate(ROOM_PREFIX, [MESSENGER_EVENTS.messageNew, MESSENGER_EVENTS.messageChanged], async (e) => {
    const roomId = Number(e.data.roomId);
    const messageId = Number(e.data.messageId);
    if (!Number.isSafeInteger(roomId) || !Number.isSafeInteger(messageId)) return null;
    // The event is the server's own (ids it published), so the load needs no company scope.
    const [readers, loaded] = await Promise.all([readersOf(deps.db, roomId), loadMessages(deps.db, null, [messageId], [], 0)]);
    const m = loaded[0] ? withUnread(loaded[0], readers) : null;
    return m && m.roomId === roomId ? m : null;
  });
  hub.intercept(USER_PREFIX, (e, h) => {
    if (e.event !== MESSENGER_EVENTS.roomRemoved) return;
    const roomId = Number(e.data.roomId);
    if (Number.isSafeInteger(roomId)) h.unsubscribeUser(e.topic.slice(USER_PREFIX.length), messengerRoomTopic(roomId));
  });
}
