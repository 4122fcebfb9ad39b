// Error codes of leave and HR (002 §5, §8 "Leave"; 001 §5, §8 the calendar's leave texts). The ko locale
// carries the Korean texts; the English texts here are the defaults the other locales translate.
export const LEAVE_ERRORS = {
  disabled: "leave.disabled",
  notFound: "leave.not_found",
  templateNotFound: "leave.template_not_found",
  userNotFound: "leave.user_not_found",
  hrOnly: "leave.hr_only",
  notAllowed: "leave.not_allowed",
  /** 002 §5: no approver. */
  noApprover: "leave.no_approver",
  /** 002 §8: leave exceeds the available balance. */
  exceedsBalance: "leave.exceeds_balance",
  /** 002 §8: used leave and approved allocations cannot be edited (contact HR). */
  notEditable: "leave.not_editable",
  /** 002 §8: leave cannot be edited once used. */
  alreadyUsed: "leave.already_used",
  /** 002 §4: an expired special leave cannot be applied for. */
  expired: "leave.expired",
  reasonRequired: "leave.reason_required",
  invalidDays: "leave.invalid_days",
  unitNotAllowed: "leave.unit_not_allowed",
  applicationNotAllowed: "leave.application_not_allowed",
  adminCancellationOnly: "leave.admin_cancellation_only",
  overlaps: "leave.overlaps",
  notPending: "leave.not_pending",
  notApprover: "leave.not_approver",
  templateInUse: "leave.template_in_use",
  annualTemplateFixed: "leave.annual_template_fixed",
  templateNameTaken: "leave.template_name_taken",
  hireDateMissing: "leave.hire_date_missing",
  viaApproval: "leave.via_approval",
} as const;

export const LEAVE_ERROR_MESSAGES: Record<string, string> = {
  "leave.disabled": "Leave management is not enabled for this company.",
  "leave.not_found": "The leave record was not found.",
  "leave.template_not_found": "The leave type was not found.",
  "leave.user_not_found": "The member was not found.",
  "leave.hr_only": "Only HR administrators can do this.",
  "leave.not_allowed": "You may not see or change this member's leave.",
  "leave.no_approver": "There is no organisation head to approve your leave.",
  "leave.exceeds_balance": "The leave exceeds the available balance.",
  "leave.not_editable": "Used leave and approved allocations cannot be edited. Contact HR to change the state.",
  "leave.already_used": "Leave cannot be edited once used.",
  "leave.expired": "This special leave has expired and cannot be applied for.",
  "leave.reason_required": "Enter a reason for special leave.",
  "leave.invalid_days": "Choose valid leave days.",
  "leave.unit_not_allowed": "This leave type cannot be taken in this unit.",
  "leave.application_not_allowed": "Employees cannot apply for this leave type: ask HR.",
  "leave.admin_cancellation_only": "Only an administrator can cancel this leave.",
  "leave.overlaps": "You already have leave at that time.",
  "leave.not_pending": "The request has already been decided.",
  "leave.not_approver": "You are not an approver of this request.",
  "leave.template_in_use": "The leave type has allocations or usages and cannot be deleted.",
  "leave.annual_template_fixed": "The annual leave type cannot be deleted or change its kind.",
  "leave.template_name_taken": "A leave type with this name already exists.",
  "leave.hire_date_missing": "Enter the member's hire date first.",
  "leave.via_approval": "This leave goes through electronic approval: act on its approval document.",
};

/** The ko texts (002 §5, §8; 001 §5, §8 give them in English; these are the Korean suites' wording). */
export const LEAVE_KO: Record<string, string> = {
  "leave.no_approver": "승인할 조직장이 없습니다.",
  "leave.exceeds_balance": "사용 가능한 잔여 휴가를 초과했습니다.",
  "leave.not_editable": "사용한 휴가와 승인된 휴가는 수정할 수 없습니다. 상태 변경은 인사 담당자에게 문의하세요.",
  "leave.already_used": "이미 사용한 휴가는 수정할 수 없습니다.",
  "leave.expired": "만료된 특별 휴가는 신청할 수 없습니다.",
  "leave.reason_required": "특별 휴가는 사유를 입력해야 합니다.",
};
