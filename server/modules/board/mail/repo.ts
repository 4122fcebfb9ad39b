// Queries of mail to and from boards: a board's address (boards.mail_local_part on the company's first mail
// domain) and its filters (board_mail_filters), the address look-up of inbound mail, the OUT filters matching
// a sent mail's recipients, and the rows a post from a mail needs (authors, managers, duplicates).
import { and, asc, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "../../../../db/client.ts";
import { boardMailFilters, boards, organizations, users } from "../../../../db/schema/index.ts";
import type { MailClassifier, MailDirection } from "../../../../shared/board/constants.ts";
import type { MailFilter } from "../../../../shared/board/config.ts";

/**
 * The company's first mail domain (the primary one, else the oldest), which board addresses are on; null
 * when the company has none. The same order as the company's domains are listed in (company/service.ts).
 */
export async function firstDomain(db: DbOrTx, companyId: number): Promise<string | null> {
  const rows = await db.execute<{ domain: string }>(sql`
    select lower(domain) as domain from company_domains where company_id = ${companyId}
     order by is_primary desc, id limit 1`);
  return rows[0]?.domain ?? null;
}

export async function localPartOf(db: DbOrTx, companyId: number, boardId: number): Promise<string | null> {
  const [row] = await db.select({ localPart: boards.mailLocalPart }).from(boards)
    .where(and(eq(boards.companyId, companyId), eq(boards.id, boardId)));
  return row?.localPart ?? null;
}

/** Whether a user (any status: a deleted user's name stays reserved) or an organisation holds the address. */
export async function personOrGroupHolds(db: DbOrTx, address: string): Promise<boolean> {
  const rows = await db.execute(sql`
    select 1 from ${users} where ${users.username} = ${address}
    union all select 1 from ${organizations} where lower(${organizations.email}) = ${address}
    limit 1`);
  return rows.length > 0;
}

/** Another board of the company (deleted ones too: a restore brings their address back) with this local part. */
export async function otherBoardHolds(db: DbOrTx, companyId: number, boardId: number, localPart: string): Promise<boolean> {
  const rows = await db.execute(sql`
    select 1 from boards where company_id = ${companyId} and mail_local_part = ${localPart} and id <> ${boardId} limit 1`);
  return rows.length > 0;
}

export async function setLocalPart(db: DbOrTx, companyId: number, boardId: number, localPart: string | null, now: Date) {
  await db.update(boards).set({ mailLocalPart: localPart, updatedAt: now })
    .where(and(eq(boards.companyId, companyId), eq(boards.id, boardId)));
}

interface FilterRow {
  id: number;
  direction: string;
  classifier: string;
  content: string;
  createdByName: string | null;
  createdAt: Date;
}

const toFilter = (r: FilterRow): MailFilter => ({
  id: r.id,
  direction: r.direction as MailDirection,
  classifier: r.classifier as MailClassifier,
  content: r.content,
  createdBy: r.createdByName ?? "",
  createdTimeMillis: r.createdAt.getTime(),
});

const filterColumns = {
  id: boardMailFilters.id,
  direction: boardMailFilters.direction,
  classifier: boardMailFilters.classifier,
  content: boardMailFilters.content,
  createdByName: users.displayName,
  createdAt: boardMailFilters.createdAt,
};

export async function filtersOf(db: DbOrTx, companyId: number, boardId: number): Promise<MailFilter[]> {
  const rows = await db.select(filterColumns).from(boardMailFilters)
    .leftJoin(users, eq(users.id, boardMailFilters.createdBy))
    .where(and(eq(boardMailFilters.companyId, companyId), eq(boardMailFilters.boardId, boardId)))
    .orderBy(asc(boardMailFilters.id));
  return rows.map(toFilter);
}

/** Locks the board's row so two additions cannot both pass the count (the filters' limit). */
export async function lockBoard(db: DbOrTx, companyId: number, boardId: number): Promise<void> {
  await db.execute(sql`select 1 from boards where company_id = ${companyId} and id = ${boardId} for update`);
}

export async function countFilters(db: DbOrTx, boardId: number): Promise<number> {
  const [row] = await db.execute<{ n: string }>(sql`select count(*) as n from board_mail_filters where board_id = ${boardId}`);
  return Number(row.n);
}

export async function filterExists(db: DbOrTx, boardId: number, f: { direction: string; classifier: string; content: string }) {
  const rows = await db.execute(sql`
    select 1 from board_mail_filters
     where board_id = ${boardId} and direction = ${f.direction} and classifier = ${f.classifier} and content = ${f.content}`);
  return rows.length > 0;
}

export async function insertFilter(
  db: DbOrTx,
  v: { companyId: number; boardId: number; direction: string; classifier: string; content: string; createdBy: number; now: Date },
): Promise<MailFilter> {
  const [row] = await db.insert(boardMailFilters).values({
    companyId: v.companyId,
    boardId: v.boardId,
    direction: v.direction,
    classifier: v.classifier,
    content: v.content,
    createdBy: v.createdBy,
    createdAt: v.now,
  }).returning({ id: boardMailFilters.id });
  const [f] = await db.select(filterColumns).from(boardMailFilters)
    .leftJoin(users, eq(users.id, boardMailFilters.createdBy)).where(eq(boardMailFilters.id, row.id));
  return toFilter(f);
}

export async function deleteFilter(db: DbOrTx, companyId: number, boardId: number, filterId: number): Promise<boolean> {
  const rows = await db.delete(boardMailFilters)
    .where(and(eq(boardMailFilters.companyId, companyId), eq(boardMailFilters.boardId, boardId), eq(boardMailFilters.id, filterId)))
    .returning({ id: boardMailFilters.id });
  return rows.length > 0;
}

/** A board (not a group) a mail address names: its local part on its company's first domain. */
export interface BoardAddressRow {
  address: string;
  companyId: number;
  boardId: number;
}

/**
 * The live boards the addresses name (lower-case local part @ the first domain of the board's company, which
 * has boards switched on). One query; addresses naming no board are absent.
 */
export async function boardsOfAddresses(db: DbOrTx, addresses: string[]): Promise<BoardAddressRow[]> {
  if (!addresses.length) return [];
  const rows = await db.execute<{ address: string; company_id: string; id: string }>(sql`
    with wanted as (
      select a as address, split_part(a, '@', 1) as local_part, split_part(a, '@', 2) as domain
        from (values ${sql.join(addresses.map((a) => sql`(${a}::text)`), sql`, `)}) as v(a)
    )
    select w.address, b.company_id, b.id
      from wanted w
      join company_domains d on d.domain = w.domain
      join boards b on b.company_id = d.company_id and b.mail_local_part = w.local_part
      join companies c on c.id = b.company_id and c.use_board
     where b.deleted_at is null and b.board_type = 'BOARD'
       and d.id = (select f.id from company_domains f where f.company_id = d.company_id order by f.is_primary desc, f.id limit 1)`);
  return rows.map((r) => ({ address: r.address, companyId: Number(r.company_id), boardId: Number(r.id) }));
}

/** The filters of a board in one direction. */
export async function filtersIn(db: DbOrTx, boardId: number, direction: MailDirection) {
  return await db.select({ classifier: boardMailFilters.classifier, content: boardMailFilters.content }).from(boardMailFilters)
    .where(and(eq(boardMailFilters.boardId, boardId), eq(boardMailFilters.direction, direction)));
}

/**
 * The live boards of the company (while it has boards switched on) with an OUT filter whose content is one of `contents` (the recipients'
 * addresses for ADDRESS filters, their domains and parent domains for DOMAIN filters).
 */
export async function boardsWithOutFilter(
  db: DbOrTx,
  companyId: number,
  addresses: string[],
  domains: string[],
): Promise<number[]> {
  if (!addresses.length && !domains.length) return [];
  const list = (xs: string[]) => xs.length ? sql`(${sql.join(xs.map((x) => sql`${x}`), sql`, `)})` : sql`(null)`;
  const rows = await db.execute<{ board_id: string }>(sql`
    select distinct f.board_id from board_mail_filters f join boards b on b.id = f.board_id
      join companies c on c.id = f.company_id and c.use_board
     where f.company_id = ${companyId} and f.direction = 'OUT' and b.deleted_at is null and b.board_type = 'BOARD'
       and ((f.classifier = 'ADDRESS' and f.content in ${list(addresses)})
            or (f.classifier = 'DOMAIN' and f.content in ${list(domains)}))
     order by f.board_id`);
  return rows.map((r) => Number(r.board_id));
}

/** An active user of the company with this address (their username). */
export async function activeUserByAddress(db: DbOrTx, companyId: number, address: string) {
  const [row] = await db.select({ id: users.id, username: users.username, role: users.role }).from(users)
    .where(and(eq(users.companyId, companyId), eq(users.username, address), eq(users.status, "ACTIVE")));
  return row ?? null;
}

export async function activeUser(db: DbOrTx, companyId: number, userId: number) {
  const [row] = await db.select({ id: users.id, username: users.username, role: users.role }).from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId), eq(users.status, "ACTIVE")));
  return row ?? null;
}

