// What the board page (board/, the frame) hands each view of a board: table/TableView.tsx,
// kanban/KanbanView.tsx and gantt/GanttView.tsx, and what it hands the item detail panel
// (detail/ItemDetailPanel.tsx). The views read and change items through board-data/ (the loaded entry plus the
// next pages of each group, optimistic changes rolled back when the server refuses: 002 §4).
import type { BoardEntry } from "@shared/todo/boards.ts";
import type { BoardParams } from "../api.ts";

export interface BoardViewProps {
  workspaceId: number;
  boardId: number;
  /** GET board/{id} with `params` (the applied filter). */
  entry: BoardEntry;
  params: BoardParams;
  /** The caller follows the workspace (entry.board.edit). */
  canEdit: boolean;
  /** Opens an item in the detail panel (the board's actionObj gets groupId and itemId, and parentId for a sub-item). */
  openItem(item: { groupId: number; itemId: number; parentId?: number }): void;
}

export interface ItemDetailPanelProps {
  workspaceId: number;
  boardId: number;
  groupId: number;
  itemId: number;
  parentId?: number;
  canEdit: boolean;
  /** Closes the panel (the actionObj loses groupId/itemId/parentId). */
  onClose(): void;
}
