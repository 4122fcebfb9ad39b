// The cells of an item by column type, for the table, the kanban cards and the gantt.
export { Cell, type CellProps } from "./Cell.tsx";
export { TitleCell, MiniIcon, useCountersText } from "./TitleCell.tsx";
export { Avatar, People } from "./People.tsx";
export { StatusChip } from "./StatusChip.tsx";
export { columnName } from "./column-name.ts";
export * from "./cell-value.ts";
