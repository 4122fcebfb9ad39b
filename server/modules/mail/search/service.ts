// Mail search (000 §3 "Mail search history" options, §5 "Search word required"). The GIN index on
// mails.search_vector finds candidates (every word's lexemes, restricted to the weights of the parts asked
// for: A subject, B addresses, C body, D attachment names); each candidate is then checked against the real
// text of those parts (ILIKE), so "회의록" does not match "회의 ... 의록", and From, To and Cc, which share
// weight B, are told apart. Only the page's rows are then read in full.
import { and, gte, lte, type SQL, sql } from "drizzle-orm";
import { mailMessages, mails } from "../../../../db/schema/mail.ts";
import type { MailListPage } from "../../../../shared/mail/reading.ts";
import { SEARCH_COUNT_CAP, SEARCH_TEXT_FIELDS, type SearchOptions, type SearchPart, TYPE_PARTS } from "../../../../shared/mail/search.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { containsPattern } from "../../../lib/like.ts";
import { listItemsByIds, NEWEST_FIRST } from "../reading/repo.ts";
import { resolveScope } from "../reading/scope.ts";
import { queryTerm, tsqueryOf } from "./tokens.ts";
import { saveHistory } from "./history.ts";

const WEIGHT: Record<SearchPart, string> = { subject: "A", from: "B", to: "B", cc: "B", content: "C", attach: "D" };


function partMatches(part: SearchPart, p: string): SQL {
  switch (part) {
    case "subject":
      return sql`${mailMessages.subject} ilike ${p}`;
    case "from":
      return sql`(${mailMessages.fromName} ilike ${p} or ${mailMessages.fromAddress} ilike ${p})`;
    case "to":
      return sql`exists (select 1 from jsonb_array_elements(${mailMessages.to}) e where e->>'name' ilike ${p} or e->>'address' ilike ${p})`;
    case "cc":
      return sql`exists (select 1 from jsonb_array_elements(${mailMessages.cc}) e where e->>'name' ilike ${p} or e->>'address' ilike ${p})`;
    case "content":
      return sql`${mailMessages.textBody} ilike ${p}`;
    case "attach":
      return sql`exists (select 1 from jsonb_array_elements(${mailMessages.attachments}) e where e->>'name' ilike ${p})`;
  }
}

interface WordMatch {
  /** Finds the candidates through the GIN index: the word's lexemes in the weights of its parts. */
  tsquery: string;
  /** What a candidate must also satisfy; undefined when the index answer is already exact. */
  check?: SQL;
}

const ADDRESS_PARTS: readonly SearchPart[] = ["from", "to", "cc"];

/**
 * A condition on the row's stored message, looked up by primary key for the rows that reach it. "offset 0"
 * keeps PostgreSQL from turning the EXISTS into a hashed subplan, which would scan every stored message.
 */
function onMessage(cond: SQL): SQL {
  return sql`exists (select 1 from ${mailMessages} where ${mailMessages.id} = ${mails.messageId} and ${cond} offset 0)`;
}

/**
 * Every word of every text option: its index query and, where the index alone is not exact, its check.
 * - A word of one lexeme (a two-syllable Korean word, one English word) found in the subject, body or file
 *   names is exact by the index: that lexeme at that weight is that text there (English words as prefixes).
 * - Addresses share weight B (and B also holds a sent mail's Bcc, which its recipients must not find), so a
 *   word found only through B is checked against From, To or Cc as asked.
 * - A word of several lexemes (회의록 = 회의 + 의록, "foo-bar") is checked as a substring of the parts, so its
 *   pieces must be adjacent.
 */
export function wordMatches(opts: SearchOptions): WordMatch[] {
  const out: WordMatch[] = [];
  const add = (value: string | undefined, parts: readonly SearchPart[]) => {
    if (!value) return;
    // Every weight is no restriction: left out, so the GIN index answers without rechecking each row's vector.
    const weights = (ps: readonly SearchPart[]) => {
      const w = [...new Set(ps.map((p) => WEIGHT[p]))].sort().join("");
      return w === "ABCD" ? "" : w;
    };
    const exactParts = parts.filter((p) => !ADDRESS_PARTS.includes(p));
    const addressParts = parts.filter((p) => ADDRESS_PARTS.includes(p));
    for (const raw of value.split(/\s+/)) {
      const word = raw.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, "");
      const term = queryTerm(word);
      const tsquery = word ? tsqueryOf(term, weights(parts)) : null;
      if (!tsquery) continue;
      const p = containsPattern(word);
      const anyOf = (ps: readonly SearchPart[]) => sql`(${sql.join(ps.map((part) => partMatches(part, p)), sql` or `)})`;
      if (term.all.length + term.prefix.length > 1) {
        out.push({ tsquery, check: onMessage(anyOf(parts)) });
      } else if (!addressParts.length) {
        out.push({ tsquery });
      } else if (!exactParts.length) {
        out.push({ tsquery, check: onMessage(anyOf(addressParts)) });
      } else {
        const exact = tsqueryOf(term, weights(exactParts))!;
        out.push({ tsquery, check: sql`(${mails.searchVector} @@ ${exact}::tsquery or ${onMessage(anyOf(addressParts))})` });
      }
    }
  };
  add(opts.query, TYPE_PARTS[opts.type ?? "all"]);
  for (const [key, parts] of Object.entries(SEARCH_TEXT_FIELDS)) add(opts[key as keyof typeof SEARCH_TEXT_FIELDS], parts);
  return out;
}

