// Module-level state of the messenger that outlives its components: the window (open, where, which room or
// view), who is typing where, who is online. Kept outside React so navigating the app (which may remount the
// top bar) never loses the open conversation; components read it through useSyncExternalStore.
import { useSyncExternalStore } from "react";
import { OPACITY_DEFAULT, OPACITY_MAX, OPACITY_MIN, OPACITY_STORAGE_KEY, TYPING_SHOW_MS } from "@shared/messenger/constants.ts";

function createStore<T>(initial: T) {
  let value = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => value,
    set(next: T | ((v: T) => T)) {
      value = typeof next === "function" ? (next as (v: T) => T)(value) : next;
      for (const l of listeners) l();
    },
    subscribe(l: () => void) {
      listeners.add(l);
      return () => void listeners.delete(l);
    },
  };
}

/** What the window shows: the room list, one room (maybe a thread of it, maybe around a message), or channels. */
export type WindowView =
  | { kind: "list" }
  | { kind: "room"; roomId: number; around?: number; threadId?: number }
  | { kind: "browse" };

export interface WindowState {
  open: boolean;
  view: WindowView;
  /** Top-left corner on wide screens; null: the default corner. */
  pos: { x: number; y: number } | null;
}

/** Where the window was moved to last, kept in this browser as its opacity is (the viewport clamps it when shown). */
const POSITION_KEY = "messenger.position";
function readPosition(): WindowState["pos"] {
  try {
    const p = JSON.parse(localStorage.getItem(POSITION_KEY) ?? "null") as { x?: unknown; y?: unknown } | null;
    return p && Number.isFinite(p.x) && Number.isFinite(p.y) ? { x: Number(p.x), y: Number(p.y) } : null;
  } catch {
    return null;
  }
}

export const windowStore = createStore<WindowState>({ open: false, view: { kind: "list" }, pos: readPosition() });
let savedPos = windowStore.get().pos;
windowStore.subscribe(() => {
  const pos = windowStore.get().pos;
  if (pos === savedPos) return;
  savedPos = pos;
  if (pos) localStorage.setItem(POSITION_KEY, JSON.stringify({ x: Math.round(pos.x), y: Math.round(pos.y) }));
  else localStorage.removeItem(POSITION_KEY);
});
export const useWindowState = () => useSyncExternalStore(windowStore.subscribe, windowStore.get);
export const openRoom = (roomId: number, extra: { around?: number; threadId?: number } = {}) =>
  windowStore.set((s) => ({ ...s, open: true, view: { kind: "room", roomId, ...extra } }));
export const showList = () => windowStore.set((s) => ({ ...s, view: { kind: "list" } }));

/** roomId → userId → until when (epoch ms) the typing indicator shows. */
export const typingStore = createStore<Map<number, Map<number, number>>>(new Map());
export function noteTyping(roomId: number, userId: number) {
  typingStore.set((m) => {
    const next = new Map(m);
    const room = new Map(next.get(roomId) ?? []);
    room.set(userId, Date.now() + TYPING_SHOW_MS);
    next.set(roomId, room);
    return next;
  });
  setTimeout(() => typingStore.set((m) => new Map(m)), TYPING_SHOW_MS + 50);
}
export function stopTyping(roomId: number, userId: number) {
  const room = typingStore.get().get(roomId);
  if (!room?.has(userId)) return;
  typingStore.set((m) => {
    const next = new Map(m);
    const r = new Map(next.get(roomId));
    r.delete(userId);
    next.set(roomId, r);
    return next;
  });
}
export function useTyping(roomId: number): number[] {
  const all = useSyncExternalStore(typingStore.subscribe, typingStore.get);
  const now = Date.now();
  return [...(all.get(roomId) ?? [])].filter(([, until]) => until > now).map(([u]) => u);
}

/** Users known to be online (presence answers and PRESENCE events). */
export const presenceStore = createStore<Set<number>>(new Set());
export function setOnline(userIds: number[], online: boolean) {
  presenceStore.set((s) => {
    const next = new Set(s);
    for (const u of userIds) online ? next.add(u) : next.delete(u);
    return next;
  });
}
export const useOnline = () => useSyncExternalStore(presenceStore.subscribe, presenceStore.get);

/** 002 §9: the window's opacity, 3..10 tenths, stored in this browser. */
export function readOpacity(): number {
  const n = Number(localStorage.getItem(OPACITY_STORAGE_KEY));
  return Number.isInteger(n) && n >= OPACITY_MIN && n <= OPACITY_MAX ? n : OPACITY_DEFAULT;
}
export const opacityStore = createStore<number>(readOpacity());
export function setOpacity(v: number) {
  const n = Math.min(OPACITY_MAX, Math.max(OPACITY_MIN, Math.round(v)));
  localStorage.setItem(OPACITY_STORAGE_KEY, String(n));
  opacityStore.set(n);
}
export const useOpacity = () => useSyncExternalStore(opacityStore.subscribe, opacityStore.get);
