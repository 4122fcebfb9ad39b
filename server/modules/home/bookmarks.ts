// The user's bookmarks (002 §7: add 201, modify 201, delete 200): at most BOOKMARKS_MAX (409
// home.bookmarks_max), http(s) links only (shared/home/api.ts); another user's id answers 404 as a missing one.
import { type Bookmark, BOOKMARKS_MAX, type BookmarkBody, type BookmarkUpdateBody } from "../../../shared/home/api.ts";
import { HOME_ERRORS } from "../../../shared/home/errors.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { announce } from "./access.ts";
import * as repo from "./repo.ts";

export const bookmarkOf = (r: repo.BookmarkRow): Bookmark => ({ id: r.id, link: r.link, title: r.title });
const notFound = () => new AppError(404, HOME_ERRORS.bookmarkNotFound);

export async function addBookmark(caller: Caller, b: BookmarkBody): Promise<Bookmark> {
  const { companyId, userId } = caller.auth;
  const row = await repo.insertBookmark(caller.deps.db, { companyId, userId, link: b.link, title: b.title, now: caller.deps.clock.now() }, BOOKMARKS_MAX);
  if (!row) throw new AppError(409, HOME_ERRORS.bookmarksMax, { max: BOOKMARKS_MAX });
  await announce(caller, "bookmarks");
  return bookmarkOf(row);
}

export async function updateBookmark(caller: Caller, b: BookmarkUpdateBody): Promise<Bookmark> {
  const row = await repo.updateBookmark(caller.deps.db, caller.auth.companyId, caller.auth.userId, b.id, { link: b.link, title: b.title });
  if (!row) throw notFound();
  await announce(caller, "bookmarks");
  return bookmarkOf(row);
}

export async function deleteBookmark(caller: Caller, id: number): Promise<{ id: number }> {
  if (!(await repo.deleteBookmark(caller.deps.db, caller.auth.companyId, caller.auth.userId, id))) throw notFound();
  await announce(caller, "bookmarks");
  return { id };
}
