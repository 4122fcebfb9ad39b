// Where a board or folder of the tree may go (PUT board/{id}/move/{targetId}/{position}), for the row's menu (위로,
// 아래로, 폴더로, 폴더 밖으로) and for drag and drop. Folders hold boards only (one level): a folder never goes
// into a folder nor next to a board inside one.
import type { TodoBoardNode } from "@shared/todo/boards.ts";
import type { Position } from "@shared/todo/constants.ts";

export interface Move {
  targetId: number;
  position: Position;
}

/** The siblings of a node (its folder's children, or the top level). */
export function siblingsOf(tree: TodoBoardNode[], node: TodoBoardNode): TodoBoardNode[] {
  if (node.parentId === null) return tree;
  return tree.find((n) => n.id === node.parentId)?.children ?? [];
}

export function moveUp(tree: TodoBoardNode[], node: TodoBoardNode): Move | null {
  const list = siblingsOf(tree, node);
  const at = list.findIndex((n) => n.id === node.id);
  return at > 0 ? { targetId: list[at - 1].id, position: "BEFORE" } : null;
}

export function moveDown(tree: TodoBoardNode[], node: TodoBoardNode): Move | null {
  const list = siblingsOf(tree, node);
  const at = list.findIndex((n) => n.id === node.id);
  return at >= 0 && at < list.length - 1 ? { targetId: list[at + 1].id, position: "AFTER" } : null;
}

/** The folders a board may go into (not the one it is in); none for a folder. */
export function foldersFor(tree: TodoBoardNode[], node: TodoBoardNode): TodoBoardNode[] {
  if (node.boardType === "FOLDER") return [];
  return tree.filter((n) => n.boardType === "FOLDER" && n.id !== node.parentId);
}

/** Out of its folder: at the top level, right after the folder. */
export function moveOut(node: TodoBoardNode): Move | null {
  return node.parentId === null ? null : { targetId: node.parentId, position: "AFTER" };
}

/** A drop of `dragged` on `target` at `position`, when the tree allows it. */
export function dropAllowed(dragged: TodoBoardNode, target: TodoBoardNode, position: Position): boolean {
  if (dragged.id === target.id) return false;
  if (position === "INSIDE") return target.boardType === "FOLDER" && dragged.boardType === "BOARD" && dragged.parentId !== target.id;
  // A folder stays at the top level: only next to top-level nodes.
  return dragged.boardType === "BOARD" || target.parentId === null;
}

/** Every node of the tree, folders' children included. */
export function flatten(tree: TodoBoardNode[]): TodoBoardNode[] {
  return tree.flatMap((n) => [n, ...n.children]);
}