const DAY = 86_400_000;

function timeCondition(range: SearchOptions["timeRange"], now: Date): SQL | undefined {
  if (!range || range === "all") return undefined;
  if (typeof range === "object") return timeBetween(range.startTimeMillis, range.endTimeMillis);
  const preset = /^(\d)([dwmy])$/.exec(range);
  if (preset) {
    const n = Number(preset[1]);
    const from = new Date(now);
    if (preset[2] === "d") from.setTime(now.getTime() - n * DAY);
    else if (preset[2] === "w") from.setTime(now.getTime() - 7 * n * DAY);
    else if (preset[2] === "m") from.setUTCMonth(from.getUTCMonth() - n);
    else from.setUTCFullYear(from.getUTCFullYear() - n);
    return gte(mails.receivedAt, from);
  }
  const [a, b] = range.split(",");
  return timeBetween(a ? Number(a) : undefined, b ? Number(b) : undefined);
}

function timeBetween(start: number | undefined, end: number | undefined): SQL | undefined {
  if ((start !== undefined && start > 253_402_300_799_999) || (end !== undefined && end > 253_402_300_799_999) ||
    (start !== undefined && end !== undefined && start > end)) {
    throw new AppError(400, "mail.search_time_range_invalid");
  }
  return and(
    start !== undefined ? gte(mails.receivedAt, new Date(start)) : undefined,
    end !== undefined ? lte(mails.receivedAt, new Date(end)) : undefined,
  );
}

/** Runs a search for the caller (saved-search folders come here too, without a required word). */
export async function runSearch(
  caller: Caller,
  opts: SearchOptions,
  page: number,
  pageSize: number,
  { requireWord }: { requireWord: boolean },
): Promise<MailListPage> {
  const { db, clock } = caller.deps;
  const userId = caller.auth.userId;
  const words = wordMatches(opts);
  if (requireWord && !words.length) throw new AppError(400, "mail.search_word_required");
  const scope = await resolveScope(db, caller.auth, opts.folderId ?? "-1");
  const tags = opts.tags?.length ? sql`${mails.tags} @> array[${sql.join(opts.tags.map((t) => sql`${t}`), sql`, `)}]::text[]` : undefined;
  const where = and(
    scope.where,
    words.length ? sql`${mails.searchVector} @@ ${words.map((w) => `(${w.tsquery})`).join(" & ")}::tsquery` : undefined,
    ...words.map((w) => w.check),
    timeCondition(opts.timeRange, clock.now()),
    tags,
  )!;
  // The page and a count that stops past the cap: a frequent word's page is then read in received order
  // (the planner walks the received-time index until it has the page), never by checking every candidate.
  const countLimit = Math.max(SEARCH_COUNT_CAP, (page + 1) * pageSize);
  const [hits, [counted]] = await Promise.all([
    db.select({ id: mails.id }).from(mails).where(where).orderBy(...NEWEST_FIRST).limit(pageSize).offset(page * pageSize),
    db.select({ n: sql<number>`count(*)::int` })
      .from(db.select({ one: sql`1` }).from(mails).where(where).limit(countLimit + 1).as("capped")),
  ]);
  const totalCapped = counted.n > countLimit;
  const total = Math.min(counted.n, countLimit);
  const items = await listItemsByIds(db, userId, hits.map((h) => h.id));
  return { mails: items, totalElements: total, totalPages: Math.ceil(total / pageSize), page, pageSize, totalCapped };
}

/** GET /api/mails/search: a word is required, and the options go to the search history. */
export async function search(caller: Caller, opts: SearchOptions, page: number, pageSize: number): Promise<MailListPage> {
  const answer = await runSearch(caller, opts, page, pageSize, { requireWord: true });
  await saveHistory(caller, opts);
  return answer;
}
