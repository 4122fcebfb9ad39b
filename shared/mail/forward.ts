// Forwarding (000 §3 "Forward config", §4 "An auto-forward address goes through a pending request, then
// accepted", §5 "Forwarding target cannot be the user's own address", §7 Forward, §9 "Forwarding change up to
// 5 minutes"): arriving mail (not spam, not bounces) is passed on unchanged (redirect: the From stays, the
// envelope sender is the user) to every ACCEPTED target. A new target is PENDING and gets an approval mail with
// an acceptance link; it becomes ACCEPTED when that link is opened. Changes apply to the next arriving message.
//
//   GET  /api/mail/config/forward                          → ForwardConfig
//   POST /api/mail/config/forward   ForwardInput (JSON or form: useYN, saveOriginal, targets[]=a@b or
//        targets[0][address]=a@b)                           → ForwardConfig. The list replaces the targets: kept
//        ones keep their status, removed ones are dropped, new ones are PENDING and get an approval mail.
//   POST /api/mail/config/resend_approval_mail  (targets[address]) → ForwardConfig; a new link for each PENDING
//        target named (the old link stops working); names that are not pending targets: 409 mail.529.
//   GET  /api/mail/forward/accept?token=…  (public; the link of the approval mail) → a small HTML page
//        (200 accepted, or 404 for an unknown, used or expired link).
// Errors: 400 mail.527 (a target is the user's own address or alias), 400 mail.528 (an invalid address, or
// more than FORWARD_TARGETS_MAX targets), 409 mail.529 (approval mail for an address that is not pending),
// 429 mail.forward_approval_cooldown (an approval mail went to one of the new or named targets less than
// FORWARD_APPROVAL_COOLDOWN_SECONDS ago, whoever asked: params.seconds = the wait; nothing is changed), so
// nobody can flood an address with approval mails.
import { z } from "zod";

/** Targets per user (not in the spec; chosen here). */
export const FORWARD_TARGETS_MAX = 10;
/** How long an acceptance link works. */
export const FORWARD_LINK_DAYS = 7;
/** 000 §9: a change may take up to this long to apply (here it applies to the next message). */
export const FORWARD_CHANGE_MINUTES = 5;
/** Least time between two approval mails to one address (not in the spec; chosen here). */
export const FORWARD_APPROVAL_COOLDOWN_SECONDS = 60;

export type ForwardTargetStatus = "PENDING" | "ACCEPTED";

export interface ForwardTarget {
  address: string;
  status: ForwardTargetStatus;
  requestedTimeMillis: number;
  acceptedTimeMillis: number | null;
}

export interface ForwardConfig {
  useYN: boolean;
  saveOriginal: boolean;
  targets: ForwardTarget[];
}

export const FORWARD_ERROR_MESSAGES = {
  "mail.527": "You cannot forward to your own address.",
  "mail.528": "Check the forwarding address (up to 10 addresses).",
  "mail.529": "The approval mail can only be sent again to a pending address.",
  "mail.forward_approval_cooldown": "An approval mail was just sent to this address. Try again in a minute.",
} as const;

const bool = z.union([z.boolean(), z.enum(["true", "false", "1", "0", "Y", "N"]).transform((v) => v === "true" || v === "1" || v === "Y")]);

const targetAddress = z.union([z.string(), z.object({ address: z.string() }).transform((o) => o.address)])
  .pipe(z.string().trim().toLowerCase().max(320).regex(/^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/, "mail.528"));

export const targetList = z.union([z.array(targetAddress), targetAddress.transform((a) => [a])])
  .transform((list) => [...new Set(list)]);

export const forwardInput = z.object({
  useYN: bool.default(false),
  saveOriginal: bool.default(true),
  targets: targetList.default([]).refine((l) => l.length <= FORWARD_TARGETS_MAX, "mail.528"),
});
export type ForwardInput = z.infer<typeof forwardInput>;

export const resendInput = z.object({ targets: targetList.refine((l) => l.length > 0, "mail.529") });
