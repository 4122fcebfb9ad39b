// Stable error codes the server answers with ({ code, message, errors? }) and their English default texts.
// The UI translates codes; `message` is a fallback for API users and logs.

import { ALIAS_ERROR_MESSAGES } from "./mail/aliases.ts";
import { COMPOSE_ERROR_MESSAGES } from "./mail/compose.ts";
import { CONFIG_ERROR_MESSAGES } from "./mail/config.ts";
import { FOLDERS_ERROR_MESSAGES } from "./mail/folders.ts";
import { READING_ERROR_MESSAGES } from "./mail/reading.ts";
import { SEARCH_ERROR_MESSAGES } from "./mail/search.ts";
import { SHARED_ERROR_MESSAGES } from "./mail/shared.ts";
import { SIGNATURES_ERROR_MESSAGES } from "./mail/signatures.ts";
import { SPAM_ERROR_MESSAGES } from "./mail/spam.ts";
import { SPAM_LISTS_ERROR_MESSAGES } from "./mail/spam-lists.ts";
import { TRANSFER_ERROR_MESSAGES } from "./mail/transfer.ts";
import { RULE_ERROR_MESSAGES } from "./mail/rules.ts";
import { FORWARD_ERROR_MESSAGES } from "./mail/forward.ts";
import { AWAY_ERROR_MESSAGES } from "./mail/away.ts";
import { EXTERNAL_ERROR_MESSAGES } from "./mail/external.ts";
import { CLIENTS_ERROR_MESSAGES } from "./mail/clients.ts";
import { CALENDAR_ERROR_MESSAGES } from "./calendar/errors.ts";
import { INOUT_ERROR_MESSAGES } from "./calendar/inout.ts";
import { EXTERNAL_SERVICE_ERROR_MESSAGES } from "./external-services.ts";
import { CONTACT_ERROR_MESSAGES } from "./contacts/errors.ts";
import { CUSTOMER_ERROR_MESSAGES } from "./contacts/customers.ts";
import { EXTERNAL_DRIVE_ERROR_MESSAGES } from "./drive/external.ts";
import { DRIVE_ERROR_MESSAGES } from "./drive/errors.ts";
import { RESOURCE_ERROR_MESSAGES } from "./resource/errors.ts";
import { APPROVAL_ERROR_MESSAGES } from "./approval/errors.ts";
import { LEAVE_ERROR_MESSAGES } from "./leave/errors.ts";
import { BOARD_ERROR_MESSAGES } from "./board/error-messages.ts";
import { WIKI_ERROR_MESSAGES } from "./wiki/error-messages.ts";
import { TODO_ERROR_MESSAGES } from "./todo/errors.ts";
import { FLOW_ERROR_MESSAGES } from "./flow/errors.ts";
import { MAIL_DRIVE_ERROR_MESSAGES } from "./mail/drive.ts";
import { MESSENGER_ERROR_MESSAGES } from "./messenger/errors.ts";
import { ASSISTANT_ERROR_MESSAGES } from "./assistant/errors.ts";
import { HOME_ERROR_MESSAGES } from "./home/errors.ts";
import { NOTIFICATION_ERROR_MESSAGES } from "./notifications/errors.ts";

