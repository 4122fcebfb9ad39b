// A delivery-failure notice for the sender: which recipients could not be reached and why (the remote
// server's own reply, as it gave it), with the original's headers attached (text/rfc822-headers), filed into
// the sender's inbox through fileMessage. Its words are in the sender's language (users.languageType), as the
// other texts the server writes into mail (compose/mail-text.ts).
import MailComposer from "nodemailer/lib/mail-composer";
import { eq } from "drizzle-orm";
import { users } from "../../../../db/schema/users.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { escapeHtml, mailHostname, newMessageId } from "../compose/mime.ts";
import { fileMessage } from "../store/deliver.ts";
import { withReturnPath } from "../store/return-path.ts";
import { languageOf } from "../compose/mail-text.ts";
import type { Language } from "../../../../shared/locale.ts";

const TEXTS: Record<Language, { from: string; subject: string; intro: string; original: string }> = {
  ko: {
    from: "메일 전송 시스템",
    subject: "메일 전송 실패",
    intro: "다음 받는 사람에게 메일을 전달하지 못했습니다:",
    original: "원래 메일의 제목",
  },
  en: {
    from: "Mail Delivery System",
    subject: "Undelivered Mail Returned to Sender",
    intro: "Your message could not be delivered to the following recipients:",
    original: "Subject of the original",
  },
  id: {
    from: "Sistem Pengiriman Email",
    subject: "Email Tidak Terkirim",
    intro: "Email Anda tidak dapat dikirim ke penerima berikut:",
    original: "Subjek email asli",
  },
};

export interface BounceInput {
  companyId: number;
  senderUserId: number;
  originalRaw: Uint8Array;
  originalSubject: string;
  originalMessageId: string | null;
  failures: { address: string; reply: string }[];
}

export async function fileBounce(deps: AppDeps, input: BounceInput): Promise<number | null> {
  const [sender] = await deps.db.select({ username: users.username, status: users.status, language: users.languageType }).from(users)
    .where(eq(users.id, input.senderUserId));
  if (!sender || sender.status !== "ACTIVE") return null;
  const words = TEXTS[languageOf(sender.language)];
  const host = mailHostname(deps);
  const headers = originalHeaders(input.originalRaw);
  const lines = input.failures.map((f) => `${f.address}: ${f.reply}`);
  const text = [words.intro, "", ...lines, "", `${words.original}: ${input.originalSubject}`].join("\n");
  const html = `<p>${escapeHtml(words.intro)}</p><ul>${
    input.failures.map((f) => `<li><b>${escapeHtml(f.address)}</b>: ${escapeHtml(f.reply)}</li>`).join("")
  }</ul><p>${escapeHtml(words.original)}: ${escapeHtml(input.originalSubject)}</p>`;
  const node = new MailComposer({
    from: { name: words.from, address: `mailer-daemon@${host}` },
    to: sender.username,
    subject: `${words.subject}: ${input.originalSubject}`,
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
    // Delivered as a bounce is: from the null sender.
    raw: withReturnPath(new Uint8Array(built.buffer, built.byteOffset, built.byteLength), ""),
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
