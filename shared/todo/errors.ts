// Error codes of the to-do module (002 §8 "To-do" gives statuses and texts, no keys: the codes are ours,
// todo.<reason>). Bad input (a malformed body or query) answers 400 common.validation with the fields in errors[].
export const TODO_ERRORS = {
  /** 403: the company has to-do switched off (companies.use_todo). */
  disabled: "todo.disabled",
  /** 403: gantt asked for on a plan other than ADVANCED (002 §6). */
  planRequired: "todo.plan_required",
  /** 404: a workspace that does not exist or is another company's. */
  workspaceNotFound: "todo.workspace_not_found",
  /** 403: "maximum 5 workspaces" (002 §8). */
  workspacesMax: "todo.workspaces_max",
  /** 403: only the owner may do this (002 §6). */
  notOwner: "todo.not_owner",
  /** 403: the caller does not follow the workspace (boards, groups, items); 309 on delegate: the new owner does
   *  not follow it (002 §8 "Delegate: 309 user not in workspace"). */
  notFollower: "todo.not_follower",
  /** 409: a workspace with followers cannot be deleted (002 §5). */
  hasFollowers: "todo.has_followers",
  /** 409: the owner cannot unfollow (002 §5). */
  ownerCannotUnfollow: "todo.owner_cannot_unfollow",
  /** 404: removing or delegating to a user who does not follow. */
  userNotFound: "todo.user_not_found",
  boardNotFound: "todo.board_not_found",
  groupNotFound: "todo.group_not_found",
  /** 404 "해당 아이템이 존재하지 않습니다". */
  itemNotFound: "todo.item_not_found",
  /** 409 "wrong column info" (002 §8). */
  headerInvalid: "todo.header_invalid",
  /** 409: the last group of a board (002 §5). */
  lastGroup: "todo.last_group",
  /** 409: a board, group or item moved where it cannot go. */
  moveInvalid: "todo.move_invalid",
  /** 400: a cell value that does not fit its column (params.headerValue). */
  valueInvalid: "todo.value_invalid",
  /** 409: limits (BOARDS_MAX, GROUPS_MAX, ITEMS_MAX, FILTERS_MAX, CHECKLIST_MAX, FILES_MAX, DEPENDENCIES_MAX). */
  boardsMax: "todo.boards_max",
  groupsMax: "todo.groups_max",
  itemsMax: "todo.items_max",
  filtersMax: "todo.filters_max",
  checklistMax: "todo.checklist_max",
  filesMax: "todo.files_max",
  dependenciesMax: "todo.dependencies_max",
  filterNotFound: "todo.filter_not_found",
  /** 409: a filter row naming an unknown column or a condition its type lacks (params.index). */
  filterInvalid: "todo.filter_invalid",
  dependencyNotFound: "todo.dependency_not_found",
  /** 409: a dependency on itself, across boards, twice, or closing a cycle. */
  dependencyInvalid: "todo.dependency_invalid",
  checklistNotFound: "todo.checklist_not_found",
  /** 404 "해당 파일이 존재하지 않습니다." */
  fileNotFound: "todo.file_not_found",
  /** 413 (params.size), 400 name over FILE_NAME_MAX, 507 quota. */
  fileTooLarge: "todo.file_too_large",
  fileNameTooLong: "todo.file_name_too_long",
  insufficientSpace: "todo.insufficient_space",
  commentNotFound: "todo.comment_not_found",
  /** 403 "해당 댓글에 대한 권한이 없습니다." */
  commentForbidden: "todo.comment_forbidden",
  /** 413: an item's content over CONTENT_MAX. */
  contentTooLarge: "todo.content_too_large",
} as const;
export type TodoErrorCode = (typeof TODO_ERRORS)[keyof typeof TODO_ERRORS];

/** English default texts for an answer's `message` (the UI shows web/src/locales/<lng>/todoErrors.json by code). */
export const TODO_ERROR_MESSAGES: Record<TodoErrorCode, string> = {
  "todo.disabled": "To-do is not enabled for this company.",
  "todo.plan_required": "The gantt view needs the ADVANCED plan.",
  "todo.workspace_not_found": "The workspace does not exist.",
  "todo.workspaces_max": "You can have at most 5 workspaces.",
  "todo.not_owner": "Only the workspace owner can do this.",
  "todo.not_follower": "The user is not in the workspace.",
  "todo.has_followers": "A workspace with followers cannot be deleted.",
  "todo.owner_cannot_unfollow": "The owner cannot unfollow the workspace.",
  "todo.user_not_found": "The user does not follow the workspace.",
  "todo.board_not_found": "The board does not exist.",
  "todo.group_not_found": "The group does not exist.",
  "todo.item_not_found": "The item does not exist.",
  "todo.header_invalid": "The column information is not correct.",
  "todo.last_group": "A board must keep at least one group.",
  "todo.move_invalid": "It cannot be moved there.",
  "todo.value_invalid": "The value does not fit the column.",
  "todo.boards_max": "No more boards can be added to this workspace.",
  "todo.groups_max": "No more groups can be added to this board.",
  "todo.items_max": "No more items can be added to this board.",
  "todo.filters_max": "No more filters can be saved for this board.",
  "todo.checklist_max": "No more checklist entries can be added.",
  "todo.files_max": "No more files can be attached to this item.",
  "todo.dependencies_max": "No more dependencies can be added to this board.",
  "todo.filter_not_found": "The filter does not exist.",
  "todo.filter_invalid": "The filter is not valid.",
  "todo.dependency_not_found": "The dependency does not exist.",
  "todo.dependency_invalid": "This dependency cannot be added.",
  "todo.checklist_not_found": "The checklist entry does not exist.",
  "todo.file_not_found": "The file does not exist.",
  "todo.file_too_large": "The file is larger than 25 MB.",
  "todo.file_name_too_long": "The file name must be 200 characters or fewer.",
  "todo.insufficient_space": "Total storage exceeded. Please contact your administrator.",
  "todo.comment_not_found": "The comment does not exist.",
  "todo.comment_forbidden": "You have no permission for this comment.",
  "todo.content_too_large": "The content is too long.",
};
