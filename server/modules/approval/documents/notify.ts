// Notices of approval changes, sent after the change committed (best effort: a failure is logged, never undoes
// the action; the mails are awaited, in parallel, before the action answers: system mail goes straight to the SMTP
// relay (lib/mailer.ts), the suite having no durable queue for it):
// - realtime APPROVAL_CHANGED { documentId } on approvalTopic(username) to everyone the document concerns (the
//   drafter, the lines' users, members and keepers of the lines' departments, deputies standing in);
// - APPROVAL_NOTICE { documentId, kind, box } and a mail to those a step is for (lines/flow.ts Notice): the next
//   approver (and their active deputy), a department's keepers (else its managers), the drafter on completion,
//   rejection or return, the receivers, CC and shared-reading lines. The mail names the document and links to
//   the box the recipient finds it in.
// - a notification in the bell (notifications/notify.ts) per notice: approval.turn (HELP_TURN too), completed,
//   rejected, returned, receive and cc (SHARE too); the module's own mail goes only to those who want that kind
//   by mail (mailWanted: on unless they turned it off).
import { sql } from "drizzle-orm";
import {
  APPROVAL_CHANGED, APPROVAL_NOTICE, type ApprovalNoticeKind, approvalTopic, type BoxKey,
} from "../../../../shared/approval/constants.ts";
import { approvalLink } from "../../../lib/app-links.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { Notice } from "../lines/flow.ts";
import { deputyActsAt } from "../config/deputy.ts";
import { approvalMail } from "./mail.ts";
import type { NotificationKind } from "../../../../shared/notifications/kinds.ts";
import { mailWanted, notify } from "../../notifications/notify.ts";

/** The bell's kind of a notice. */
const BELL_KIND: Record<Notice["kind"], NotificationKind> = {
  TURN: "approval.turn",
  HELP_TURN: "approval.turn",
  COMPLETED: "approval.completed",
  REJECTED: "approval.rejected",
  RETURNED: "approval.returned",
  RECEIVE: "approval.receive",
  CC: "approval.cc",
  SHARE: "approval.cc",
};

interface Recipient {
  userId: number;
  username: string;
  language: string;
}

/** The box a notice's recipient finds the document in. */
export function boxOf(n: Notice): BoxKey {
  switch (n.kind) {
    case "TURN":
      return "ab";
    case "HELP_TURN":
      return n.organId === null ? "ab" : "oh";
    case "COMPLETED":
      return "dc";
    case "REJECTED":
      return "dr";
    case "RETURNED":
      return "dn";
    case "RECEIVE":
      return n.organId === null ? "rb" : "or";
    case "CC":
      return "cc";
    default:
      return "sh";
  }
}

async function concerned(deps: AppDeps, companyId: number, docId: number, now: Date): Promise<{ username: string }[]> {
  return await deps.db.execute<{ username: string }>(sql`
    with ids(id) as (
      select drafter_id from approval_documents where id = ${docId} and company_id = ${companyId}
      union select user_id from approval_lines where document_id = ${docId} and user_id is not null
      union select acted_by_user_id from approval_lines where document_id = ${docId} and acted_by_user_id is not null
      union select om.user_id from approval_lines l join organization_members om on om.organ_id = l.organ_id
        where l.document_id = ${docId} and l.user_id is null
      union select m.user_id from approval_lines l join approval_managers m on m.organ_id = l.organ_id where l.document_id = ${docId}
      union select dp.deputy_id from approval_lines l join approval_deputies dp on dp.user_id = l.user_id
        where l.document_id = ${docId} and ${deputyActsAt(now)})
    select u.username from users u join ids on ids.id = u.id where u.company_id = ${companyId}`);
}

/** The people a notice is for. */
async function recipientsOf(deps: AppDeps, companyId: number, n: Notice, now: Date): Promise<Recipient[]> {
  const rows = n.userId !== null
    ? await deps.db.execute<Record<string, unknown>>(sql`
      select u.id, u.username, u.language_type from users u
      where u.company_id = ${companyId} and u.status = 'ACTIVE' and (u.id = ${n.userId}
        or (${n.kind === "TURN" || n.kind === "HELP_TURN"} and u.id in (select dp.deputy_id from approval_deputies dp
          where dp.user_id = ${n.userId} and ${deputyActsAt(now)})))`)
    : await deps.db.execute<Record<string, unknown>>(sql`
      select u.id, u.username, u.language_type from users u
      where u.company_id = ${companyId} and u.status = 'ACTIVE' and (
        u.id in (select m.user_id from approval_managers m where m.organ_id = ${n.organId})
        or (not exists (select 1 from approval_managers m where m.organ_id = ${n.organId})
          and u.id in (select om.user_id from organization_members om where om.organ_id = ${n.organId} and om.is_manager))
        or (${n.kind === "CC" || n.kind === "SHARE"}
          and u.id in (select om.user_id from organization_members om where om.organ_id = ${n.organId})))`);
  return rows.map((r) => ({ userId: Number(r.id), username: String(r.username), language: String(r.language_type) }));
}

/** Sends the realtime events, notifications and mails of one committed change; actorId: who acted (the bell's
 *  actor, except for a turn, whose actor is the drafter). Never throws. */
export async function notifyChange(deps: AppDeps, companyId: number, docId: number, notices: Notice[], actorId: number | null = null): Promise<void> {
  const mails: Promise<void>[] = [];
  try {
    const now = deps.clock.now();
    const everyone = await concerned(deps, companyId, docId, now);
    await Promise.all(everyone.map((u) => deps.realtime.publish(approvalTopic(u.username), APPROVAL_CHANGED, { documentId: docId })));
    if (!notices.length) return;
    const found = (await deps.db.execute<{ title: string; doc_num: string | null; drafter: string; drafter_id: string }>(sql`
      select d.title, d.doc_num, u.display_name as drafter, d.drafter_id from approval_documents d join users u on u.id = d.drafter_id
      where d.id = ${docId} and d.company_id = ${companyId}`))[0];
    if (!found) return;
    const { drafter_id, ...doc } = found;
    const sent = new Set<string>();
    for (const n of notices) {
      const box = boxOf(n);
      const kind = BELL_KIND[n.kind];
      const to = (await recipientsOf(deps, companyId, n, now)).filter((r) => !sent.has(`${r.userId}:${n.kind}`));
      for (const r of to) sent.add(`${r.userId}:${n.kind}`);
      if (!to.length) continue;
      await Promise.all(to.map((r) => deps.realtime.publish(approvalTopic(r.username), APPROVAL_NOTICE, { documentId: docId, kind: n.kind, box })));
      await notify(deps, companyId, {
        kind, userIds: to.map((r) => r.userId), actorId: kind === "approval.turn" ? Number(drafter_id) : actorId, title: doc.title,
        link: approvalLink(docId, box), objectKey: `approval:${docId}`,
      }, { mail: false });
      const wanted = await mailWanted(deps, to.map((r) => r.userId), kind);
      for (const r of to.filter((r) => wanted.has(r.userId))) {
        const mail = approvalMail(deps, { to: r.username, language: r.language, kind: n.kind as ApprovalNoticeKind, box, docId, ...doc });
        mails.push(deps.mailer.send(mail).catch((e) => deps.log.error(`approval: the notice mail to ${r.username} failed`, e)));
      }
    }
  } catch (e) {
    deps.log.error("approval: notifying a change failed", e);
  } finally {
    // Awaited (each failure logged): the action's answer comes once its mails were handed to the relay, so a
    // shutdown never cuts a notice off half-sent.
    await Promise.all(mails);
  }
}
