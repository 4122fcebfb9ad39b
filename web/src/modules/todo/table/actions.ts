// What the table's rows may do, handed down as one stable object (rows are memoised: a change of one row
// re-renders that row only).
import type { PointerEvent } from "react";
import type { CellValue, TodoItem } from "@shared/todo/items.ts";
import type { GroupMutations, MoveTarget, NewItem } from "../board-data/index.ts";

export interface TableActions {
  save(item: TodoItem, headerValue: string, value: CellValue): void;
  open(item: TodoItem): void;
  move(item: TodoItem, target: MoveTarget): Promise<boolean>;
  create(input: NewItem): Promise<TodoItem | null>;
  remove(item: TodoItem): Promise<void>;
  select(id: number, on: boolean): void;
  selectGroup(groupId: number, on: boolean): void;
  toggleGroup(groupId: number): void;
  toggleItem(id: number): void;
  /** Expands the item and puts the focus in its "add sub-item" row. */
  addSub(item: TodoItem): void;
  addGroup(): Promise<void>;
  groups: GroupMutations;
  startDrag(e: PointerEvent<HTMLElement>, item: TodoItem): void;
}
