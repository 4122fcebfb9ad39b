// The messenger's HTTP calls (shared/messenger/api.ts lists them). Times are epoch milliseconds.
import type {
  CreateRoomBody, Message, MessagePage, MessengerFile, PresenceAnswer, RoomDetail, RoomSummary, SearchPage, SendBody,
  ThreadAnswer, UpdateRoomBody,
} from "@shared/messenger/api.ts";
import { api } from "../../lib/api.ts";
import { uploadForm } from "../../lib/upload.ts";

const base = "/api/messenger";
const room = (r: number) => `${base}/rooms/${r}`;

export const fetchRooms = (signal?: AbortSignal) => api<RoomSummary[]>(`${base}/rooms`, { signal });
export const fetchSelfRoom = () => api<RoomSummary>(`${base}/rooms/self`);
export const browseChannels = (keyword: string, signal?: AbortSignal) =>
  api<RoomSummary[]>(`${base}/rooms/browse`, { query: { keyword }, signal });
export const createRoom = (body: CreateRoomBody) => api<RoomDetail>(`${base}/rooms`, { method: "POST", json: body });
export const fetchRoom = (r: number, signal?: AbortSignal) => api<RoomDetail>(room(r), { signal });
export const updateRoom = (r: number, body: UpdateRoomBody) => api<RoomDetail>(room(r), { method: "PUT", json: body });
export const deleteRoom = (r: number) => api(room(r), { method: "DELETE" });
export const joinRoom = (r: number) => api<RoomDetail>(`${room(r)}/join`, { method: "POST" });
export const leaveRoom = (r: number) => api(`${room(r)}/leave`, { method: "POST" });
export const addMembers = (r: number, userIds: number[]) => api<RoomDetail>(`${room(r)}/members`, { method: "POST", json: { userIds } });
export const removeMember = (r: number, userId: number) => api(`${room(r)}/members/${userId}`, { method: "DELETE" });
export const handOver = (r: number, userId: number) => api<RoomDetail>(`${room(r)}/owner`, { method: "PUT", json: { userId } });
export const roomSettings = (r: number, s: { muted?: boolean; hidden?: boolean }) =>
  api<RoomSummary>(`${room(r)}/settings`, { method: "PUT", json: s });
export const markRead = (r: number, messageId: number) => api(`${room(r)}/read`, { method: "POST", json: { messageId } });
export const sendTyping = (r: number) => api(`${room(r)}/typing`, { method: "POST" });

export const fetchMessages = (r: number, q: { before?: number; after?: number; size?: number }, signal?: AbortSignal) =>
  api<MessagePage>(`${room(r)}/messages`, { query: q, signal });
export const fetchAround = (r: number, m: number, signal?: AbortSignal) => api<MessagePage>(`${room(r)}/messages/around/${m}`, { signal });
export const fetchThread = (r: number, m: number, signal?: AbortSignal) => api<ThreadAnswer>(`${room(r)}/threads/${m}`, { signal });
export const sendMessage = (r: number, body: SendBody) => api<Message>(`${room(r)}/messages`, { method: "POST", json: body });
export const editMessage = (r: number, m: number, text: string, mentions: number[]) =>
  api<Message>(`${room(r)}/messages/${m}`, { method: "PUT", json: { text, mentions } });
export const deleteMessage = (r: number, m: number) => api(`${room(r)}/messages/${m}`, { method: "DELETE" });
export const toggleReaction = (r: number, m: number, emoji: string) =>
  api<Message>(`${room(r)}/messages/${m}/reactions`, { method: "PUT", json: { emoji } });
export const pinMessage = (r: number, messageId: number) => api<RoomDetail>(`${room(r)}/pins`, { method: "POST", json: { messageId } });
export const unpinMessage = (r: number, m: number) => api(`${room(r)}/pins/${m}`, { method: "DELETE" });

/** One file into the room, not yet sent: a message with its id sends it. */
export function uploadFile(r: number, file: File, onProgress: (loaded: number) => void) {
  return uploadForm<MessengerFile>(`${room(r)}/files`, () => {
    const f = new FormData();
    f.append("file", file, file.name.normalize("NFC"));
    return f;
  }, onProgress);
}

export const searchMessages = (keyword: string, page: number, signal?: AbortSignal) =>
  api<SearchPage>(`${base}/search`, { query: { keyword, page }, signal });
export const fetchPresence = (userIds: number[], signal?: AbortSignal) =>
  api<PresenceAnswer>(`${base}/presence`, { query: { userIds: userIds.join(",") }, signal });

/** A file's address for download (the bytes as an attachment). */
export const downloadUrl = (f: MessengerFile) => `${f.url}${f.url.includes("?") ? "&" : "?"}download=1`;
