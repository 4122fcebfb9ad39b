// The calendar invitation card above an opened mail's body: for each event the mail carries, its title,
// when (in the reader's language and time zone), where, the organiser, the guests with their answers, and
// a clear cancelled state for a CANCEL. Shown only for mails whose view item says hasCalendar. The answers
// (accept, tentative, decline; remove a cancelled event; accept or decline a new time) are
// InvitationActions, for mails of the reader's own mailbox in a company with the calendar.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { CalendarAttendee, CalendarEvent } from "@shared/mail/calendar.ts";
import type { MailView } from "@shared/mail/reading.ts";
import { SvgIcon } from "../../../../ui/icons.tsx";
import { mailCalendarQuery } from "./queries.ts";
import { InvitationActions } from "./InvitationActions.tsx";
import { userDetailQuery } from "../../../../app/queries.ts";
import { repeatKind, whenText } from "./when.ts";
import "./calendar.css";

const CALENDAR_ICON = "M19 4H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h14a2 2 0 0 0 2-2V6a2 2 0 0 0-2-2zM16 2v4M8 2v4M3 10h18";
const KINDS = ["REQUEST", "CANCEL", "REPLY", "PUBLISH", "COUNTER"];
const ANSWERS = ["ACCEPTED", "TENTATIVE", "DECLINED", "NEEDS-ACTION", "DELEGATED"] as const;
const answerKey = (partstat: string) => (ANSWERS as readonly string[]).includes(partstat) ? partstat.toLowerCase().replace("-", "_") : "needs_action";

export function InvitationCard({ mail, ownerId }: { mail: MailView; ownerId?: number }) {
  const q = useQuery({ ...mailCalendarQuery(mail.mailId, ownerId), enabled: mail.hasCalendar });
  const useCalendar = useQuery(userDetailQuery).data?.usedModules.includes("calendar") ?? false;
  if (!mail.hasCalendar || !q.data?.events.length) return null;
  return (
    <div className="mc-cards">
      {q.data.events.map((e, i) => <EventCard key={`${e.uid}-${e.recurrenceId?.local ?? ""}-${i}`} event={e} />)}
      {ownerId === undefined && useCalendar && <InvitationActions mailId={mail.mailId} />}
    </div>
  );
}

function personText(p: { name: string; email: string }): string {
  if (p.name && p.email && p.name.toLowerCase() !== p.email) return `${p.name} <${p.email}>`;
  return p.name || p.email;
}

function EventCard({ event: e }: { event: CalendarEvent }) {
  const { t, i18n } = useTranslation("mail");
  const cancelled = e.method === "CANCEL" || e.status === "CANCELLED";
  const kind = cancelled ? "CANCEL" : KINDS.includes(e.method ?? "") ? e.method! : "PUBLISH";
  const when = whenText(e, i18n.language, t("calendar.allDay"));
  const repeat = repeatKind(e.rrule);
  const replier = e.method === "REPLY" ? e.attendees[0] : undefined;
  const title = e.summary || t("calendar.noTitle");

  return (
    <section className={`mc-card${cancelled ? " mc-cancelled" : ""}`} aria-label={`${t(`calendar.kind.${kind}`)}: ${title}`} data-testid="mail-invitation">
      <div className="mc-head">
        <SvgIcon d={CALENDAR_ICON} size={18} />
        <span className="mc-kind">{t(`calendar.kind.${kind}`)}</span>
        {!cancelled && e.method === "REQUEST" && e.sequence > 0 && <span className="mc-badge">{t("calendar.updated")}</span>}
      </div>
      <h3 className="mc-title">{title}</h3>
      {cancelled && <p className="mc-cancel-note" role="note">{t("calendar.cancelledNote")}</p>}
      {replier && <p className="mc-reply">{t(`calendar.reply.${answerKey(replier.partstat)}`, { name: replier.name || replier.email })}</p>}
      <dl className="mc-facts">
        {when.text && (
          <>
            <dt>{t("calendar.when")}</dt>
            <dd>
              <span className="mc-when">{when.text}</span>
              {when.original && <span className="mc-sub">{t("calendar.original", { time: when.original })}</span>}
              {repeat && <span className="mc-sub">{t(`calendar.repeat.${repeat}`)}</span>}
            </dd>
          </>
        )}
        {e.location && (
          <>
            <dt>{t("calendar.where")}</dt>
            <dd className="mc-wrap">{e.location}</dd>
          </>
        )}
        {e.organizer && (
          <>
            <dt>{t("calendar.organizer")}</dt>
            <dd className="mc-wrap">{personText(e.organizer)}</dd>
          </>
        )}
        {e.attendees.length > 0 && !replier && (
          <>
            <dt>{t("calendar.attendees")}</dt>
            <dd><Attendees list={e.attendees} /></dd>
          </>
        )}
      </dl>
    </section>
  );
}

function Attendees({ list }: { list: CalendarAttendee[] }) {
  const { t } = useTranslation("mail");
  const counts = new Map<string, number>();
  for (const a of list) counts.set(answerKey(a.partstat), (counts.get(answerKey(a.partstat)) ?? 0) + 1);
  const summary = ANSWERS.map(answerKey).filter((k) => counts.has(k)).map((k) => `${t(`calendar.answer.${k}`)} ${counts.get(k)}`).join(" · ");
  return (
    <details className="mc-attendees">
      <summary>
        <span>{t("calendar.attendeeCount", { count: list.length })}</span>
        <span className="mc-sub-inline">{summary}</span>
      </summary>
      <ul>
        {list.map((a, i) => (
          <li key={`${a.email}-${i}`}>
            <span className="mc-wrap">{personText(a)}</span>
            <span className={`mc-answer mc-answer-${answerKey(a.partstat)}`}>{t(`calendar.answer.${answerKey(a.partstat)}`)}</span>
            {a.role === "OPT-PARTICIPANT" && <span className="mc-sub-inline">{t("calendar.optional")}</span>}
            {a.role === "CHAIR" && <span className="mc-sub-inline">{t("calendar.chair")}</span>}
          </li>
        ))}
      </ul>
    </details>
  );
}
