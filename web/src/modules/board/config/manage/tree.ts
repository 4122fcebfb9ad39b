// The manage tab's view of the tree: the boards and groups the user manages (userPrivilege MANAGE), in tree
// order, each with its real siblings (for moving up and down) and its level in the real tree (for the depth
// rule). A managed board under a node the user does not manage is shown one step in from its nearest managed
// ancestor (at the top when there is none).
import type { BoardNode } from "@shared/board/boards.ts";
import { BOARD_DEPTH_MAX } from "@shared/board/constants.ts";

export interface ManagedRow {
  node: BoardNode;
  /** Indentation among the shown rows. */
  indent: number;
  /** Level in the real tree (1 at the top). */
  level: number;
  /** The node's siblings in the real tree, in order (itself included). */
  siblings: BoardNode[];
  /** Ids of the node and everything under it. */
  subtree: Set<number>;
  /** Levels below it (0 for a node without children). */
  height: number;
}

const heightOf = (n: BoardNode): number => n.children.length ? 1 + Math.max(...n.children.map(heightOf)) : 0;

function idsUnder(n: BoardNode, out = new Set<number>()): Set<number> {
  out.add(n.id);
  for (const c of n.children) idsUnder(c, out);
  return out;
}

export function managedRows(top: BoardNode[]): ManagedRow[] {
  const out: ManagedRow[] = [];
  const walk = (nodes: BoardNode[], level: number, indent: number) => {
    for (const n of nodes) {
      const managed = n.userPrivilege === "MANAGE";
      if (managed) out.push({ node: n, indent, level, siblings: nodes, subtree: idsUnder(n), height: heightOf(n) });
      walk(n.children, level + 1, managed ? indent + 1 : indent);
    }
  };
  walk(top.filter((n) => n.id > 0), 1, 0);
  return out;
}

/** prevId for moving a node one place up or down among its siblings; undefined when it cannot move that way. */
export function movePrev(row: ManagedRow, dir: "up" | "down"): { prevId: number | null } | undefined {
  const i = row.siblings.findIndex((s) => s.id === row.node.id);
  if (dir === "up") return i <= 0 ? undefined : { prevId: i >= 2 ? row.siblings[i - 2].id : null };
  return i < 0 || i >= row.siblings.length - 1 ? undefined : { prevId: row.siblings[i + 1].id };
}

/** The places a board may go (a group only at the top): managed nodes deep enough room, never itself or below it. */
export function parentChoices(rows: ManagedRow[], moving?: ManagedRow): ManagedRow[] {
  const height = moving?.height ?? 0;
  return rows.filter((r) => !moving?.subtree.has(r.node.id) && r.level + 1 + height <= BOARD_DEPTH_MAX);
}

/** The last child of a parent (null: the top) in the tree, to put a board moved there at the end. */
export function lastChildOf(top: BoardNode[], parentId: number | null): number | null {
  const find = (nodes: BoardNode[]): BoardNode | undefined => {
    for (const n of nodes) {
      if (n.id === parentId) return n;
      const f = find(n.children);
      if (f) return f;
    }
  };
  const kids = parentId === null ? top.filter((n) => n.id > 0) : find(top)?.children ?? [];
  return kids.length ? kids[kids.length - 1].id : null;
}
