// GET list (001 §7 "Drive"): a folder (its id; the caller's trash id lists the trash), recent -1 (days: 0 any
// time, 7, 30, 90), important -2, my shares -3 (own items shared with members or by a link), search -4
// (searchWord, at least SEARCH_MIN_LENGTH characters: names and extracted file content). Folders before
// files; the answer's permission is the caller's in the listed folder (0 own, 2 read, 3 read and write).
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { driveItems } from "../../../../db/schema/index.ts";
import { DRIVE_PERMISSION, DRIVE_SHARE_TYPE, SEARCH_MIN_LENGTH, SPECIAL_FOLDERS } from "../../../../shared/drive/constants.ts";
import { DRIVE_ERRORS } from "../../../../shared/drive/errors.ts";
import type { DriveItem, DriveList, ListQuery } from "../../../../shared/drive/items.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { accessOf, driveNotFound } from "../access.ts";
import type { ItemRow } from "../repo.ts";
import { searchCondition } from "../search/condition.ts";
import { itemsOf } from "../view.ts";
import { folderPage, type Page, viewPage } from "./repo.ts";

export function pageOf(q: ListQuery): Page {
  return { offset: q.page * q.pageSize, limit: q.pageSize, sort: q.sort, dir: q.dir };
}

/** The list answer; the listed folder's row is decorated in the same batch as the page's rows. */
export async function answer(
  caller: Caller, q: ListQuery, found: { rows: ItemRow[]; total: number }, permission: number, folderRow: ItemRow | null,
): Promise<DriveList> {
  const items = await itemsOf(caller, folderRow ? [folderRow, ...found.rows] : found.rows);
  const folder: DriveItem | null = folderRow ? items.shift()! : null;
  return {
    list: {
      content: items,
      totalElements: found.total,
      totalPages: Math.ceil(found.total / q.pageSize),
      page: q.page,
      pageSize: q.pageSize,
    },
    permission,
    result: true,
    message: null,
    folder,
  };
}

/** The caller's own live items (the special views' base). */
function ownLive(caller: Caller): SQL {
  return and(
    eq(driveItems.companyId, caller.auth.companyId), eq(driveItems.ownerUserId, caller.auth.userId),
    isNull(driveItems.deletedAt), sql`${driveItems.kind} in ('folder', 'file', 'shortcut')`,
  )!;
}

function specialCondition(caller: Caller, q: ListQuery): SQL {
  const base = ownLive(caller);
  switch (q.folderId) {
    case SPECIAL_FOLDERS.recent: {
      const days = q.days ?? 0;
      const since = new Date(caller.deps.clock.now().getTime() - days * 86_400_000);
      return and(base, eq(driveItems.kind, "file"), days > 0 ? sql`${driveItems.usedAt} >= ${since.toISOString()}` : undefined)!;
    }
    case SPECIAL_FOLDERS.important:
      return and(base, eq(driveItems.important, true))!;
    case SPECIAL_FOLDERS.share:
      return and(base, sql`(exists (select 1 from shares s where s.company_id = ${caller.auth.companyId}
          and s.module_type = ${DRIVE_SHARE_TYPE} and s.object_id = ${driveItems.id}::text)
        or exists (select 1 from share_links l where l.company_id = ${caller.auth.companyId}
          and l.module_type = ${DRIVE_SHARE_TYPE} and l.object_id = ${driveItems.id}::text))`)!;
    case SPECIAL_FOLDERS.search: {
      const word = (q.searchWord ?? "").trim();
      if ([...word].length < SEARCH_MIN_LENGTH) throw new AppError(400, DRIVE_ERRORS.searchTooShort);
      return and(base, searchCondition(caller.auth.companyId, caller.auth.userId, word))!;
    }
    default:
      throw driveNotFound();
  }
}

export async function listDrive(caller: Caller, q: ListQuery): Promise<DriveList> {
  const { db } = caller.deps;
  if (q.folderId < 0) return await answer(caller, q, await viewPage(db, specialCondition(caller, q), pageOf(q)), 0, null);
  const a = await accessOf(caller, q.folderId);
  if (a.row.kind === "DELETED") {
    const where = and(eq(driveItems.companyId, caller.auth.companyId), eq(driveItems.parentId, a.row.id))!;
    return await answer(caller, q, await viewPage(db, where, pageOf(q)), 0, a.row);
  }
  if (a.row.deletedAt || (a.row.kind !== "folder" && a.row.kind !== "ROOT")) throw driveNotFound();
  const found = await folderPage(db, caller.auth.companyId, a.row.id, pageOf(q));
  return await answer(caller, q, found, a.own ? DRIVE_PERMISSION.none : a.permission, a.row);
}
