// The ONE statement that files prepared messages (store/filing-rows.ts insertFilings): their mail_messages
// rows, every target's mails row, and the spam-log and follow-up rows of the targets that have them, chained
// through data-modifying CTEs. One statement is one round trip and, outside a transaction, its own
// transaction: a group of messages (store/group-commit.ts) costs one commit and no BEGIN/COMMIT round trips.
// Each CTE numbers the rows it inserted by their new ids, which the sequence hands out in insertion order
// (VALUES order, or the ORDER BY of an INSERT ... SELECT), so a mails row finds its message by the message's
// place, and a spam-log or follow-up row its mail by the mail's place. Values are bound as parameters with
// Drizzle's own column encodings and SQL types (the client is shared with Drizzle, which sends JSON and times
// as text), so the text of the statement depends only on how many rows of each kind there are: postgres.js
// prepares it once per shape and connection (and replaces its connections every 30-60 minutes, which bounds
// how many shapes one keeps).
import { type Column, getTableColumns } from "drizzle-orm";
import { mailMessages, mails } from "../../../../db/schema/mail.ts";
import { mailFollowups, mailSpamLog } from "../../../../db/schema/mail-settings.ts";

/** The mail_messages values of one message, by Drizzle key (all given, null where empty). */
export type MessageValues = Record<(typeof MESSAGE_KEYS)[number], unknown>;

/** One mails row: its message (index into the messages), its values, and what hangs on it. */
export interface TargetValues {
  message: number;
  values: Record<(typeof MAIL_KEYS)[number], unknown>;
  /** The conversation key; null: the message's own id ("local-<id>"), known only once inserted. */
  threadKey: string | null;
  spamLog?: Record<(typeof SPAM_KEYS)[number], unknown>;
  followUp?: Record<(typeof FOLLOW_KEYS)[number], unknown>;
}

/** A row of the statement's answer: a message (kind 0) or a mails row (kind 1), at its place (from 1). */
export interface FiledRow {
  kind: number;
  place: number;
  id: string | number;
  user_id: string | number | null;
  folder_id: string | number | null;
}

const MESSAGE_KEYS = [
  "companyId", "blobKey", "headerPrefix", "size", "messageIdHeader", "inReplyTo", "references", "subject", "fromName",
  "fromAddress", "to", "cc", "bcc", "replyTo", "sentAt", "textBody", "htmlBody", "snippet", "attachments",
  "hasAttachments", "priority", "authResults",
] as const;
const MAIL_KEYS = [
  "companyId", "userId", "folderId", "mailType", "read", "readAt", "important", "tags", "receivedAt", "size",
  "hasAttachments", "internal", "spamReason", "category", "reserveAt", "searchVector",
] as const;
const SPAM_KEYS = ["companyId", "userId", "adrFrom", "pattern", "msgSize", "subject", "status", "insertDate"] as const;
const FOLLOW_KEYS = ["companyId", "userId", "envelopeFrom", "local", "runAfter"] as const;

export function filingStatement(messages: MessageValues[], targets: TargetValues[]): { text: string; params: unknown[] } {
  const b = new Binder();
  const m = getTableColumns(mailMessages);
  const parts = [
    `msg as (insert into mail_messages (${names(m, MESSAGE_KEYS)}) values\n${b.tuples(m, MESSAGE_KEYS, messages)}\nreturning id)`,
    `msg_n as (select id, row_number() over (order by id) as place from msg)`,
  ];
  let answer = `select 0 as kind, place::int, id, null::bigint as user_id, null::bigint as folder_id from msg_n`;
  if (targets.length) {
    const t = getTableColumns(mails);
    const lead = (i: number) => [b.int(i + 1), b.int(targets[i].message + 1), b.bind(t.threadKey, targets[i].threadKey)];
    parts.push(
      `box as (insert into mails (${names(t, MAIL_KEYS)}, "message_id", "thread_key")
        select ${names(t, MAIL_KEYS, "v.")}, m.id, coalesce(v.thread_key, 'local-' || m.id)
        from (values\n${b.tuples(t, MAIL_KEYS, targets.map((x) => x.values), lead)}) as v(place, message, thread_key, ${names(t, MAIL_KEYS)})
        join msg_n m on m.place = v.message order by v.place
        returning id, user_id, folder_id)`,
      `box_n as (select id, user_id, folder_id, row_number() over (order by id) as place from box)`,
      ...b.hanging("spam", "mail_spam_log", getTableColumns(mailSpamLog), SPAM_KEYS, targets.map((x) => x.spamLog)),
      ...b.hanging("follow", "mail_followups", getTableColumns(mailFollowups), FOLLOW_KEYS, targets.map((x) => x.followUp)),
    );
    answer += `\nunion all select 1, place::int, id, user_id, folder_id from box_n`;
  }
  return { text: `with ${parts.join(",\n")}\n${answer}`, params: b.params };
}

/** The columns of `keys`, quoted, each after `prefix`. */
function names(cols: Record<string, Column>, keys: readonly string[], prefix = ""): string {
  return keys.map((k) => `${prefix}"${cols[k].name}"`).join(", ");
}

/** Binds values as parameters ($n) and renders the SQL that refers to them. */
class Binder {
  params: unknown[] = [];

  /** A value of column `col`, encoded as Drizzle encodes it, cast to the column's type. */
  bind(col: Column, v: unknown): string {
    this.params.push(v === null || v === undefined ? null : col.mapToDriverValue(v));
    return `$${this.params.length}::${col.getSQLType()}`;
  }

  int(n: number): string {
    this.params.push(n);
    return `$${this.params.length}::int`;
  }

  /** VALUES tuples: per row, `lead(i)` first, then the row's values of `keys`. */
  tuples<K extends string>(cols: Record<string, Column>, keys: readonly K[], list: Record<K, unknown>[], lead?: (i: number) => string[]): string {
    return list.map((r, i) => `(${[...(lead?.(i) ?? []), ...keys.map((k) => this.bind(cols[k], r[k]))].join(", ")})`).join(",\n");
  }

  /** The CTE inserting rows that hang on mails rows (their mail_id), for the targets that have one. */
  hanging<K extends string>(name: string, table: string, cols: Record<string, Column>, keys: readonly K[], perTarget: (Record<K, unknown> | undefined)[]): string[] {
    const places = perTarget.flatMap((r, i) => r ? [i + 1] : []);
    if (!places.length) return [];
    const list = places.map((p) => perTarget[p - 1]!);
    return [`${name} as (insert into ${table} (${names(cols, keys)}, "mail_id")
      select ${names(cols, keys, "v.")}, b.id
      from (values\n${this.tuples(cols, keys, list, (i) => [this.int(places[i])])}) as v(place, ${names(cols, keys)})
      join box_n b on b.place = v.place)`];
  }
}
