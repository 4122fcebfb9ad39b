// Who may do what on a board (001 §6: userPrivilege and memberType). Every board call asks here first.
//
// The caller's privilege on a board, NONE < READ < WRITE < MANAGE:
// - MANAGE: a listed manager of the board (memberType MANAGER), or a company admin (ROLE_ADMIN);
// - otherwise the best of: the privilege of a board_members row naming the caller, or an organisation the
//   caller is in (or, with include_children, one above it) (memberType MEMBER); and for a PUBLIC board its
//   publicPrivilege (memberType PUBLIC when not listed);
// - NONE: a PRIVATE board that does not list the caller.
// Boards are judged one by one (a sub-board has its own members); a group is shown in a tree when the caller
// may read it or any board under it. A deleted board answers as missing (404 board.8) except where a call
// asks for deleted boards (restore: its managers).
import { sql } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { BOARD_ERRORS } from "../../../shared/board/errors.ts";
import { privilegeRank } from "../../../shared/board/constants.ts";
import type { BoardType, MemberType, UserPrivilege, Visibility } from "../../../shared/board/constants.ts";
import type { AuthInfo, Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";

export interface BoardAccess {
  id: number;
  parentId: number | null;
  boardType: BoardType;
  name: string;
  visibility: Visibility;
  deletedAt: Date | null;
  privilege: UserPrivilege;
  memberType: MemberType;
}

export const isCompanyAdmin = (auth: Pick<AuthInfo, "role">) => auth.role === "ROLE_ADMIN";

interface Row extends Record<string, unknown> {
  id: string | number;
  parent_id: string | number | null;
  board_type: BoardType;
  name: string;
  visibility: Visibility;
  public_privilege: "READ" | "WRITE";
  deleted_at: string | Date | null;
  is_manager: boolean;
  member_rank: number | null;
}

function accessOf(auth: Pick<AuthInfo, "role">, r: Row): BoardAccess {
  const memberRank = r.member_rank === null ? 0 : Number(r.member_rank);
  const publicRank = r.visibility === "PUBLIC" ? (r.public_privilege === "WRITE" ? 2 : 1) : 0;
  const rank = Math.max(memberRank, publicRank);
  let privilege: UserPrivilege = rank === 2 ? "WRITE" : rank === 1 ? "READ" : "NONE";
  if (r.is_manager || isCompanyAdmin(auth)) privilege = "MANAGE";
  const memberType: MemberType = r.is_manager ? "MANAGER" : memberRank > 0 ? "MEMBER" : r.visibility === "PUBLIC" ? "PUBLIC" : "NONE";
  return {
    id: Number(r.id),
    parentId: r.parent_id === null ? null : Number(r.parent_id),
    boardType: r.board_type,
    name: r.name,
    visibility: r.visibility,
    deletedAt: r.deleted_at === null ? null : new Date(r.deleted_at),
    privilege,
    memberType,
  };
}

/** The caller's privilege on the boards of the company matching `where` (a fragment over boards b). */
async function query(db: DbOrTx, auth: Pick<AuthInfo, "userId" | "companyId" | "role">, where: ReturnType<typeof sql>) {
  const rows = await db.execute<Row>(sql`
    with recursive up as (
      select o.id, o.parent_id, true as direct
        from organization_members om join organizations o on o.id = om.organ_id
       where om.user_id = ${auth.userId} and om.company_id = ${auth.companyId}
      union
      select p.id, p.parent_id, false from organizations p join up on p.id = up.parent_id
       where p.company_id = ${auth.companyId}
    )
    select b.id, b.parent_id, b.board_type, b.name, b.visibility, b.public_privilege, b.deleted_at,
           exists (select 1 from board_managers m where m.board_id = b.id and m.user_id = ${auth.userId}) as is_manager,
           (select max(case bm.privilege when 'WRITE' then 2 else 1 end) from board_members bm
             where bm.board_id = b.id
               and (bm.user_id = ${auth.userId}
                    or bm.organ_id in (select up.id from up where up.direct or bm.include_children))) as member_rank
      from boards b
     where b.company_id = ${auth.companyId} and ${where}
     order by b.parent_id nulls first, b.sort_order, b.id`);
  return rows.map((r) => accessOf(auth, r));
}

/** Every board and group of the company that is not deleted, with the caller's privilege (NONE included). */
export async function companyBoards(db: DbOrTx, auth: Pick<AuthInfo, "userId" | "companyId" | "role">): Promise<BoardAccess[]> {
  return await query(db, auth, sql`b.deleted_at is null`);
}

/** The ids of the boards (not groups) the caller may read. */
export async function readableBoardIds(db: DbOrTx, auth: Pick<AuthInfo, "userId" | "companyId" | "role">): Promise<number[]> {
  return (await companyBoards(db, auth)).filter((b) => b.boardType === "BOARD" && b.privilege !== "NONE").map((b) => b.id);
}

/** One board of the caller's company with the caller's privilege; null when missing, foreign or (unless asked) deleted. */
export async function boardAccess(
  db: DbOrTx,
  auth: Pick<AuthInfo, "userId" | "companyId" | "role">,
  boardId: number,
  opts: { includeDeleted?: boolean } = {},
): Promise<BoardAccess | null> {
  if (!Number.isSafeInteger(boardId) || boardId <= 0) return null;
  const [row] = await query(db, auth, opts.includeDeleted ? sql`b.id = ${boardId}` : sql`b.id = ${boardId} and b.deleted_at is null`);
  return row ?? null;
}

/**
 * The board, when the caller has at least `need` on it: 404 board.8 when it is missing, foreign or deleted;
 * 403 `code` (board.8 unless the call names board.18) when the caller's privilege is lower.
 */
export async function requireBoard(
  caller: Caller,
  boardId: number,
  need: UserPrivilege,
  opts: { code?: `board.${string}`; db?: DbOrTx; includeDeleted?: boolean } = {},
): Promise<BoardAccess> {
  const b = await boardAccess(opts.db ?? caller.deps.db, caller.auth, boardId, opts);
  if (!b) throw new AppError(404, BOARD_ERRORS.board);
  if (privilegeRank(b.privilege) < privilegeRank(need)) throw new AppError(403, opts.code ?? BOARD_ERRORS.board);
  return b;
}

/** A group holds no posts: 409 board.move_invalid when a post would go there. */
export function requirePostable(b: BoardAccess) {
  if (b.boardType !== "BOARD") throw new AppError(409, BOARD_ERRORS.moveInvalid);
}

/**
 * The active users of the company who may read the board (managers, admins, listed users, members of listed
 * organisations and, with include_children, of the organisations below them; everyone for a PUBLIC board),
 * optionally only among `among`. The mentions and followers' notices use it. With `audience`, the people the
 * board is for: a PRIVATE board's company admins only when they are among its managers or members (an admin may
 * read every board, but a department's must-read notice is not theirs to read) — the read list and reminders.
 */
export async function boardReaderIds(
  db: DbOrTx,
  companyId: number,
  boardId: number,
  among?: number[],
  opts: { audience?: boolean } = {},
): Promise<number[]> {
  if (among && !among.length) return [];
  const only = among ? sql`and u.id in (${sql.join(among.map((id) => sql`${id}`), sql`, `)})` : sql``;
  const rows = await db.execute<{ id: string }>(sql`
    with recursive b as (
      select id, visibility from boards where id = ${boardId} and company_id = ${companyId} and deleted_at is null
    ), organs as (
      select bm.organ_id as id, bm.include_children from board_members bm join b on b.id = bm.board_id where bm.organ_id is not null
      union
      select o.id, true from organizations o join organs on o.parent_id = organs.id and organs.include_children
       where o.company_id = ${companyId}
    )
    select u.id from users u, b
     where u.company_id = ${companyId} and u.status = 'ACTIVE' ${only}
       and (b.visibility = 'PUBLIC' ${opts.audience ? sql`` : sql`or u.role = 'ROLE_ADMIN'`}
            or exists (select 1 from board_managers m where m.board_id = b.id and m.user_id = u.id)
            or exists (select 1 from board_members bm where bm.board_id = b.id and bm.user_id = u.id)
            or exists (select 1 from organization_members om join organs on organs.id = om.organ_id where om.user_id = u.id))
     order by u.id`);
  return rows.map((r) => Number(r.id));
}
