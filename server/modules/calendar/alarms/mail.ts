// The alarm by mail (for users who chose it: calendar_alarm_settings.by_mail): a short mail in the user's
// language (users.languageType: ko, en, id), filed straight into their own inbox through the mail store's one
// way in (fileMessage's steps, as the server's delivery-failure notices are: mail/outbound/bounce.ts). It is
// staged and filed inside the job's claiming transaction, so the alarm's claim and its mail commit together.
import MailComposer from "nodemailer/lib/mail-composer";
import type { Tx } from "../../../../db/client.ts";
import type { Language } from "../../../../shared/locale.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { escapeHtml, mailHostname, newMessageId } from "../../mail/compose/mime.ts";
import { languageOf } from "../../mail/compose/mail-text.ts";
import { announceFiled, fileStaged, stageFiling } from "../../mail/store/deliver.ts";
import { withReturnPath } from "../../mail/store/return-path.ts";
import type { Recipient } from "./recipients.ts";

const TEXTS: Record<Language, { from: string; subject: string; event: string; when: string; where: string; open: string; allDay: string }> = {
  ko: { from: "캘린더 알림", subject: "알림", event: "일정", when: "시작", where: "장소", open: "캘린더에서 보기", allDay: "종일" },
  en: { from: "Calendar reminders", subject: "Reminder", event: "Event", when: "Starts", where: "Where", open: "Open in the calendar", allDay: "all day" },
  id: { from: "Pengingat kalender", subject: "Pengingat", event: "Acara", when: "Mulai", where: "Tempat", open: "Buka di kalender", allDay: "sepanjang hari" },
};
const LOCALES: Record<Language, string> = { ko: "ko-KR", en: "en-US", id: "id-ID" };

export interface AlarmMailEvent {
  summary: string;
  location: string;
  /** Timed: the start instant; all-day: the first day "YYYY-MM-DD". */
  start: Date | string;
  /** The event's zone (times are written in it, with the zone named). */
  zone: string;
  /** "YYYY-MM-DD": the day the link opens. */
  day: string;
}

/** The start in the user's language: long, with the zone named (the body), or short (the subject). */
export function alarmWhen(e: AlarmMailEvent, lang: Language, short = false): string {
  const words = TEXTS[lang];
  const dateStyle = short ? "medium" : "full";
  if (typeof e.start === "string") {
    const date = new Date(`${e.start}T00:00:00Z`);
    return `${new Intl.DateTimeFormat(LOCALES[lang], { dateStyle, timeZone: "UTC" }).format(date)} (${words.allDay})`;
  }
  const when = new Intl.DateTimeFormat(LOCALES[lang], { dateStyle, timeStyle: "short", timeZone: e.zone }).format(e.start);
  return short ? when : `${when} (${e.zone})`;
}

async function compose(deps: AppDeps, to: Recipient, e: AlarmMailEvent): Promise<Uint8Array> {
  const lang = languageOf(to.language);
  const words = TEXTS[lang];
  const when = alarmWhen(e, lang);
  const link = `${deps.config.PUBLIC_URL.replace(/\/$/, "")}/#/cal/day/${e.day}`;
  const lines: [string, string][] = [[words.event, e.summary], [words.when, when], ...(e.location ? [[words.where, e.location] as [string, string]] : [])];
  const node = new MailComposer({
    from: { name: words.from, address: `no-reply@${mailHostname(deps)}` },
    to: to.username,
    subject: `${words.subject}: ${e.summary} (${alarmWhen(e, lang, true)})`,
    text: [...lines.map(([k, v]) => `${k}: ${v}`), "", `${words.open}: ${link}`].join("\n"),
    html: `<p>${lines.map(([k, v]) => `<b>${escapeHtml(k)}</b>: ${escapeHtml(v)}`).join("<br>")}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(words.open)}</a></p>`,
    messageId: `<${newMessageId(deps)}>`,
    date: deps.clock.now(),
    headers: { "Auto-Submitted": "auto-generated" },
  }).compile();
  const built = await new Promise<Buffer>((ok, fail) => node.build((err, msg) => err ? fail(err) : ok(msg)));
  return withReturnPath(new Uint8Array(built.buffer, built.byteOffset, built.byteLength), "");
}

/**
 * Files the alarm mail of each recipient in `tx` (each under a savepoint: a mail that cannot be filed is logged
 * and the alarm still reaches everyone's browser); answers what to announce (NEW_MAIL) once it committed.
 */
export async function fileAlarmMails(deps: AppDeps, tx: Tx, companyId: number, to: Recipient[], e: AlarmMailEvent) {
  const announce: (() => void)[] = [];
  for (const r of to) {
    try {
      const staged = await stageFiling(deps, {
        companyId, raw: await compose(deps, r, e), receivedAt: deps.clock.now(),
        targets: [{ userId: r.userId, folder: "INBOX", internal: true, notify: { username: r.username } }],
      });
      const result = await tx.transaction((sp) => fileStaged(sp, staged));
      announce.push(() => announceFiled(deps, staged, result));
    } catch (err) {
      deps.log.error(`calendar alarms: the mail to user ${r.userId} could not be filed`, err);
    }
  }
  return announce;
}
