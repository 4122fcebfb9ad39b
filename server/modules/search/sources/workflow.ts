// To-do ("workflow"): the to-do module's keyword lookup of items (todo/search.ts: boards of the workspaces the
// caller follows). A hit opens the item in its board's detail panel (web/src/modules/todo/paths.ts boardPath
// with groupId and itemId); to-do has no search screen of its own, so no "all results".
import { searchItems } from "../../todo/search.ts";
import { todoItemLink } from "../../../lib/app-links.ts";
import type { SearchSource } from "../source.ts";

export const workflowSource: SearchSource = async (caller, keyword, size) => {
  const { hits, total } = await searchItems(caller, keyword, size);
  return {
    hits: hits.map((i) => ({
      id: String(i.id),
      title: i.title,
      snippet: null,
      where: `${i.workspaceTitle} › ${i.boardTitle}`,
      at: i.updatedAt,
      link: todoItemLink(i.workspaceId, i.boardId, i.groupId, i.id, i.parentId),
    })),
    total,
    moreLink: null,
  };
};
