// The board's data for its views (table, kanban, gantt) and the item detail panel: the items grouped with
// "load more" per group, and every change optimistic, rolled back with the error snackbar when refused (002 §4).
export { type BoardItems, paramsKeyOf, useBoardItems } from "./use-board-items.ts";
export { isSaved, type MoveTarget, type NewItem, useCellMutation, useCreateItem, useDeleteItems, useMoveItem, useSubItems } from "./use-item-mutations.ts";
export { type GroupMutations, useGroupMutations } from "./use-group-mutations.ts";
export { headerInput, isSavedColumn, newColumnKey, useHeaderMutation } from "./use-header-mutation.ts";
export { refusalText, refused } from "./feedback.ts";
export { bySortOrder, keyBetween } from "./order.ts";