export const ERROR_MESSAGES = {
  "common.400": "Bad request.",
  "common.401": "Invalid authentication.",
  "common.403": "You do not have permission.",
  "common.404": "Not found.",
  "common.405": "Method not allowed.",
  "common.413": "The request is too large.",
  "common.500": "A server error has occurred! Please contact your administrator.",
  "common.validation": "Some fields are not valid.",
  "common.rate_limited": "Too many requests. Try again later.",

  "auth.invalid_client": "Unknown client.",
  "auth.unsupported_grant_type": "Unsupported grant type.",
  "auth.invalid_credentials": "Check your ID or password.",
  "auth.credentials_required": "Enter your email, domain and password.",
  "auth.otp_required": "Enter the one-time code.",
  "auth.otp_invalid": "The one-time code is not correct.",
  "auth.too_many_attempts": "Too many failed sign-ins. Try again later.",
  "auth.invalid_grant": "Your login information has expired. Please sign in again.",
  "auth.token_expired": "Your login information has expired. Please sign in again.",
  "auth.account_disabled": "This account is not active.",
  "auth.domain_unavailable": "Domain is not valid.",
  "auth.key_invalid": "The sign-in key has expired. Try again.",

  "user.password_invalid": "Use 8 to 16 characters with letters, digits and one of ~!@#$%^&*()+|=-_.",
  "user.password_mismatch": "The current password is not correct.",
  "user.password_reused": "This password was used within the last year. Choose another.",
  "user.password_same": "The new password must differ from the current one.",
  "user.password_change_not_requested": "No password change is requested for this account.",
  "user.otp_not_started": "Start the one-time password setup first.",
  "user.otp_invalid": "The one-time code is not correct.",
  "user.mfa_required": "Your company requires two-factor authentication.",
  "user.name_required": "The name is required.",
  "user.personal_email_invalid": "The personal email address is not valid.",
  "user.username_in_use": "This ID is already in use.",
  "user.login_id_invalid": "The ID must start with an English letter and contain at least two letters or digits.",
  "user.theme_invalid": "Unknown theme.",
  "user.language_invalid": "Unknown language.",
  "user.module_invalid": "Unknown module.",
  "user.quota_invalid": "The quota must be a whole number of bytes, at most 1 TB.",
  "user.role_invalid": "Unknown role.",
  "user.status_invalid": "Unknown status.",
  "user.self_forbidden": "You cannot delete or deactivate your own account.",

  "company.config_module_invalid": "Unknown configuration module.",
  "company.domain_invalid": "Wrong domain address.",
  "company.domain_in_use": "This domain is already in use.",
  "company.last_admin": "The company must keep at least one administrator.",

  "organization.parent_invalid": "The parent organisation is not valid.",
  "organization.has_children": "The organisation still has sub-organisations.",
  "organization.has_members": "The organisation still has members.",
  "organization.name_required": "Enter the organisation name.",
  "organization.email_invalid": "Enter the organisation address in full, such as sales@your company's domain.",
  "organization.email_domain": "The organisation address must be on one of the company's domains.",
  "organization.sort_order_invalid": "The sort order must be a whole number from 0 to 1,000,000.",
  "organization.email_in_use": "This address is already in use.",
  "organization.unknown": "The organisation does not exist.",
  "organization.representative_invalid": "The representative organisation must be one of the user's organisations.",

  "signup.email_invalid": "Wrong email address.",
  "signup.code_required": "Enter the verification code.",
  "signup.code_invalid": "The verification code is not correct.",
  "signup.code_expired": "The verification code has expired. Request a new one.",
  "signup.code_send_failed": "The verification code could not be sent.",
  "signup.code_too_soon": "A code was just sent. Wait a minute before asking again.",
  "signup.verification_failed": "Email verification failed. Verify your email again.",
  "signup.name_required": "Enter the name.",
  "signup.company_name_required": "Enter the company name.",
  "signup.agreement_required": "Agree to the terms and the privacy policy.",
  "signup.domain_invalid": "Wrong domain address.",
  "signup.domain_in_use": "This domain is already in use.",
  "signup.admin_id_invalid": "The administrator ID must start with an English letter and contain at least two letters or digits.",
  "signup.email_in_use": "This email address is already in use.",
  "signup.password_confirm_mismatch": "The password confirmation does not match.",

  "account.53": "This account is already shared with that user.",
  "account.self": "You cannot share an account with yourself.",
  "account.not_active": "This shared account is not active or has expired.",
  "account.status_invalid": "Unknown status.",
  "account.expiry_invalid": "The expiry must be in the future.",
  "account.id_mismatch": "The id in the body does not match the address.",
  "account.switched_session": "This is not available while you use an account shared with you.",

  "announcement.title_required": "Enter the title.",
  "announcement.title_too_long": "The title can be at most 200 characters.",
  "announcement.contents_required": "Enter the contents.",
  "announcement.contents_too_large": "The contents can be at most 100 KB.",
  "announcement.time_invalid": "The time is not valid.",

  "realtime.forbidden": "You can only subscribe and publish to your own topics.",
  "realtime.invalid_frame": "The realtime message is not valid.",
  "realtime.unknown_event": "Unknown realtime event.",
  "realtime.upgrade_required": "This address only answers websocket connections.",

  "share.member_unknown": "The member does not exist.",
  "share.member_self": "You cannot share with yourself.",
  "share.permission_invalid": "This permission is not available for this item.",
  "share.org_restricted": "You cannot share with organizations.",
  "share.department_cancel": "A share given to your department cannot be cancelled.",
  "share.exists": "This item is already shared. Edit the share instead.",
  "share.organizer_only": "Only the organizer can edit.",
  "share.too_many_members": "A share can have at most 500 members.",
  "shareLink.deleted": "The link has been deleted.",
  "shareLink.password_required": "Enter the password.",
  "shareLink.password_length": "Enter 4 to 8 letters or numbers.",
  "shareLink.password_space": "The password cannot contain spaces between characters.",
  "shareLink.password_chars": "Only letters and numbers are allowed.",
  "shareLink.password_invalid": "The password is not correct.",
  "shareLink.too_many_attempts": "Too many wrong passwords. Try again later.",
  "shareLink.not_started": "This link is not available yet.",
  "shareLink.expired": "This link has expired.",
  "shareLink.limit_reached": "This link has reached its download limit.",
  "shareLink.sign_in_required": "Sign in with your company account to open this link.",
  "shareLink.company_only": "This link is only for employees of the company that shared it.",
  "shareLink.verification_required": "Verify your company email address first.",
  "shareLink.verification_unavailable": "This link does not use email verification.",
  "shareLink.code_invalid": "The verification code is not correct.",
  "shareLink.code_expired": "The verification code has expired. Request a new one.",
  "shareLink.code_too_soon": "A code was just sent. Wait a minute before asking again.",
  "shareLink.code_send_failed": "The verification code could not be sent.",
  "shareLink.expiry_invalid": "The expiry date must be in the future and after the start.",
  "shareLink.limit_invalid": "The download limit must be a positive number.",

  // Mail: each area keeps its codes beside its request schemas.
  ...ALIAS_ERROR_MESSAGES,
  ...COMPOSE_ERROR_MESSAGES,
  ...MAIL_DRIVE_ERROR_MESSAGES,
  ...CONFIG_ERROR_MESSAGES,
  ...FOLDERS_ERROR_MESSAGES,
  ...READING_ERROR_MESSAGES,
  ...SEARCH_ERROR_MESSAGES,
  ...SHARED_ERROR_MESSAGES,
  ...SIGNATURES_ERROR_MESSAGES,
  ...SPAM_ERROR_MESSAGES,
  ...SPAM_LISTS_ERROR_MESSAGES,
  ...TRANSFER_ERROR_MESSAGES,
  ...RULE_ERROR_MESSAGES,
  ...FORWARD_ERROR_MESSAGES,
  ...AWAY_ERROR_MESSAGES,
  ...EXTERNAL_ERROR_MESSAGES,
  ...CLIENTS_ERROR_MESSAGES,
  ...CALENDAR_ERROR_MESSAGES,
  // Calendar: mail invitations, ICS, holidays.
  ...INOUT_ERROR_MESSAGES,
  ...EXTERNAL_SERVICE_ERROR_MESSAGES,
  ...CONTACT_ERROR_MESSAGES,
  ...CUSTOMER_ERROR_MESSAGES,
  ...EXTERNAL_DRIVE_ERROR_MESSAGES,
  ...DRIVE_ERROR_MESSAGES,
  ...RESOURCE_ERROR_MESSAGES,
  ...APPROVAL_ERROR_MESSAGES,
  // Typed by its prefix so ErrorCode stays a union of known codes (LEAVE_ERROR_MESSAGES is a plain record).
  ...(LEAVE_ERROR_MESSAGES as Record<`leave.${string}`, string>),
  ...BOARD_ERROR_MESSAGES,
  ...WIKI_ERROR_MESSAGES,
  ...TODO_ERROR_MESSAGES,
  ...FLOW_ERROR_MESSAGES,
  ...(MESSENGER_ERROR_MESSAGES as Record<`messenger.${string}`, string>),
  ...(ASSISTANT_ERROR_MESSAGES as Record<`assistant.${string}`, string>),
  ...HOME_ERROR_MESSAGES,
  ...NOTIFICATION_ERROR_MESSAGES,
} as const;

export type ErrorCode = keyof typeof ERROR_MESSAGES;

/** The body of every error answer. */
export interface ErrorBody {
  code: string;
  message: string;
  params?: Record<string, unknown>;
  errors?: { field: string; code: string; message: string }[];
}
