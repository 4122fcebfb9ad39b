// The project tree (GET api/flow/folders; shared/flow/projects.ts FlowFolder): FAVORITE_ROOT with the caller's
// favourite projects (FAVORITE nodes, by their order then title) and FILTER_ROOT with the built-in filters
// (my, requested, all) then the caller's saved task filters (tasks/ saves and deletes them; listed here).
import { BUILTIN_FILTERS } from "../../../../shared/flow/constants.ts";
import type { FlowFolder } from "../../../../shared/flow/projects.ts";
import type { Caller } from "../../../lib/context.ts";
import * as repo from "./repo.ts";

/** Titles of the roots and built-in filters; the screen shows its own words for them (by folderType and id). */
const BUILTIN_TITLES = { my: "my", requested: "requested", all: "all" } as const;

export async function folders(caller: Caller): Promise<FlowFolder[]> {
  const { deps, auth } = caller;
  const [favs, filters] = await Promise.all([
    repo.favourites(deps.db, auth.companyId, auth.userId),
    repo.savedFilters(deps.db, auth.companyId, auth.userId),
  ]);
  return [
    {
      folderType: "FAVORITE_ROOT",
      id: null,
      title: "FAVORITE_ROOT",
      projectId: null,
      children: favs.map((p) => ({ folderType: "FAVORITE", id: p.id, title: p.title, projectId: p.id, children: [] })),
    },
    {
      folderType: "FILTER_ROOT",
      id: null,
      title: "FILTER_ROOT",
      projectId: null,
      children: [
        ...BUILTIN_FILTERS.map((f): FlowFolder => ({ folderType: "FILTER_ROOT", id: f, title: BUILTIN_TITLES[f], projectId: null, children: [] })),
        ...filters.map((f): FlowFolder => ({ folderType: "FILTER_ROOT", id: f.id, title: f.name, projectId: null, children: [] })),
      ],
    },
  ];
}
