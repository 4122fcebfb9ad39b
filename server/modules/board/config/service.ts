// The caller's board config and the company's tags (shared/board/config.ts; 001 §3 "Board config").
//
// - GET config: the caller's row or the defaults (POST_PAGE_SIZE, REPLY_PAGE_SIZE, DEFAULT_VIEW_TYPE, no digest),
//   the company's tags (by name, each with editable for the caller), the caller's hidden boards and the
//   company's board config deletedPostMaxDuration (the company module's "board" config).
// - Tags: a name is unique in the company whatever its case (409 board.tag_exists), at most TAGS_MAX a company
//   (409 board.tags_max); its creator or a company admin may change or delete it (403 board.8); a foreign or
//   missing id answers 404 board.tag_not_found. Tag changes are published as BOARD_CHANGED { boardId: 0 }
//   (every board's posts may show the tag).
import type { z } from "zod";
import type { BoardConfig, BoardTag, configBody, tagBody } from "../../../../shared/board/config.ts";
import { DEFAULT_VIEW_TYPE, POST_PAGE_SIZE, REPLY_PAGE_SIZE, TAGS_MAX, type ViewType } from "../../../../shared/board/constants.ts";
import { BOARD_ERRORS } from "../../../../shared/board/errors.ts";
import type { Caller } from "../../../lib/context.ts";
import { isUniqueViolation } from "../../../lib/db-errors.ts";
import { AppError } from "../../../lib/errors.ts";
import { companyConfig } from "../../company/service.ts";
import { isCompanyAdmin } from "../access.ts";
import { hiddenBoards } from "../boards/tree.ts";
import { publishBoardChanged } from "../realtime.ts";
import * as repo from "./repo.ts";

function tagOf(caller: Caller, t: repo.TagRow): BoardTag {
  return { id: t.id, name: t.name, color: t.color, editable: t.createdBy === caller.auth.userId || isCompanyAdmin(caller.auth) };
}

export async function boardConfig(caller: Caller): Promise<BoardConfig> {
  const { deps, auth } = caller;
  const [row, tags, hidden, company] = await Promise.all([
    repo.findConfig(deps.db, auth.companyId, auth.userId),
    repo.tagsOf(deps.db, auth.companyId),
    hiddenBoards(caller),
    companyConfig(deps, auth.companyId, "board") as Promise<{ deletedPostMaxDuration: number }>,
  ]);
  return {
    tags: tags.map((t) => tagOf(caller, t)),
    postPageSize: row?.postPageSize ?? POST_PAGE_SIZE,
    replyPageSize: row?.replyPageSize ?? REPLY_PAGE_SIZE,
    viewType: (row?.viewType as ViewType | undefined) ?? DEFAULT_VIEW_TYPE,
    hiddenBoards: hidden,
    digest: row?.digest ?? false,
    deletedPostMaxDuration: company.deletedPostMaxDuration,
  };
}

export async function setBoardConfig(caller: Caller, input: z.infer<typeof configBody>): Promise<BoardConfig> {
  const values = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
  if (Object.keys(values).length) await repo.upsertConfig(caller.deps.db, caller.auth.companyId, caller.auth.userId, values);
  return await boardConfig(caller);
}

type TagInput = z.infer<typeof tagBody>;

const tagExists = () => new AppError(409, BOARD_ERRORS.tagExists);

async function tagChanged(caller: Caller) {
  await publishBoardChanged(caller.deps, caller.auth.companyId, { boardId: 0 });
}

export async function addTag(caller: Caller, input: TagInput): Promise<BoardTag> {
  const { deps, auth } = caller;
  try {
    const row = await deps.db.transaction(async (tx) => {
      await repo.lockTags(tx, auth.companyId);
      if (await repo.tagNamed(tx, auth.companyId, input.name)) throw tagExists();
      if (await repo.tagCount(tx, auth.companyId) >= TAGS_MAX) throw new AppError(409, BOARD_ERRORS.tagsMax, { max: TAGS_MAX });
      return await repo.insertTag(tx, { companyId: auth.companyId, name: input.name, color: input.color, createdBy: auth.userId, createdAt: deps.clock.now() });
    });
    await tagChanged(caller);
    return tagOf(caller, row);
  } catch (e) {
    if (isUniqueViolation(e, "board_tags_name_uq")) throw tagExists();
    throw e;
  }
}

async function editableTag(caller: Caller, tx: Parameters<typeof repo.findTag>[0], id: number): Promise<repo.TagRow> {
  const tag = await repo.findTag(tx, caller.auth.companyId, id);
  if (!tag) throw new AppError(404, BOARD_ERRORS.tagNotFound);
  if (tag.createdBy !== caller.auth.userId && !isCompanyAdmin(caller.auth)) throw new AppError(403, BOARD_ERRORS.board);
  return tag;
}

export async function updateTag(caller: Caller, id: number, input: TagInput): Promise<BoardTag> {
  const { deps, auth } = caller;
  try {
    const row = await deps.db.transaction(async (tx) => {
      await repo.lockTags(tx, auth.companyId);
      await editableTag(caller, tx, id);
      if (await repo.tagNamed(tx, auth.companyId, input.name, id)) throw tagExists();
      return await repo.updateTag(tx, auth.companyId, id, input);
    });
    await tagChanged(caller);
    return tagOf(caller, row);
  } catch (e) {
    if (isUniqueViolation(e, "board_tags_name_uq")) throw tagExists();
    throw e;
  }
}

export async function deleteTag(caller: Caller, id: number): Promise<{ id: number }> {
  await caller.deps.db.transaction(async (tx) => {
    await editableTag(caller, tx, id);
    await repo.deleteTag(tx, caller.auth.companyId, id);
  });
  await tagChanged(caller);
  return { id };
}
