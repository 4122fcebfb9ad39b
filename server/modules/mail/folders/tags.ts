// Tags (000 §5 "Tags"): no spaces, only underscore as a special character, at most 20 characters, no comma;
// an existing name (regardless of case) is refused with 409; searching needs at least 2 characters. A tag
// renamed or deleted through its tag folder ('t_{tag}') is renamed in, or removed from, the owner's mails.
import {
  type FolderTagAction, type MailTag, TAG_FOLDER_PREFIX, TAG_ROOT_ID, TAG_SEARCH_MAX, TAG_SEARCH_MIN, tagFolderId,
  tagName, TAGS_MAX,
} from "../../../../shared/mail/folders.ts";
import { type Page, pageOf, type PageQuery } from "../../../../shared/paging.ts";
import type { Caller } from "../../../lib/context.ts";
import { AppError, notFound } from "../../../lib/errors.ts";
import { parseWith } from "../../../lib/validate.ts";
import type { DbOrTx } from "../../../../db/client.ts";
import * as repo from "./tags-repo.ts";

export const toMailTag = (r: { tag: string; color: string | null }): MailTag => ({ id: tagFolderId(r.tag), tag: r.tag, color: r.color });

/** A tag name from a path, checked by the §5 rules (400 with the rule's code). */
export function parseTag(raw: string): string {
  return parseWith(tagName, raw);
}

/** The tag named by a tag folder id 't_{tag}'; undefined when the id is not one. */
export function tagOfFolderId(id: string): string | undefined {
  return id.startsWith(TAG_FOLDER_PREFIX) && id.length > TAG_FOLDER_PREFIX.length ? id.slice(TAG_FOLDER_PREFIX.length) : undefined;
}

export async function list(caller: Caller, q: PageQuery): Promise<Page<MailTag>> {
  const { companyId, userId } = caller.auth;
  const { rows, total } = await repo.page(caller.deps.db, companyId, userId, q.pageSize, q.page * q.pageSize);
  return pageOf(rows.map(toMailTag), total, q);
}

/** GET /api/tag/{x}: the caller's tags containing x. */
export async function search(caller: Caller, raw: string): Promise<MailTag[]> {
  const part = raw.trim();
  if ([...part].length < TAG_SEARCH_MIN) throw new AppError(400, "mail.tag_search_short");
  const { companyId, userId } = caller.auth;
  return (await repo.search(caller.deps.db, companyId, userId, part, TAG_SEARCH_MAX)).map(toMailTag);
}

async function insertTag(tx: DbOrTx, caller: Caller, tag: string, color: string | null): Promise<MailTag> {
  const { companyId, userId } = caller.auth;
  await repo.lockTags(tx, userId);
  if (await repo.findIgnoringCase(tx, companyId, userId, tag)) throw new AppError(409, "mail.tag_duplicate");
  if ((await repo.countTags(tx, companyId, userId)) >= TAGS_MAX) throw new AppError(400, "mail.tag_limit");
  const row = await repo.insert(tx, { companyId, userId, tag, color, createdAt: caller.deps.clock.now() });
  if (!row) throw new AppError(409, "mail.tag_duplicate");
  return toMailTag(row);
}

/** POST /api/tag/{tag}. */
export async function create(caller: Caller, tag: string, color: string | null): Promise<MailTag> {
  return await caller.deps.db.transaction((tx) => insertTag(tx, caller, tag, color));
}

/**
 * PUT api/folders/{id}/tag. add: id TAG_ROOT_ID or a 't_…' id; update and delete: id 't_{tag}' of one of the
 * caller's tags (404 otherwise). Answers the tag, or null once deleted.
 */
export async function change(caller: Caller, folderId: string, action: FolderTagAction): Promise<MailTag | null> {
  const { companyId, userId } = caller.auth;
  const named = tagOfFolderId(folderId);
  if (action.type === "add") {
    if (folderId !== String(TAG_ROOT_ID) && named === undefined) throw notFound();
    if (!action.tag) throw new AppError(400, "mail.tag_required");
    return await create(caller, action.tag, action.color ?? null);
  }
  if (named === undefined) throw notFound();
  return await caller.deps.db.transaction(async (tx) => {
    await repo.lockTags(tx, userId);
    const current = await repo.find(tx, companyId, userId, named);
    if (!current) throw notFound();
    if (action.type === "delete") {
      await repo.remove(tx, companyId, userId, current.id);
      await repo.removeFromMails(tx, companyId, userId, current.tag);
      return null;
    }
    const tag = action.tag ?? current.tag;
    if (tag !== current.tag) {
      const other = await repo.findIgnoringCase(tx, companyId, userId, tag);
      if (other && other.id !== current.id) throw new AppError(409, "mail.tag_duplicate");
    }
    const row = await repo.update(tx, companyId, userId, current.id, {
      tag,
      ...(action.color !== undefined ? { color: action.color } : {}),
    });
    if (!row) throw notFound();
    if (tag !== current.tag) await repo.renameInMails(tx, companyId, userId, current.tag, tag);
    return toMailTag(row);
  });
}
