// The wiki's timed work (server/jobs/index.ts registers these): each folder adds its jobs here.
import type { AppDeps } from "../../lib/context.ts";
import type { Job } from "../../jobs/runner.ts";
import { pruneUpdateRows } from "./collab/store.ts";
import { purgeExpiredTrash } from "./docs/trash.ts";

export function wikiJobs(deps: AppDeps): Job[] {
  return [
    { name: "wiki-trash-purge", intervalMs: 60 * 60_000, tick: () => purgeExpiredTrash(deps) }, // docs/: TRASH_DAYS in trash
    { name: "wiki-collab-prune", intervalMs: 60_000, tick: () => pruneUpdateRows(deps) }, // collab/: old update rows into ydoc
  ];
}