/** The board's first manager who is an active user (its creator while a manager, else the first listed), or null. */
export async function firstManager(db: DbOrTx, companyId: number, boardId: number) {
  const rows = await db.execute<{ id: string; username: string; role: string }>(sql`
    select u.id, u.username, u.role
      from board_managers m join boards b on b.id = m.board_id join users u on u.id = m.user_id
     where m.board_id = ${boardId} and b.company_id = ${companyId} and u.company_id = ${companyId} and u.status = 'ACTIVE'
     order by (u.id = b.created_by) desc, m.ctid limit 1`);
  const r = rows[0];
  return r ? { id: Number(r.id), username: r.username, role: r.role } : null;
}

/** Whether the board holds a post made from this Message-ID already (in trash too). */
export async function postOfMessageId(db: DbOrTx, boardId: number, messageId: string): Promise<number | null> {
  const rows = await db.execute<{ id: string }>(sql`
    select id from board_posts where board_id = ${boardId} and mail_message_id = ${messageId} limit 1`);
  return rows[0] ? Number(rows[0].id) : null;
}

/** The user's language (users.languageType). */
export async function languageOf(db: DbOrTx, companyId: number, userId: number): Promise<string | null> {
  const [row] = await db.select({ language: users.languageType }).from(users)
    .where(and(eq(users.companyId, companyId), eq(users.id, userId)));
  return row?.language ?? null;
}
