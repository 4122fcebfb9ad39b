// Link previews: a message whose text has an http(s) link gets a PENDING preview row of its first link in the
// send's transaction; after the commit the page is read in the background by the boards' SSRF-safe fetcher
// (board/og: public addresses only, redirects checked, size and time bounded, its cache shared), the row
// becomes OK or FAILED, and MESSAGE_CHANGED tells the room's clients (their frame carries the message).
import { and, eq } from "drizzle-orm";
import { messengerLinkPreviews } from "../../../db/schema/messenger.ts";
import type { AppDeps, Caller } from "../../lib/context.ts";
import { ogPreview } from "../board/og/service.ts";
import { publishMessageChanged } from "./realtime.ts";

const LINK = /\bhttps?:\/\/[^\s<>"'`]+/i;
const URL_MAX = 2000;

/** The first http(s) link of a text, without trailing punctuation, or null. */
export function firstLink(text: string): string | null {
  const m = LINK.exec(text);
  if (!m) return null;
  const url = m[0].replace(/[.,;:!?)\]}'"]+$/, "");
  if (url.length > URL_MAX) return null;
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
  } catch {
    return null;
  }
}

/** Fetches in flight per app, so a test (or a shutdown) can wait for them. */
const pending = new WeakMap<AppDeps, Set<Promise<void>>>();

export function fetchPreviewLater(caller: Caller, roomId: number, messageId: number, url: string) {
  const { deps } = caller;
  let set = pending.get(deps);
  if (!set) pending.set(deps, set = new Set());
  const p = fetchPreview(caller, roomId, messageId, url).catch((e) => deps.log.error("messenger: link preview failed", e));
  set.add(p);
  void p.finally(() => set.delete(p));
}

/** Resolves once every preview fetch started so far has ended. */
export async function previewsSettled(deps: AppDeps): Promise<void> {
  const set = pending.get(deps);
  while (set?.size) await Promise.all([...set]);
}

async function fetchPreview(caller: Caller, roomId: number, messageId: number, url: string) {
  const { deps } = caller;
  let values: Partial<typeof messengerLinkPreviews.$inferInsert>;
  try {
    const og = await ogPreview(caller, url);
    const found = !!(og.title || og.description || og.image);
    values = {
      status: found ? "OK" : "FAILED",
      title: og.title ?? "",
      description: og.description ?? "",
      siteName: og.siteName ?? "",
      imageUrl: og.image,
    };
  } catch {
    values = { status: "FAILED" };
  }
  // Only the preview of this link: an edit since may have put another.
  const rows = await deps.db.update(messengerLinkPreviews).set({ ...values, fetchedAt: deps.clock.now() })
    .where(and(eq(messengerLinkPreviews.messageId, messageId), eq(messengerLinkPreviews.url, url))).returning({ id: messengerLinkPreviews.messageId });
  if (rows.length) await publishMessageChanged(deps, roomId, messageId);
}
