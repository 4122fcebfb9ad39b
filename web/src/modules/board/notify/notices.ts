// The board notices shown now (BOARD_NOTICE through realtime: a followed board's new post, a mention, a reply,
// reactions, a must-read reminder): a small store NoticeToasts renders; each goes after NOTICE_MS or when closed.
import type { BoardNoticeKind } from "@shared/board/constants.ts";

export interface BoardNoticeItem {
  id: number;
  kind: BoardNoticeKind;
  postId: number;
}

export const NOTICE_MS = 8000;
const MAX_SHOWN = 3;

let items: BoardNoticeItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function pushNotice(n: Omit<BoardNoticeItem, "id">) {
  const id = nextId++;
  // The same kind for the same post replaces the one shown (a burst of reactions is one notice).
  items = [...items.filter((i) => i.kind !== n.kind || i.postId !== n.postId).slice(-(MAX_SHOWN - 1)), { ...n, id }];
  emit();
  setTimeout(() => closeNotice(id), NOTICE_MS);
}

export function closeNotice(id: number) {
  if (!items.some((i) => i.id === id)) return;
  items = items.filter((i) => i.id !== id);
  emit();
}

export const subscribeNotices = (l: () => void) => (listeners.add(l), () => void listeners.delete(l));
export const noticesNow = () => items;
