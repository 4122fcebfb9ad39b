// A delivery-failure notice for the sender: which recipients could not be reached and why, with the
// original's headers attached (text/rfc822-headers), filed into the sender's inbox through fileMessage.
import MailComposer from "nodemailer/lib/mail-composer";
import { eq } from "drizzle-orm";
import { users } from "../../../../db/schema/users.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { escapeHtml, mailHostname, newMessageId } from "../compose/mime.ts";
import { fileMessage } from "../store/deliver.ts";

export interface BounceInput {
  companyId: number;
  senderUserId: number;
  originalRaw: Uint8Array;
  originalSubject: string;
  originalMessageId: string | null;
  failures: { address: string; reply: string }[];
}

export async function fileBounce(deps: AppDeps, input: BounceInput): Promise<number | null> {
  const [sender] = await deps.db.select({ username: users.username, status: users.status }).from(users)
    .where(eq(users.id, input.senderUserId));
  if (!sender || sender.status !== "ACTIVE") return null;
  const host = mailHostname(deps);
  const headers = originalHeaders(input.originalRaw);
  const lines = input.failures.map((f) => `${f.address}: ${f.reply}`);
  const text = [
    "Your message could not be delivered to the following recipients:",
    "",
    ...lines,
    "",
    `Subject of the original: ${input.originalSubject}`,
  ].join("\n");
  const html = `<p>Your message could not be delivered to the following recipients:</p><ul>${
    input.failures.map((f) => `<li><b>${escapeHtml(f.address)}</b>: ${escapeHtml(f.reply)}</li>`).join("")
  }</ul><p>Subject of the original: ${escapeHtml(input.originalSubject)}</p>`;
  const node = new MailComposer({
    from: { name: "Mail Delivery System", address: `mailer-daemon@${host}` },
    to: sender.username,
    subject: `Undelivered Mail Returned to Sender: ${input.originalSubject}`,
    text,
    html,
    messageId: `<${newMessageId(deps)}>`,
    date: deps.clock.now(),
    inReplyTo: input.originalMessageId ? `<${input.originalMessageId}>` : undefined,
    references: input.originalMessageId ? `<${input.originalMessageId}>` : undefined,
    headers: { "Auto-Submitted": "auto-replied" },
    attachments: [{ filename: "original-headers.txt", contentType: "text/rfc822-headers", content: headers }],
  }).compile();
  const built = await new Promise<Buffer>((ok, fail) => node.build((err, msg) => err ? fail(err) : ok(msg)));
  const filed = await fileMessage(deps, {
    companyId: input.companyId,
    raw: new Uint8Array(built.buffer, built.byteOffset, built.byteLength),
    receivedAt: deps.clock.now(),
    targets: [{ userId: input.senderUserId, folder: "INBOX", internal: true, notify: { username: sender.username } }],
  });
  return filed.mails[0].mailId;
}

function originalHeaders(raw: Uint8Array): string {
  const text = new TextDecoder().decode(raw.subarray(0, 256 * 1024));
  const end = text.search(/\r?\n\r?\n/);
  return end >= 0 ? text.slice(0, end) : text;
}
