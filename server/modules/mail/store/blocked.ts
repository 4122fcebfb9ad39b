// Blocked mail (000 §4 "Mail type"; "blocked mail cannot be imported or acted on"): in spam because a rule,
// the block list, the system or a failed sender check put it there, as opposed to mail the user reported
// themselves (which they have read already). Its content, attachments and raw message are withheld from
// every path (view, list preview, original, reply and forward) until it is unblocked.
export function isBlocked(mail: { spamReason: string | null; mailType: string }): boolean {
  return mail.spamReason !== null && mail.mailType !== "REPORT_MAIL";
}
