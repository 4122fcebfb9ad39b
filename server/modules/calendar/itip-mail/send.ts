// Invitations by mail to people outside the company (issue 23 "People"; RFC 5546 iTIP carried as RFC 6047
// iMIP): after an organiser's write, the attendees who are not users of the company get METHOD:REQUEST (new
// event, or a change that is more than answers and stamps), METHOD:CANCEL (the event deleted, one occurrence
// deleted, or they were taken off it). Colleagues see the same changes in the app (realtime, DEFAULT
// calendars) and get no mail. Mails leave through the mail module's outbound path (sendStored: local
// recipients at once, the rest queued for their MX or the relay), from the organiser's address.
// Sending never fails the write that caused it: a failure is logged.
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { calendarEvents, users } from "../../../../db/schema/index.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { MimeAddress } from "../../mail/compose/mime.ts";
import { newMessageId } from "../../mail/compose/mime.ts";
import { sendStored } from "../../mail/outbound/send-stored.ts";
import { buildCancel, buildImipMessage, buildRequest, extractEvent, imipText, isSignificantChange, type ItipMethod } from "../ics/index.ts";
import { parseCalendar } from "../ics/ical.ts";
import { eventsOf } from "../ics/fields.ts";
import type { EventRow } from "../events/store.ts";

type Locale = "ko" | "en" | "id";

const SUBJECTS: Record<Locale, Record<"invite" | "update" | "cancel" | "ACCEPTED" | "TENTATIVE" | "DECLINED" | "decline-counter", string>> = {
  ko: { invite: "초대", update: "일정 변경", cancel: "취소됨", ACCEPTED: "수락", TENTATIVE: "미정", DECLINED: "거절", "decline-counter": "제안 거절" },
  en: { invite: "Invitation", update: "Updated invitation", cancel: "Cancelled", ACCEPTED: "Accepted", TENTATIVE: "Tentative", DECLINED: "Declined", "decline-counter": "Proposal declined" },
  id: { invite: "Undangan", update: "Undangan diperbarui", cancel: "Dibatalkan", ACCEPTED: "Diterima", TENTATIVE: "Tentatif", DECLINED: "Ditolak", "decline-counter": "Usulan ditolak" },
};
export type SubjectKind = keyof (typeof SUBJECTS)["ko"];

export interface Sender {
  userId: number;
  companyId: number;
  address: string;
  name: string;
  locale: Locale;
}

/** A user of the company as a mail sender (their address is their sign-in name). */
export async function senderOf(db: DbOrTx, companyId: number, userId: number): Promise<Sender | null> {
  const [u] = await db.select({ username: users.username, name: users.accountName, lang: users.languageType }).from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  if (!u) return null;
  const lang = u.lang.toLowerCase();
  return { userId, companyId, address: u.username.toLowerCase(), name: u.name, locale: lang === "en" || lang === "id" ? lang : "ko" };
}

/** The addresses of `emails` that are not (active) users of the company. */
export async function externalOf(db: DbOrTx, companyId: number, emails: string[]): Promise<string[]> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  if (!wanted.length) return [];
  const rows = await db.select({ username: users.username }).from(users).where(and(
    eq(users.companyId, companyId), inArray(users.username, wanted), sql`${users.status} <> 'DELETED'`,
  ));
  const internal = new Set(rows.map((r) => r.username.toLowerCase()));
  return wanted.filter((e) => !internal.has(e));
}

/** One iMIP mail from `from` to `to` through the outbound path; answers the addresses it went to. */
export async function mailItip(
  deps: AppDeps, from: Sender, to: MimeAddress[], method: ItipMethod, ics: string, kind: SubjectKind,
  opts: { inReplyTo?: string } = {},
): Promise<string[]> {
  if (!to.length) return [];
  const fields = extractEvent(ics);
  const subject = `${SUBJECTS[from.locale][kind]}: ${fields.summary}`;
  const raw = await buildImipMessage({
    from: { name: from.name, address: from.address },
    to,
    subject,
    text: imipText(fields, { locale: from.locale, headline: subject }),
    method,
    ics,
    date: deps.clock.now(),
    messageId: newMessageId(deps),
    inReplyTo: opts.inReplyTo,
  });
  const addresses = to.map((t) => t.address);
  await sendStored(deps, { companyId: from.companyId, senderUserId: from.userId, senderAddress: from.address, raw, to: addresses });
  return addresses;
}

/** Attendee addresses (lower-case) and names of an object. */
function attendeesOf(text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const a of extractEvent(text).attendees) if (a.email && !out.has(a.email)) out.set(a.email, a.name);
  return out;
}

