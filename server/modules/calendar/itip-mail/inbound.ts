// Inbound iTIP (issue 23 "People"): a REPLY arriving over inbound SMTP for an event organised by one of its
// recipients puts the answering attendee's PARTSTAT into that event (the whole event or the occurrence it
// names) and tells everyone who sees it (CALENDAR_CHANGED). An outside organiser's update (REQUEST with a
// newer SEQUENCE) or CANCEL of an invitation a recipient has answered already (their copy) is applied to that
// copy at once, as mail clients do; a new invitation waits for the card's answer. The mail itself is filed as any other and stays
// in the inbox; a COUNTER waits there for the organiser's counterReply (the mail is the proposal).
// Started after the commit by smtp/ingest.ts (mail from outside) and by outbound/dispatch.ts (mail between
// users of this server, e.g. of two companies), detached like forwarding: the 250 never waits for it, and a
// failure is logged, never thrown. Trust: the answer counts only when the mail's From is the attendee who
// answers (and the mail was not filed as spam), and only for an attendee the event lists; a REPLY to an
// older version (lower SEQUENCE) is not applied (itip-apply.ts applyReply).
import { and, eq } from "drizzle-orm";
import { calendarEvents, users } from "../../../../db/schema/index.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import type { Delivered } from "../../mail/inbound/after.ts";
import type { InboundMessage } from "../../mail/inbound/plan.ts";
import { isCalendarAttachment } from "../../mail/reading/calendar-parts.ts";
import { applyCancel, applyReply, applyRequest, type ItipMessage } from "../ics/index.ts";
import { audienceOf, publishToUsers } from "../realtime.ts";
import { deleteObject, updateObject } from "../events/store.ts";
import { itipOfRaw } from "./mail-parts.ts";

/** Runs in progress per database (tests wait for them: whenItipInboundDone). */
const running = new WeakMap<AppDeps["db"], Set<Promise<void>>>();

/** Starts the iTIP handling of an arrived message, detached; a message without a calendar part costs nothing. */
export function startItipInbound(deps: AppDeps, msg: InboundMessage, delivered: Delivered[]): void {
  if (!delivered.length || !msg.parsed.attachments.some(isCalendarAttachment)) return;
  let set = running.get(deps.db);
  if (!set) running.set(deps.db, set = new Set());
  const task: Promise<void> = handleItipMail(deps, msg, delivered)
    .catch((e) => deps.log.error("calendar.itip_inbound_failed", { error: String(e) }))
    .finally(() => set.delete(task));
  set.add(task);
}

/** Resolves once no inbound iTIP handling runs on this database. */
export async function whenItipInboundDone(deps: AppDeps): Promise<void> {
  const set = running.get(deps.db);
  if (set?.size) await Promise.allSettled([...set]);
}

export async function handleItipMail(deps: AppDeps, msg: InboundMessage, delivered: Delivered[]): Promise<void> {
  const itip = await itipOfRaw(delivered[0].raw, msg.parsed.attachments);
  if (!itip) return;
  const sender = msg.parsed.from.address.trim().toLowerCase();
  if (itip.method === "REQUEST" || itip.method === "CANCEL") {
    // An update or cancellation from the organiser of a copy a recipient keeps (answered before from the card).
    if (itip.organizer?.email !== sender) return;
    for (const d of delivered) if (d.plan.folder !== "SPAM") await updateCopyFor(deps, d.box.companyId, d.box.userId, itip, sender);
    return;
  }
  if (itip.method !== "REPLY") return;
  if (!itip.components.some((c) => c.attendees.some((a) => a.email === sender))) {
    deps.log.warn("calendar.itip_reply_not_from_attendee", { uid: itip.uid, from: sender });
    return;
  }
  for (const d of delivered) {
    if (d.plan.folder === "SPAM") continue;
    await applyReplyFor(deps, d.box.companyId, d.box.userId, itip, sender);
  }
}

/**
 * The copy `userId` keeps of an outside organiser's event, brought up to date: a REQUEST with a newer SEQUENCE
 * replaces it (the same one keeps the user's answer: applyRequest), a CANCEL removes it or the occurrence it
 * names. Only a copy whose organiser is the mail's sender; nothing happens for an invitation not answered yet
 * (the card does that). False when nothing changed.
 */
export async function updateCopyFor(deps: AppDeps, companyId: number, userId: number, itip: ItipMessage, sender: string): Promise<boolean> {
  const done = await transactionWithRetry(deps.db, async (tx) => {
    const [row] = await tx.select().from(calendarEvents).where(and(
      eq(calendarEvents.companyId, companyId), eq(calendarEvents.uid, itip.uid), eq(calendarEvents.ownerUserId, userId),
    )).for("update");
    if (!row || (row.organizerEmail ?? "").toLowerCase() !== sender || row.organizerUserId !== null) return null;
    if (itip.method === "CANCEL") {
      if (itip.sequence < row.sequence) return null;
      const { text } = applyCancel(row.ical, itip);
      if (text === null) return { row, users: await deleteObject(tx, deps, row) };
      const w = await updateObject(tx, deps, row, text);
      return { row: w.row, users: w.attendeeUserIds };
    }
    const me = (await tx.select({ username: users.username }).from(users).where(eq(users.id, userId)))[0]?.username ?? "";
    const req = applyRequest(row.ical, itip, me);
    // An older or the same version again: the user's copy (and answer) stays.
    if (req.action === "stale" || itip.sequence <= row.sequence) return null;
    const w = await updateObject(tx, deps, row, req.text);
    return { row: w.row, users: w.attendeeUserIds };
  });
  if (!done) return false;
  const audience = await audienceOf(deps.db, companyId, [done.row.calendarId]);
  await publishToUsers(deps, companyId, [...audience, ...done.users, userId], { calendarId: done.row.calendarId, eventId: done.row.id });
  return true;
}

/** The organiser `userId`'s event of the reply's UID with the answer applied; false when nothing changed. */
export async function applyReplyFor(deps: AppDeps, companyId: number, userId: number, itip: ItipMessage, sender: string): Promise<boolean> {
  const written = await transactionWithRetry(deps.db, async (tx) => {
    const rows = await tx.select().from(calendarEvents).where(and(
      eq(calendarEvents.companyId, companyId), eq(calendarEvents.uid, itip.uid), eq(calendarEvents.organizerUserId, userId),
    )).for("update");
    const out = [];
    for (const row of rows) {
      const result = applyReply(row.ical, itip, { sender });
      if (!result.applied) {
        deps.log.info("calendar.itip_reply_not_applied", { eventId: row.id, reason: result.reason });
        continue;
      }
      out.push(await updateObject(tx, deps, row, result.text));
    }
    return out;
  });
  for (const w of written) {
    const audience = await audienceOf(deps.db, companyId, [w.row.calendarId]);
    await publishToUsers(deps, companyId, [...audience, ...w.attendeeUserIds], { calendarId: w.row.calendarId, eventId: w.row.id });
  }
  return written.length > 0;
}
