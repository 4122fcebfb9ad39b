// A message's unread count (KakaoTalk's "1"): the members other than the sender who have not read it, i.e.
// whose last_read_id is below the message id, among those who had joined before it (joined_after_id below the
// id). A member's last_read_id starts at their joined_after_id and never moves back, so "joined after the
// message" implies "read past it": the count is the members with last_read_id < id, less the sender when the
// sender is one of them. For a page, the read positions are sorted once and each message costs a binary search.
import type { MessagePage } from "../../../shared/messenger/api.ts";

export type Readers = MessagePage["readers"];

export class UnreadCounter {
  readonly #sorted: number[];
  readonly #byUser: Map<number, number>;

  constructor(readers: Readers) {
    this.#sorted = readers.map((r) => Math.max(r.lastReadId, r.joinedAfterId)).sort((a, b) => a - b);
    this.#byUser = new Map(readers.map((r) => [r.userId, Math.max(r.lastReadId, r.joinedAfterId)]));
  }

  /** Members (not the sender) who have not read message `id`. */
  count(id: number, senderId: number | null): number {
    // The number of positions below id: the first index whose value is >= id.
    let lo = 0;
    let hi = this.#sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.#sorted[mid] < id) lo = mid + 1;
      else hi = mid;
    }
    const sender = senderId === null ? undefined : this.#byUser.get(senderId);
    return lo - (sender !== undefined && sender < id ? 1 : 0);
  }
}

/** The message with its unread count from `readers` (the hub's payload, loaded without them). */
export function withUnread<T extends { id: number; kind: string; sender: { userId: number } | null; unreadCount: number }>(m: T, readers: Readers): T {
  return { ...m, unreadCount: m.kind === "SYSTEM" ? 0 : new UnreadCounter(readers).count(m.id, m.sender?.userId ?? null) };
}
