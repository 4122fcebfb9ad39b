// Each person's favourites, recent documents and last read (shared/wiki/personal.ts). Only documents the
// caller may read (PUBLISHED, level READ or more: access.ts) are answered; a favourite of a document they can
// no longer read is kept (it comes back if they may read it again) but left out of the list.
import { sql } from "drizzle-orm";
import { FAVORITES_MAX, RECENT_MAX } from "../../../../shared/wiki/constants.ts";
import type { WikiSummary } from "../../../../shared/wiki/documents.ts";
import { WIKI_ERRORS } from "../../../../shared/wiki/errors.ts";
import type { Favorite, LastRead, RecentDoc } from "../../../../shared/wiki/personal.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError } from "../../../lib/errors.ts";
import { bigintArray } from "../../../lib/sql-array.ts";
import { requireDoc } from "../access.ts";
import { toSummary } from "../docs/read.ts";
import { summaryRows } from "../docs/repo.ts";
import { valuesByDoc } from "../properties/rows.ts";
import * as repo from "./repo.ts";

const favoriteNotFound = () => new AppError(404, WIKI_ERRORS.favoriteNotFound);

/** The summaries of the PUBLISHED documents among `ids` the caller may read, by id. */
async function summariesOf(caller: Caller, ids: number[]): Promise<Map<number, WikiSummary>> {
  if (!ids.length) return new Map();
  const { db } = caller.deps;
  const [rows, values] = await Promise.all([
    summaryRows(db, caller.auth, { where: sql`d.id = any(${bigintArray(ids)}) and d.status = 'PUBLISHED'`, orderBy: sql`d.id`, limit: ids.length, offset: 0 }),
    valuesByDoc(db, caller.auth.companyId, ids),
  ]);
  return new Map(rows.map((r) => [Number(r.id), toSummary(r, values.get(Number(r.id)) ?? [])]));
}

export async function recent(caller: Caller): Promise<RecentDoc[]> {
  const reads = await repo.readableReads(caller.deps.db, caller.auth, RECENT_MAX);
  const docs = await summariesOf(caller, reads.map((r) => r.docId));
  return reads.flatMap((r) => {
    const d = docs.get(r.docId);
    return d ? [{ ...d, readTime: r.readAt }] : [];
  });
}

export async function lastRead(caller: Caller): Promise<LastRead | null> {
  const [r] = await repo.readableReads(caller.deps.db, caller.auth, 1);
  return r ? { documentId: r.docId, readTime: r.readAt } : null;
}

async function favoriteList(caller: Caller, rows: repo.FavoriteRow[]): Promise<Favorite[]> {
  const docs = await summariesOf(caller, rows.map((f) => f.docId));
  return rows.flatMap((f) => {
    const document = docs.get(f.docId);
    return document ? [{ id: f.id, sortOrder: f.sortOrder, documentId: f.docId, document }] : [];
  });
}

export async function favorites(caller: Caller): Promise<Favorite[]> {
  return await favoriteList(caller, await repo.favorites(caller.deps.db, caller.auth));
}

/** POST users/favorites: READ on a PUBLISHED document; last in the list. */
export async function addFavorite(caller: Caller, documentId: number): Promise<Favorite> {
  const { auth, deps } = caller;
  const d = await requireDoc(caller, documentId, "READ", { published: true });
  const row = await deps.db.transaction(async (tx) => {
    await repo.lockFavorites(tx, auth);
    if (await repo.favoriteCount(tx, auth) >= FAVORITES_MAX) throw new AppError(409, WIKI_ERRORS.favoritesMax, { max: FAVORITES_MAX });
    const added = await repo.insertFavorite(tx, auth, d.id, deps.clock.now());
    if (!added) throw new AppError(409, WIKI_ERRORS.favoriteExists);
    return added;
  });
  const [f] = await favoriteList(caller, [row]);
  return f;
}

/** PATCH users/favorites/{id}: right after the favourite prevId (null: first); the whole list after. */
export async function moveFavorite(caller: Caller, id: number, prevId: number | null): Promise<Favorite[]> {
  const { auth, deps } = caller;
  const rows = await deps.db.transaction(async (tx) => {
    await repo.lockFavorites(tx, auth);
    const all = await repo.favorites(tx, auth);
    if (!all.some((f) => f.id === id)) throw favoriteNotFound();
    if (prevId !== null && !all.some((f) => f.id === prevId)) throw favoriteNotFound();
    if (prevId === id) return all;
    const ids = all.map((f) => f.id).filter((f) => f !== id);
    ids.splice(prevId === null ? 0 : ids.indexOf(prevId) + 1, 0, id);
    await repo.renumber(tx, auth, ids);
    return await repo.favorites(tx, auth);
  });
  return await favoriteList(caller, rows);
}

export async function removeFavorite(caller: Caller, id: number): Promise<{ id: number }> {
  if (!(await repo.deleteFavorite(caller.deps.db, caller.auth, id))) throw favoriteNotFound();
  return { id };
}
