// Flow: the task lists' filter with a search word (flow/tasks/lists.ts allBoard: top-level tasks of the
// projects the caller has JOINED, the title matched with the two-syllable index), by status lane, newest
// first. A hit opens the task in its project's list; "all results" is every project's list with the word
// (web/src/modules/flow/paths.ts tasksPath).
import { taskQuery } from "../../../../shared/flow/tasks.ts";
import { allBoard } from "../../flow/tasks/lists.ts";
import { flowTaskLink, jsonSegment } from "../../../lib/app-links.ts";
import { iso, type SearchSource } from "../source.ts";

export const flowSource: SearchSource = async (caller, keyword, size) => {
  const board = await allBoard(caller, taskQuery.parse({ viewType: "KANBAN", filterId: "all", title: keyword, pageSize: size }));
  const tasks = board.lanes.flatMap((l) => l.tasks).sort((a, b) => b.id - a.id).slice(0, size);
  return {
    hits: tasks.map((t) => ({
      id: String(t.id),
      title: t.title,
      snippet: null,
      where: t.projectTitle,
      at: iso(t.updatedTime),
      link: flowTaskLink(t.projectId, t.id),
    })),
    total: board.totalCount,
    moreLink: `/flow/all/tasks/${jsonSegment({ filterId: "all", searchWord: keyword })}`,
  };
};
