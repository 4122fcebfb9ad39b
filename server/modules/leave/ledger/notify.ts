// Notices of leave changes, sent after the change committed (best effort: a failure is logged, never undoes the
// change; mails are awaited before the call answers, as approval's notify.ts does):
// - realtime LEAVE_CHANGED { userId } on leaveTopic(username) to the employee, their approvers and HR;
// - a mail to the approvers when an employee applies (or asks for days), and to the employee when their leave
//   or request is decided, in the recipient's language, linking to the leave screen;
// - the same notice in the bell (notifications/notify.ts: leave.applied, requested, approved, rejected), linking to
//   the approver's pending list or the employee's dashboard; the mail goes only to those who want that kind by
//   mail (mailWanted: on unless they turned it off).
import { and, eq, inArray, or } from "drizzle-orm";
import { users } from "../../../../db/schema/index.ts";
import { LEAVE_CHANGED, leaveTopic } from "../../../../shared/leave/constants.ts";
import type { Language } from "../../../../shared/locale.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { escapeHtml } from "../../mail/compose/mime.ts";
import { languageOf } from "../../mail/compose/mail-text.ts";
import { approversOf } from "../settings/roles.ts";
import type { NotificationKind } from "../../../../shared/notifications/kinds.ts";
import { mailWanted, notify } from "../../notifications/notify.ts";

const BELL_KIND: Record<NoticeKind, NotificationKind> = {
  APPLIED: "leave.applied", REQUESTED: "leave.requested", APPROVED: "leave.approved", REJECTED: "leave.rejected",
};

export type NoticeKind = "APPLIED" | "REQUESTED" | "APPROVED" | "REJECTED";

const TEXTS: Record<Language, Record<NoticeKind, string> & { prefix: string; open: string; who: string; when: string }> = {
  ko: {
    prefix: "휴가", APPLIED: "휴가 신청이 도착했습니다", REQUESTED: "휴가 부여 요청이 도착했습니다",
    APPROVED: "휴가가 승인되었습니다", REJECTED: "휴가가 반려되었습니다", open: "휴가 화면 열기", who: "신청자", when: "기간",
  },
  en: {
    prefix: "Leave", APPLIED: "A leave application is waiting for you", REQUESTED: "A request for leave days is waiting for you",
    APPROVED: "Your leave was approved", REJECTED: "Your leave was rejected", open: "Open leave", who: "Applicant", when: "Dates",
  },
  id: {
    prefix: "Cuti", APPLIED: "Pengajuan cuti menunggu Anda", REQUESTED: "Permintaan hari cuti menunggu Anda",
    APPROVED: "Cuti Anda disetujui", REJECTED: "Cuti Anda ditolak", open: "Buka cuti", who: "Pemohon", when: "Tanggal",
  },
};

export interface LeaveNotice {
  kind: NoticeKind;
  /** The leave type and the dates as the mail shows them. */
  title: string;
  dates: string;
  /** Who decided (APPROVED, REJECTED); an application's actor is the employee. */
  actorId?: number | null;
}

/** The company's HR administrators (admins and is_hr users). */
async function hrPeople(deps: AppDeps, companyId: number) {
  return await deps.db.select({ id: users.id, username: users.username }).from(users).where(and(
    eq(users.companyId, companyId), eq(users.status, "ACTIVE"), or(eq(users.role, "ROLE_ADMIN"), eq(users.isHr, true)),
  ));
}

/** LEAVE_CHANGED to everyone concerned with the user's leave and the notice mail, if any. Never throws. */
export async function notifyLeave(deps: AppDeps, companyId: number, userId: number, notice: LeaveNotice | null) {
  const mails: Promise<void>[] = [];
  try {
    const approvers = await approversOf(deps.db, companyId, userId);
    const ids = [...new Set([userId, ...approvers.map((a) => a.id)])];
    const people = await deps.db.select({ id: users.id, username: users.username, name: users.accountName, language: users.languageType })
      .from(users).where(and(eq(users.companyId, companyId), inArray(users.id, ids)));
    const topics = new Set([...people, ...await hrPeople(deps, companyId)].map((p) => p.username));
    await Promise.all([...topics].map((u) => deps.realtime.publish(leaveTopic(u), LEAVE_CHANGED, { userId })));
    if (!notice) return;
    const employee = people.find((p) => p.id === userId);
    if (!employee) return;
    const to = notice.kind === "APPLIED" || notice.kind === "REQUESTED" ? people.filter((p) => p.id !== userId) : [employee];
    const link = `${deps.config.PUBLIC_URL.replace(/\/$/, "")}/#/leave/members/${userId}`;
    const kind = BELL_KIND[notice.kind];
    const asking = notice.kind === "APPLIED" || notice.kind === "REQUESTED";
    await notify(deps, companyId, {
      kind, userIds: to.map((p) => p.id), actorId: asking ? userId : notice.actorId ?? null, title: `${notice.title} (${notice.dates})`,
      link: asking ? "/leave/pending" : `/leave/members/${userId}`,
    }, { mail: false });
    const wanted = await mailWanted(deps, to.map((p) => p.id), kind);
    for (const p of to.filter((p) => wanted.has(p.id))) {
      const w = TEXTS[languageOf(p.language)];
      const lines: [string, string][] = [[w.who, employee.name], [w.when, notice.dates]];
      mails.push(deps.mailer.send({
        to: p.username,
        subject: `[${w.prefix}] ${w[notice.kind]}: ${notice.title}`,
        text: [`${w[notice.kind]}.`, "", notice.title, ...lines.map(([k, v]) => `${k}: ${v}`), "", `${w.open}: ${link}`].join("\n"),
        html: `<p>${escapeHtml(w[notice.kind])}.</p><p><b>${escapeHtml(notice.title)}</b><br>` +
          lines.map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(v)}`).join("<br>") +
          `</p><p><a href="${escapeHtml(link)}">${escapeHtml(w.open)}</a></p>`,
      }).catch((e) => deps.log.error(`leave: the notice mail to ${p.username} failed`, e)));
    }
  } catch (e) {
    deps.log.error("leave: notifying a change failed", e);
  } finally {
    await Promise.all(mails);
  }
}
