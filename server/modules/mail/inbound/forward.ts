// Forwarding step of afterDelivery (after.ts): a message that reached a user with forwarding on is passed on
// unchanged to each accepted target (redirect: the From and body stay; the envelope sender is the user), with
// a marker header naming the user in front. Never forwarded: spam, bounces, and any message that already
// went through a forwarding of this server (it carries a marker). That one rule bounds every loop: a message
// is forwarded only by the users it reached directly (each of them once, to at most FORWARD_TARGETS_MAX
// targets), and the forwarded copies are never forwarded again, however the users forward to each other.
// The marker is trusted because mail from outside cannot bring one: SMTP ingest strips it (stripForwardMarkers).
// The delivered copy's Return-Path stays behind (store/return-path.ts): the forward's envelope sender is the user.
// With saveOriginal off, the user's own copy goes to the trash once the message is on its way.
// Exactly once: the forwarded copy is filed and queued in one transaction that also marks the mail's follow-up
// row (markForwarded) and trashes the original, so a crash leaves all of it or none, and a retry
// (followups.ts) never sends it twice.
import { and, eq, isNull } from "drizzle-orm";
import type { Tx } from "../../../../db/client.ts";
import { mailFollowups } from "../../../../db/schema/mail-settings.ts";
import { systemFolders } from "../store/folders.ts";
import { trashRows } from "../reading/actions.ts";
import { sendStored } from "../outbound/send-stored.ts";
import { withoutReturnPath } from "../store/return-path.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { Delivered } from "./after.ts";
import type { InboundMessage } from "./plan.ts";

/** The marker header this server puts on forwarded mail (one per forwarding user). */
export const FORWARD_MARKER = "X-Gw-Forwarded-By";

/** The users (lower-case addresses) whose forwarding this message already went through. */
export function forwardedBy(raw: Uint8Array): string[] {
  const head = new TextDecoder().decode(raw.subarray(0, 64 * 1024));
  const end = head.search(/\r?\n\r?\n/);
  const header = end >= 0 ? head.slice(0, end) : head;
  const re = new RegExp(`^${FORWARD_MARKER}[ \\t]*:[ \\t]*<?([^>\\s]+)>?`, "gim");
  return [...header.matchAll(re)].map((m) => m[1].toLowerCase());
}

/** The header block of raw mail without any forwarding marker (mail from outside must not bring one). */
export function stripForwardMarkers(raw: Uint8Array): Uint8Array {
  const end = headerEnd(raw);
  const head = latin1(raw.subarray(0, end));
  if (!head.toLowerCase().includes(FORWARD_MARKER.toLowerCase())) return raw;
  const lines = head.split(/(?<=\n)/); // keeps each line's own ending
  const kept: string[] = [];
  let dropping = false;
  for (const line of lines) {
    if (/^[ \t]/.test(line) && dropping) continue; // a folded continuation of a dropped header
    dropping = new RegExp(`^${FORWARD_MARKER}[ \t]*:`, "i").test(line);
    if (!dropping) kept.push(line);
  }
  const out = kept.join("");
  const bytes = new Uint8Array(out.length + raw.length - end);
  for (let i = 0; i < out.length; i++) bytes[i] = out.charCodeAt(i);
  bytes.set(raw.subarray(end), out.length);
  return bytes;
}

/** Where the header block ends (the offset of the empty line that closes it), or the length when none. */
function headerEnd(raw: Uint8Array): number {
  for (let i = 0; i < raw.length - 1; i++) {
    if (raw[i] !== 0x0a) continue;
    if (raw[i + 1] === 0x0a) return i + 1;
    if (raw[i + 1] === 0x0d && raw[i + 2] === 0x0a) return i + 1;
  }
  return raw.length;
}

function latin1(bytes: Uint8Array): string {
  let s = "";
  for (let i = 0; i < bytes.length; i += 8192) s += String.fromCharCode(...bytes.subarray(i, i + 8192));
  return s;
}

export function isBounce(msg: InboundMessage): boolean {
  const sender = msg.envelopeFrom.trim().toLowerCase();
  return !sender || sender.split("@")[0] === "mailer-daemon";
}

export async function forwardArrived(deps: AppDeps, msg: InboundMessage, d: Delivered): Promise<void> {
  const forward = d.settings?.forward;
  if (!forward || d.plan.folder === "SPAM" || isBounce(msg)) return;
  const me = d.box.username.toLowerCase();
  if (forwardedBy(d.raw).length) return; // already forwarded by someone here: never again
  const targets = forward.targets.filter((t) => t.toLowerCase() !== me);
  if (!targets.length) return;
  const now = deps.clock.now();
  const prefix = `${FORWARD_MARKER}: <${me}>\r\nResent-From: <${me}>\r\nResent-Date: ${now.toUTCString().replace("GMT", "+0000")}\r\n`;
  const marked = new TextEncoder().encode(prefix);
  const original = withoutReturnPath(d.raw);
  const raw = new Uint8Array(marked.length + original.length);
  raw.set(marked, 0);
  raw.set(original, marked.length);
  await sendStored(deps, {
    companyId: d.box.companyId,
    senderUserId: d.box.userId,
    senderAddress: me,
    raw,
    parsed: msg.parsed,
    to: targets,
  }, {
    before: (tx) => markForwarded(tx, d.mailId, now),
    after: async (tx, sent) => {
      if (forward.saveOriginal || !sent.recipients.some((r) => r.status !== "FAILED")) return;
      const trashId = (await systemFolders(tx, d.box.companyId, d.box.userId)).DELETED;
      await trashRows(tx, d.box.userId, [{ id: d.mailId, folderId: 0 }], trashId);
    },
  });
}

/**
 * Records, in the forward's own transaction, that this mail's forward went out (its follow-up row, written with
 * the mail: followups.ts). False when there is no row to mark (the mail was deleted, or its follow-ups ended)
 * or it is marked already: another run forwarded it (the row lock makes the later run wait, then see it).
 */
async function markForwarded(tx: Tx, mailId: number, now: Date): Promise<boolean> {
  const marked = await tx.update(mailFollowups).set({ forwardedAt: now })
    .where(and(eq(mailFollowups.mailId, mailId), isNull(mailFollowups.forwardedAt)))
    .returning({ id: mailFollowups.id });
  return marked.length > 0;
}
