// Whose tasks the caller may change on a board (002 §5: a READ member only reads): on a project's board the
// project's own authority; on the board of all, where each project's tasks come together, the caller's
// authority in each project (GET projects/my, one page of 200), and none until that has arrived.
import { useQuery } from "@tanstack/react-query";
import { canEdit } from "@shared/flow/constants.ts";
import { myProjectsQuery } from "../queries.ts";

export function useEditableIn(boardProjectId: number | "all", editable: boolean): (projectId: number | null) => boolean {
  const all = boardProjectId === "all";
  const mine = useQuery({ ...myProjectsQuery(0, 200), enabled: all });
  if (!all) return () => editable;
  const authority = new Map((mine.data?.content ?? []).map((p) => [p.id, p.myAuthority]));
  return (projectId) => projectId !== null && canEdit(authority.get(projectId));
}
