// The caller's favourite assistants (002 §3 Favorite: id, assistantId, title). Adding one the caller already has
// answers the existing one; an assistant they cannot see answers 404 assistant.not_found.
import type { Favorite } from "../../../shared/assistant/api.ts";
import { ASSISTANT_ERRORS } from "../../../shared/assistant/errors.ts";
import type { Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { canSee, viewerOf, visibleAssistant } from "./access.ts";
import * as repo from "./repo.ts";

const present = (f: repo.FavoriteRow): Favorite => ({ id: f.id, assistantId: f.assistantId, title: f.title });

/** GET favorites: those of assistants the caller still sees. */
export async function list(caller: Caller): Promise<Favorite[]> {
  const { db } = caller.deps;
  const [v, favs, all] = await Promise.all([
    viewerOf(caller), repo.favoritesOf(db, caller.auth.companyId, caller.auth.userId), repo.assistantsOf(db, caller.auth.companyId),
  ]);
  const seen = new Set(all.filter((a) => canSee(v, a)).map((a) => a.id));
  return favs.filter((f) => seen.has(f.assistantId)).map(present);
}

/** POST favorites (200, the existing one again for the same assistant). */
export async function add(caller: Caller, body: { assistantId: number; title: string }): Promise<Favorite> {
  const { row } = await visibleAssistant(caller, body.assistantId);
  return present(await repo.addFavorite(caller.deps.db, {
    companyId: caller.auth.companyId, userId: caller.auth.userId, assistantId: row.id, title: body.title || row.title,
    createdAt: caller.deps.clock.now(),
  }));
}

/** DELETE favorites/{id} (204). */
export async function remove(caller: Caller, id: number): Promise<void> {
  if (!(await repo.deleteFavorite(caller.deps.db, caller.auth.companyId, caller.auth.userId, id))) {
    throw new AppError(404, ASSISTANT_ERRORS.favoriteNotFound);
  }
}
