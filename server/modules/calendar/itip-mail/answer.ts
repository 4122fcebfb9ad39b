// The calls behind the mail reader's invitation card and the organiser's answer to a proposal
// (shared/calendar/inout.ts reply, reply/status, counterReply). The mail (of the caller's own mailbox) is the
// message: nothing of it is stored beforehand.
//   reply on a REQUEST from outside: the caller's copy in their DEFAULT calendar is made or updated
//     (applyRequest: a newer SEQUENCE replaces it, the same keeps their answer, an older one is refused as
//     outdated), their PARTSTAT set, and a REPLY mailed to the organiser (buildReply, iMIP, sendStored);
//   reply on a REQUEST of a colleague (the event is organised in this company): the core's partStat;
//   reply on a CANCEL: the copy removed, or the cancelled occurrence taken out of it (applyCancel);
//   counterReply on a COUNTER about the caller's event: accepted, the event takes the proposed times (a new
//     SEQUENCE) and everyone outside gets the new REQUEST; declined, the proposer gets a DECLINECOUNTER.
import { and, eq } from "drizzle-orm";
import { calendarEvents } from "../../../../db/schema/index.ts";
import type { CounterReplyBody, CounterReplyResult, InvitationStatus, ReplyBody, ReplyResult } from "../../../../shared/calendar/inout.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { transactionWithRetry } from "../../../lib/transaction.ts";
import {
  acceptCounter, applyCancel, applyRequest, buildDeclineCounter, buildReply, counterProposal, extractEvent, type ItipMessage,
  type PartStat, setPartStat, withNextSequence,
} from "../ics/index.ts";
import { defaultCalendarOf, viewerOf } from "../calendars/access.ts";
import * as events from "../events/service.ts";
import { deleteObject, type EventRow, insertObject, updateObject } from "../events/store.ts";
import { audienceOf, publishToUsers } from "../realtime.ts";
import { itipOfMail } from "./mail-parts.ts";
import { mailItip, senderOf, sendItipChanges } from "./send.ts";

const none = () => new AppError(400, "calendar.itip_none");

async function tell(caller: Caller, companyId: number, calendarIds: number[], users: number[], eventId: number) {
  const audience = await audienceOf(caller.deps.db, companyId, calendarIds);
  await publishToUsers(caller.deps, companyId, [...audience, ...users], { calendarId: calendarIds[0], eventId });
}

/** The caller's own copy of an event (a row of a calendar they own, by owner), null when none. */
async function copyOf(db: DbOrTx, companyId: number, userId: number, uid: string, lock = false): Promise<EventRow | null> {
  const q = db.select().from(calendarEvents).where(and(
    eq(calendarEvents.companyId, companyId), eq(calendarEvents.uid, uid), eq(calendarEvents.ownerUserId, userId),
  ));
  const [row] = lock ? await q.for("update") : await q;
  return row ?? null;
}

/** An event of the company with this UID organised by a user of it (a colleague's invitation). */
async function organisedHere(db: DbOrTx, companyId: number, uid: string): Promise<EventRow | null> {
  const rows = await db.select().from(calendarEvents).where(and(eq(calendarEvents.companyId, companyId), eq(calendarEvents.uid, uid)));
  return rows.find((r) => r.organizerUserId !== null) ?? null;
}

function myPartStat(text: string, me: string): string | null {
  return extractEvent(text).attendees.find((a) => a.email === me)?.partStat ?? null;
}

/** GET reply/status: what the invitation card shows for a mail. */
export async function replyStatus(caller: Caller, mailId: number): Promise<InvitationStatus> {
  const { itip } = await itipOfMail(caller.deps, caller.auth.userId, mailId);
  const status: InvitationStatus = { method: null, uid: null, eventId: null, partStat: null, outdated: false, organizer: false };
  if (!itip) return status;
  const v = await viewerOf(caller);
  status.method = itip.method;
  status.uid = itip.uid;
  const colleague = await organisedHere(caller.deps.db, v.companyId, itip.uid);
  if (colleague?.organizerUserId === v.userId) {
    status.organizer = true;
    status.eventId = colleague.id;
    return status;
  }
  const row = (await copyOf(caller.deps.db, v.companyId, v.userId, itip.uid)) ?? colleague;
  if (row) {
    status.eventId = row.id;
    status.partStat = myPartStat(row.ical, v.username);
    if (itip.method === "REQUEST") status.outdated = applyRequest(row.ical, itip, v.username).action === "stale";
  }
  return status;
}

