// Assistants (agents): the list the caller sees, one, its detail, save (create or change, with knowledge
// files), delete. Visibility and who may edit: access.ts. The list is by category, then title.
import type { AssistantDetail, AssistantSummary } from "../../../shared/assistant/api.ts";
import { ASSISTANT_CATEGORIES, type AssistantCategory } from "../../../shared/assistant/constants.ts";
import { ASSISTANT_ERRORS } from "../../../shared/assistant/errors.ts";
import type { z } from "zod";
import type { saveFields } from "../../../shared/assistant/api.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { assistantNotFound, canEdit, canSee, type Viewer, viewerOf, visibleAssistant } from "./access.ts";
import { applyFiles, type IncomingFile, readFiles } from "./knowledge.ts";
import * as repo from "./repo.ts";

export type SaveInput = z.infer<typeof saveFields>;

function summaryOf(v: Viewer, a: repo.AssistantListRow, favorites: Set<number>): AssistantSummary {
  return {
    id: a.id, icon: a.icon, title: a.title, description: a.description, starter: a.starters, category: a.category as AssistantCategory,
    organId: a.organId, organName: a.organName, includeSubOrganizations: a.includeSubOrganizations, ownerId: a.ownerId, ownerName: a.ownerName,
    editable: canEdit(v, a), favorite: favorites.has(a.id), updatedAt: a.updatedAt.getTime(),
  };
}

async function favoriteIds(caller: Caller): Promise<Set<number>> {
  return new Set((await repo.favoritesOf(caller.deps.db, caller.auth.companyId, caller.auth.userId)).map((f) => f.assistantId));
}

/** GET list: in the order of the categories (002 §3), then by title. */
export async function list(caller: Caller): Promise<AssistantSummary[]> {
  const [v, rows, favs] = await Promise.all([viewerOf(caller), repo.assistantsOf(caller.deps.db, caller.auth.companyId), favoriteIds(caller)]);
  const rank = (c: string) => (ASSISTANT_CATEGORIES as readonly string[]).indexOf(c);
  return rows.filter((a) => canSee(v, a))
    .sort((a, b) => rank(a.category) - rank(b.category) || a.title.localeCompare(b.title, "ko") || a.id - b.id)
    .map((a) => summaryOf(v, a, favs));
}

/** GET {a}. */
export async function summary(caller: Caller, id: number): Promise<AssistantSummary> {
  const { row, viewer } = await visibleAssistant(caller, id);
  return summaryOf(viewer, row, await favoriteIds(caller));
}

/** GET {a}/detail. */
export async function detail(caller: Caller, id: number): Promise<AssistantDetail> {
  const { row, viewer } = await visibleAssistant(caller, id);
  return await detailOf(caller, viewer, row);
}

async function detailOf(caller: Caller, v: Viewer, row: repo.AssistantListRow): Promise<AssistantDetail> {
  const [files, favs] = await Promise.all([repo.filesOf(caller.deps.db, row.id), favoriteIds(caller)]);
  return {
    ...summaryOf(v, row, favs),
    systemPrompt: row.systemPrompt,
    files: files.map((f) => ({ id: f.id, name: f.name, size: f.size, contentType: f.contentType, textLength: f.textLength })),
  };
}

/** POST save: a new assistant (the caller owns it) or a change of one they may edit, with its files. */
export async function save(caller: Caller, input: SaveInput, files: IncomingFile[]): Promise<AssistantDetail> {
  const { db, clock } = caller.deps;
  const { companyId, userId } = caller.auth;
  const v = await viewerOf(caller);
  if (input.organId !== null && !(await repo.organExists(db, companyId, input.organId))) {
    throw new AppError(400, "common.validation", undefined, [{ field: "organId", code: "common.validation", message: "no such organisation" }]);
  }
  if (input.id !== undefined) {
    // Checked before the files are read: a caller who may not change it learns nothing more.
    const found = await repo.findAssistant(db, companyId, input.id);
    if (!found || !canSee(v, found)) throw assistantNotFound();
    if (!canEdit(v, found)) throw new AppError(403, ASSISTANT_ERRORS.notOwner);
  }
  const read = await readFiles(files);
  const now = clock.now();
  const values = {
    icon: input.icon, title: input.title, description: input.description, systemPrompt: input.systemPrompt,
    starters: input.starter.filter((s) => s !== ""), category: input.category, organId: input.organId,
    includeSubOrganizations: input.includeSubOrganizations, updatedAt: now,
  };
  const id = await db.transaction(async (tx) => {
    let id: number;
    if (input.id !== undefined) {
      const row = await repo.lockAssistant(tx, companyId, input.id);
      if (!row) throw assistantNotFound();
      id = row.id;
      await repo.updateAssistant(tx, id, values);
    } else {
      id = (await repo.insertAssistant(tx, { ...values, companyId, ownerId: userId, createdAt: now })).id;
    }
    await applyFiles(tx, caller, id, read, input.removeFiles);
    return id;
  });
  return await detailOf(caller, v, (await repo.findAssistant(db, companyId, id))!);
}

/** DELETE {a}: the owner or an administrator; its files, favourites go with it, its chats stay (without it). */
export async function remove(caller: Caller, id: number): Promise<void> {
  const { row, viewer } = await visibleAssistant(caller, id);
  if (!canEdit(viewer, row)) throw new AppError(403, ASSISTANT_ERRORS.notOwner);
  await repo.deleteAssistant(caller.deps.db, caller.auth.companyId, id);
}
