// Error codes of flow (002 §8 "Flow" gives texts and statuses; the codes are ours, flow.<reason>). Bad input
// answers 400 common.validation with the fields in errors[].
export const FLOW_ERRORS = {
  /** 403: the company has flow switched off (companies.use_flow). */
  disabled: "flow.disabled",
  projectNotFound: "flow.project_not_found",
  /** 403: not JOINED (a private project's tasks, any project's changes). */
  notMember: "flow.not_member",
  /** 403: the authority is too low (READ editing, MEMBER managing members, not MASTER deleting/delegating). */
  noPermission: "flow.no_permission",
  /** 409 "참여중인 멤버가 존재합니다." */
  membersExist: "flow.members_exist",
  /** 409 "해당 그룹에 이미 참여 중입니다." */
  alreadyMember: "flow.already_member",
  /** 409 "해당 멤버에게는 위임할 수 없습니다." */
  cannotDelegate: "flow.cannot_delegate",
  /** 409: the MASTER cannot leave, be removed or change authority but by delegating. */
  masterFixed: "flow.master_fixed",
  memberNotFound: "flow.member_not_found",
  /** 400: an invited person or email not of the company (params.index). */
  inviteeInvalid: "flow.invitee_invalid",
  groupNotFound: "flow.group_not_found",
  /** 409 "기본 그룹은 이동할 수 없습니다." (also for delete). */
  defaultGroupFixed: "flow.default_group_fixed",
  /** 409 "업무가 존재하여 삭제할 수 없습니다." */
  groupHasTasks: "flow.group_has_tasks",
  groupsMax: "flow.groups_max",
  taskNotFound: "flow.task_not_found",
  tasksMax: "flow.tasks_max",
  /** 409 "하위 업무는 이동할 수 없습니다." (also a subtask's subtask). */
  subtaskMove: "flow.subtask_move",
  /** 409 "시작일은 마감일보다 클 수 없습니다" */
  startAfterDue: "flow.start_after_due",
  /** 409 "마감일은 시작일보다 작을 수 없습니다" */
  dueBeforeStart: "flow.due_before_start",
  /** 400: an assignee who is not a JOINED member (params.userId). */
  assigneeInvalid: "flow.assignee_invalid",
  checklistNotFound: "flow.checklist_not_found",
  checklistMax: "flow.checklist_max",
  commentNotFound: "flow.comment_not_found",
  /** 403 "해당 댓글에 대한 권한이 없습니다." */
  commentForbidden: "flow.comment_forbidden",
  fileNotFound: "flow.file_not_found",
  /** 413 "전송 가능한 최대 크기를 초과했습니다." (params.size) */
  fileTooLarge: "flow.file_too_large",
  /** 400 "파일의 이름은 200글자 이하여야 합니다." */
  fileNameTooLong: "flow.file_name_too_long",
  /** 507 "전체 용량을 초과했습니다. 관리자에게 문의하세요." */
  insufficientSpace: "flow.insufficient_space",
  filesMax: "flow.files_max",
  /** 409: the eml view of a file that is not a mail. */
  notEml: "flow.not_eml",
  filterNotFound: "flow.filter_not_found",
  filtersMax: "flow.filters_max",
  /** 404: a mail of the mail-task calls that is not linked to a task. */
  mailTaskNotFound: "flow.mail_task_not_found",
} as const;
export type FlowErrorCode = (typeof FLOW_ERRORS)[keyof typeof FLOW_ERRORS];

export const FLOW_ERROR_MESSAGES: Record<FlowErrorCode, string> = {
  "flow.disabled": "Flow is not enabled for this company.",
  "flow.project_not_found": "The project does not exist.",
  "flow.not_member": "You are not a member of this project.",
  "flow.no_permission": "You do not have permission.",
  "flow.members_exist": "There are members participating.",
  "flow.already_member": "You are already participating in this group.",
  "flow.cannot_delegate": "Cannot delegate to this member.",
  "flow.master_fixed": "The master cannot be changed this way. Delegate first.",
  "flow.member_not_found": "The member does not exist.",
  "flow.invitee_invalid": "The person is not a member of this company.",
  "flow.group_not_found": "The task group does not exist.",
  "flow.default_group_fixed": "The default group cannot be moved.",
  "flow.group_has_tasks": "It cannot be deleted because tasks exist.",
  "flow.groups_max": "No more task groups can be added.",
  "flow.task_not_found": "The task does not exist.",
  "flow.tasks_max": "No more tasks can be added to this project.",
  "flow.subtask_move": "Subtasks cannot be moved.",
  "flow.start_after_due": "The start date cannot be later than the due date.",
  "flow.due_before_start": "The due date cannot be earlier than the start date.",
  "flow.assignee_invalid": "The assignee is not a member of this project.",
  "flow.checklist_not_found": "The checklist entry does not exist.",
  "flow.checklist_max": "No more checklist entries can be added.",
  "flow.comment_not_found": "The comment does not exist.",
  "flow.comment_forbidden": "You have no permission for this comment.",
  "flow.file_not_found": "The file does not exist.",
  "flow.file_too_large": "The maximum transfer size has been exceeded.",
  "flow.file_name_too_long": "The file name must be 200 characters or fewer.",
  "flow.insufficient_space": "Total storage exceeded. Please contact your administrator.",
  "flow.files_max": "No more files can be attached to this task.",
  "flow.not_eml": "The file is not a mail.",
  "flow.filter_not_found": "The filter does not exist.",
  "flow.filters_max": "No more filters can be saved.",
  "flow.mail_task_not_found": "The mail is not linked to a task.",
};
