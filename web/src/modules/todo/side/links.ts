// Links and navigations of to-do's screens ({...todoLinks.board(w, b)} on a Link, or navigate(todoLinks.list())),
// typed loosely: the parts mount their routes through untyped route functions. Addresses: ../paths.ts.
import { type ActionObj, boardPath, todoHome, workspacePath } from "../paths.ts";

const loose = (to: string, search?: Record<string, unknown>) => ({ to: to as "/todo", search: (search ?? {}) as never });

export const todoLinks = {
  /** /todo: opens the remembered workspace when there is one. */
  home: () => loose(todoHome),
  /** /todo?list=1: the whole list, whatever is remembered. */
  list: () => loose(todoHome, { list: 1 }),
  workspace: (id: number) => loose(workspacePath(id)),
  board: (workspaceId: number, boardId: number, action?: ActionObj) => loose(boardPath(workspaceId, boardId, action)),
};
