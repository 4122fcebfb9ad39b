// How a module records what concerns a person (issue 32, shared/notifications/): call notify() after the change
// committed, where the module already sends its realtime notice. It never throws (a failure is logged and never
// undoes the action) and:
// - leaves out the actor themselves, people of another company and inactive accounts;
// - inserts one row per recipient (the bell), publishes NOTIFICATION_NEW { id, count } on their topic;
// - mails those whose choice (notification_mail_settings, else the kind's default) says so, with the generic
//   notification mail below, unless the module sends its own richer mail: then it passes { mail: false } and asks
//   mailWanted() whom to send it to.
// Mails are awaited before notify() resolves, as approval's and leave's notices are (no durable queue).
import { type SQL, sql } from "drizzle-orm";
import { NOTIFICATION_KINDS, type NotificationKind } from "../../../shared/notifications/kinds.ts";
import { EXCERPT_MAX, NOTIFICATION_NEW, notificationTopic } from "../../../shared/notifications/api.ts";
import { notificationText } from "../../../shared/notifications/texts.ts";
import type { DbOrTx } from "../../../db/client.ts";
import type { AppDeps } from "../../lib/context.ts";
import { bigintArray } from "../../lib/sql-array.ts";
import { escapeHtml } from "../mail/compose/mime.ts";
import { languageOf } from "../mail/compose/mail-text.ts";

export interface NotificationInput {
  kind: NotificationKind;
  /** The people it concerns (ids of users of companyId). */
  userIds: number[];
  /** Who acted; left out of the recipients. null: the system. */
  actorId: number | null;
  /** The object's title as it is now. */
  title: string;
  /** A reply's or comment's text, a message: cut to EXCERPT_MAX. */
  excerpt?: string | null;
  /** The app path that opens the object (hash route, e.g. "/approval/doc/list/ab/12"). */
  link: string;
  /** "<module>:<id>", so the module can remove the notifications of an object it deleted (forgetObject). */
  objectKey?: string | null;
}

export interface NotifyOptions {
  /** false: the module mails on its own (ask mailWanted first); default true: the generic mail. */
  mail?: boolean;
}

const OPEN: Record<string, string> = { ko: "열기", en: "Open", id: "Buka" };

/** Records, publishes and mails one notification kind for its recipients. Never throws. */
export async function notify(deps: AppDeps, companyId: number, n: NotificationInput, opts: NotifyOptions = {}): Promise<void> {
  const mails: Promise<void>[] = [];
  try {
    const ids = [...new Set(n.userIds)].filter((id) => id !== n.actorId);
    if (!ids.length) return;
    const excerpt = n.excerpt ? n.excerpt.replace(/\s+/g, " ").trim().slice(0, EXCERPT_MAX) || null : null;
    const title = n.title.slice(0, 500);
    const rows = await deps.db.execute<{ id: string; user_id: string; username: string; language_type: string; count: string; mail: boolean }>(sql`
      with targets as (
        select u.id, u.username, u.language_type from users u
        where u.company_id = ${companyId} and u.status = 'ACTIVE' and u.id = any(${bigintArray(ids)})),
      ins as (
        insert into notifications (company_id, user_id, kind, actor_id, title, excerpt, link, object_key)
        select ${companyId}, t.id, ${n.kind}, ${n.actorId}, ${title}, ${excerpt}, ${n.link}, ${n.objectKey ?? null}
        from targets t
        returning id, user_id)
      select ins.id, ins.user_id, t.username, t.language_type,
        (select count(*) from notifications x where x.user_id = ins.user_id and x.read_at is null) + 1 as count,
        coalesce(s.mail, ${NOTIFICATION_KINDS[n.kind].mail}) as mail
      from ins join targets t on t.id = ins.user_id
      left join notification_mail_settings s on s.user_id = ins.user_id and s.kind = ${n.kind}`);
    if (!rows.length) return;
    await Promise.all(rows.map((r) =>
      deps.realtime.publish(notificationTopic(r.username), NOTIFICATION_NEW, { id: Number(r.id), count: Number(r.count) })
    ));
    if (opts.mail === false) return;
    const wanting = rows.filter((r) => r.mail);
    if (!wanting.length) return;
    const actor = n.actorId === null ? null : (await deps.db.execute<{ display_name: string }>(sql`
      select display_name from users where id = ${n.actorId} and company_id = ${companyId}`))[0]?.display_name ?? null;
    const url = `${deps.config.PUBLIC_URL.replace(/\/$/, "")}/#${n.link}`;
    for (const r of wanting) {
      const language = languageOf(r.language_type);
      const line = notificationText(language, n.kind, actor ?? "", title);
      const text = [line, ...(excerpt ? ["", excerpt] : []), "", `${OPEN[language]}: ${url}`].join("\n");
      const html = `<p>${escapeHtml(line)}</p>${excerpt ? `<blockquote>${escapeHtml(excerpt)}</blockquote>` : ""}` +
        `<p><a href="${escapeHtml(url)}">${escapeHtml(OPEN[language])}</a></p>`;
      mails.push(
        deps.mailer.send({ to: r.username, subject: line, text, html })
          .catch((e) => deps.log.error(`notifications: the mail to ${r.username} failed`, e)),
      );
    }
  } catch (e) {
    deps.log.error(`notifications: recording ${n.kind} failed`, e);
  } finally {
    await Promise.all(mails);
  }
}