/** The wall clocks of the master's EXDATEs ("2026-12-10T10:00:00"). */
function exdatesOf(text: string): Set<string> {
  const { master } = eventsOf(parseCalendar(text));
  const out = new Set<string>();
  for (const p of master?.getAllProperties("exdate") ?? []) {
    for (const v of p.getValues()) out.add(String(v).replace(/Z$/, ""));
  }
  return out;
}

/**
 * Whether the attendees' copies must be replaced: a change SEQUENCE guards (times, recurrence, status, place;
 * an override added or removed: isSignificantChange) or of the title or description. Answers, stamps,
 * attendees (people added get their own REQUEST, people taken off a CANCEL) and occurrences deleted (their
 * CANCELs) are not.
 */
function changedForGuests(beforeText: string, afterText: string): boolean {
  const withoutExdates = (text: string) => text.replace(/\r?\n[ \t]/g, "").split(/\r?\n/).filter((l) => !/^EXDATE[;:]/i.test(l)).join("\r\n");
  if (isSignificantChange(withoutExdates(beforeText), withoutExdates(afterText))) return true;
  const a = extractEvent(beforeText);
  const b = extractEvent(afterText);
  return a.summary !== b.summary || a.description !== b.description;
}

/** The events of a calendar organised by a user of the company (those with attendees), before it is deleted. */
export async function organisedEvents(db: DbOrTx, companyId: number, calendarId: number): Promise<EventRow[]> {
  return await db.select().from(calendarEvents).where(and(
    eq(calendarEvents.companyId, companyId), eq(calendarEvents.calendarId, calendarId), isNotNull(calendarEvents.organizerUserId),
  ));
}

export interface ItipSent {
  requested: string[];
  cancelled: string[];
}

/**
 * What an organiser's write means to the external attendees, mailed: `before` null for a new event, `after`
 * null for a deleted one. Only events organised by a user of the company (the organiser's address is that
 * user's) are sent; a copy of an outside invitation never is. Never throws.
 */
export async function sendItipChanges(deps: AppDeps, before: EventRow | null, after: EventRow | null): Promise<ItipSent> {
  const sent: ItipSent = { requested: [], cancelled: [] };
  try {
    const row = after ?? before;
    if (!row || row.organizerUserId === null) return sent;
    const organizer = await senderOf(deps.db, row.companyId, row.organizerUserId);
    if (!organizer || (row.organizerEmail ?? "").toLowerCase() !== organizer.address) return sent;
    const now = deps.clock.now();
    const people = (text: string) => attendeesOf(text);
    const beforePeople = before ? people(before.ical) : new Map<string, string>();
    const afterPeople = after ? people(after.ical) : new Map<string, string>();
    const extBefore = await externalOf(deps.db, row.companyId, [...beforePeople.keys()].filter((e) => e !== organizer.address));
    const extAfter = await externalOf(deps.db, row.companyId, [...afterPeople.keys()].filter((e) => e !== organizer.address));
    const to = (emails: string[], names: Map<string, string>) => emails.map((address) => ({ address, name: names.get(address) ?? "" }));

    if (!after) {
      const ics = buildCancel(before!.ical, { now });
      sent.cancelled.push(...await mailItip(deps, organizer, to(extBefore, beforePeople), "CANCEL", ics, "cancel"));
      return sent;
    }
    const removed = extBefore.filter((e) => !extAfter.includes(e));
    if (removed.length) {
      const ics = buildCancel(before!.ical, { now, attendees: removed, sequence: after.sequence });
      sent.cancelled.push(...await mailItip(deps, organizer, to(removed, beforePeople), "CANCEL", ics, "cancel"));
    }
    if (!extAfter.length) return sent;
    if (!before) {
      sent.requested.push(...await mailItip(deps, organizer, to(extAfter, afterPeople), "REQUEST", buildRequest(after.ical, { now }), "invite"));
      return sent;
    }
    const added = extAfter.filter((e) => !extBefore.includes(e));
    const changed = changedForGuests(before.ical, after.ical);
    // Occurrences deleted: a CANCEL of each to those who were invited before.
    const gone = [...exdatesOf(after.ical)].filter((d) => !exdatesOf(before.ical).has(d));
    const stayed = extAfter.filter((e) => !added.includes(e));
    for (const rid of gone) {
      if (!stayed.length) break;
      const ics = buildCancel(after.ical, { now, recurrenceId: rid, sequence: after.sequence });
      sent.cancelled.push(...await mailItip(deps, organizer, to(stayed, afterPeople), "CANCEL", ics, "cancel"));
    }
    const requestTo = changed ? extAfter : added;
    if (requestTo.length) {
      sent.requested.push(...await mailItip(deps, organizer, to(requestTo, afterPeople), "REQUEST", buildRequest(after.ical, { now }), changed && !added.length ? "update" : "invite"));
    }
  } catch (e) {
    deps.log.error("calendar.itip_send_failed", { error: String(e) });
  }
  return sent;
}