/** POST reply. */
export async function reply(caller: Caller, input: ReplyBody): Promise<ReplyResult> {
  const { itip, messageIdHeader } = await itipOfMail(caller.deps, caller.auth.userId, input.mailId);
  if (!itip || (itip.method !== "REQUEST" && itip.method !== "CANCEL")) throw none();
  const v = await viewerOf(caller);
  if (itip.method === "CANCEL") return await cancelCopy(caller, v.companyId, v.userId, itip);
  if (!input.partStat) throw new AppError(400, "calendar.partstat_invalid");
  const partStat = input.partStat;

  const colleague = await organisedHere(caller.deps.db, v.companyId, itip.uid);
  if (colleague && !(await copyOf(caller.deps.db, v.companyId, v.userId, itip.uid))) {
    // A colleague's invitation (mailed to an address of ours as well): answered in the app.
    const detail = await events.setPartStat(caller, String(colleague.id), partStat);
    return { method: "REQUEST", eventId: detail.eventId ?? colleague.id, partStat, mailed: false };
  }
  const organizer = itip.organizer?.email;
  if (!organizer) throw none();
  const me = v.username;
  const cal = await defaultCalendarOf(caller, v);
  const written = await transactionWithRetry(caller.deps.db, async (tx) => {
    const stored = await copyOf(tx, v.companyId, v.userId, itip.uid, true);
    const req = applyRequest(stored?.ical ?? null, itip, me);
    if (req.action === "stale") throw new AppError(409, "calendar.itip_outdated");
    const answered = setPartStat(req.text, me, partStat as PartStat, { recurrenceId: itip.recurrenceId });
    const text = answered.applied ? answered.text : req.text;
    return stored
      ? await updateObject(tx, caller.deps, stored, text)
      : await insertObject(tx, caller.deps, { companyId: v.companyId, calendarId: cal.id, ownerUserId: v.userId, text });
  });
  await tell(caller, v.companyId, [written.row.calendarId], written.attendeeUserIds, written.row.id);
  const from = await senderOf(caller.deps.db, v.companyId, v.userId);
  const ics = buildReply(itip.objectText, {
    now: caller.deps.clock.now(), attendee: me, partStat: partStat as PartStat, recurrenceId: itip.recurrenceId ?? undefined,
    comment: input.comment, name: v.name,
  });
  let mailed = false;
  try {
    mailed = (await mailItip(caller.deps, from!, [{ address: organizer, name: itip.organizer?.name ?? "" }], "REPLY", ics, partStat, {
      inReplyTo: messageIdHeader ?? undefined,
    })).length > 0;
  } catch (e) {
    caller.deps.log.error("calendar.itip_reply_send_failed", { error: String(e) });
    throw new AppError(502, "calendar.10");
  }
  return { method: "REQUEST", eventId: written.row.id, partStat, mailed };
}

async function cancelCopy(caller: Caller, companyId: number, userId: number, itip: ItipMessage): Promise<ReplyResult> {
  const out = await transactionWithRetry(caller.deps.db, async (tx) => {
    const stored = await copyOf(tx, companyId, userId, itip.uid, true);
    if (!stored) return null;
    const { text } = applyCancel(stored.ical, itip);
    if (text === null) return { row: stored, users: await deleteObject(tx, caller.deps, stored), deleted: true };
    const w = await updateObject(tx, caller.deps, stored, text);
    return { row: w.row, users: w.attendeeUserIds, deleted: false };
  });
  if (!out) return { method: "CANCEL", eventId: null, partStat: null, mailed: false };
  await tell(caller, companyId, [out.row.calendarId], out.users, out.row.id);
  return { method: "CANCEL", eventId: out.deleted ? null : out.row.id, partStat: null, mailed: false };
}

/** POST counterReply. */
export async function counterReply(caller: Caller, input: CounterReplyBody): Promise<CounterReplyResult> {
  const { itip, messageIdHeader, from: mailFrom } = await itipOfMail(caller.deps, caller.auth.userId, input.mailId);
  if (!itip || itip.method !== "COUNTER") throw none();
  const v = await viewerOf(caller);
  const proposal = counterProposal(itip);
  // The proposer: the mail's sender when the proposal lists them (some clients send the whole attendee list).
  const listed = itip.components[0]?.attendees.map((a) => a.email) ?? [];
  if (listed.includes(mailFrom)) proposal.attendee = mailFrom;
  else if (proposal.attendee === v.username) proposal.attendee = listed.find((e) => e && e !== v.username) ?? proposal.attendee;
  const now = caller.deps.clock.now();
  const loaded = await transactionWithRetry(caller.deps.db, async (tx) => {
    const rows = await tx.select().from(calendarEvents).where(and(
      eq(calendarEvents.companyId, v.companyId), eq(calendarEvents.uid, itip.uid),
    )).for("update");
    const row = rows.find((r) => r.organizerUserId !== null);
    if (!row) throw new AppError(404, "calendar.itip_event_gone");
    if (row.organizerUserId !== v.userId) throw new AppError(403, "calendar.itip_not_organizer");
    if (!input.accept) return { before: row, after: null };
    const moved = acceptCounter(row.ical, itip);
    if (moved === null) throw none();
    const next = withNextSequence(row.ical, moved);
    return { before: row, after: await updateObject(tx, caller.deps, row, next.text) };
  });
  if (loaded.after) {
    await tell(caller, v.companyId, [loaded.after.row.calendarId], loaded.after.attendeeUserIds, loaded.after.row.id);
    const sent = await sendItipChanges(caller.deps, loaded.before, loaded.after.row);
    return { accepted: true, eventId: loaded.after.row.id, mailedTo: sent.requested };
  }
  const from = await senderOf(caller.deps.db, v.companyId, v.userId);
  const ics = buildDeclineCounter(loaded.before.ical, { attendee: proposal.attendee, recurrenceId: proposal.recurrenceId }, { now, comment: input.comment });
  const mailedTo = await mailItip(caller.deps, from!, [{ address: proposal.attendee, name: "" }], "DECLINECOUNTER", ics, "decline-counter", {
    inReplyTo: messageIdHeader ?? undefined,
  });
  return { accepted: false, eventId: loaded.before.id, mailedTo };
}