/** Of userIds, those who want `kind` by mail (their choice, else the kind's default). For modules that send
 *  their own mail (notify with { mail: false }). */
export async function mailWanted(deps: AppDeps, userIds: number[], kind: NotificationKind): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const off = await deps.db.execute<{ user_id: string; mail: boolean }>(sql`
    select user_id, mail from notification_mail_settings where kind = ${kind} and user_id = any(${bigintArray(userIds)})`);
  const chosen = new Map(off.map((r) => [Number(r.user_id), r.mail]));
  return new Set(userIds.filter((id) => chosen.get(id) ?? NOTIFICATION_KINDS[kind].mail));
}

/** Removes the notifications of an object that no longer exists (a deleted post, task, document). */
export async function forgetObject(deps: AppDeps, companyId: number, objectKey: string): Promise<void> {
  try {
    await deps.db.execute(sql`delete from notifications where company_id = ${companyId} and object_key = ${objectKey}`);
  } catch (e) {
    deps.log.error(`notifications: forgetting ${objectKey} failed`, e);
  }
}

/** In the deleting module's own transaction: the notifications of the object go with it (an error rolls back). */
export async function forgetObjectIn(db: DbOrTx, companyId: number, objectKey: string): Promise<void> {
  await db.execute(sql`delete from notifications where company_id = ${companyId} and object_key = ${objectKey}`);
}

/**
 * In the deleting module's own transaction: the notifications of the objects of one kind whose ids a select of
 * the module answers (one column; "<prefix>:<id>" each), e.g. the rows a cascade is about to take.
 */
export async function forgetSelectedIn(db: DbOrTx, companyId: number, prefix: string, ids: SQL): Promise<void> {
  await db.execute(sql`
    delete from notifications where company_id = ${companyId}
       and object_key in (select ${`${prefix}:`} || x.id from (${ids}) x(id))`);
}

/** Removes the notifications of several objects of one kind ("<prefix>:<id>" for each id) in one statement. */
export async function forgetObjects(deps: AppDeps, companyId: number, prefix: string, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  try {
    await deps.db.execute(sql`
      delete from notifications where company_id = ${companyId}
        and object_key = any(select ${`${prefix}:`} || x from unnest(${bigintArray(ids)}) x)`);
  } catch (e) {
    deps.log.error(`notifications: forgetting ${ids.length} ${prefix} objects failed`, e);
  }
}
