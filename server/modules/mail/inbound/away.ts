// Away-reply step of afterDelivery (after.ts): while the recipient's away reply is on and the message arrived
// within its period ([start, end], either end open when null), the envelope sender gets one reply per period
// (mail_away_replies: the insert that wins decides, so two messages at once still give one reply; it is in
// the reply's own transaction, so a reply that failed to go out leaves no row and is tried again). RFC 3834:
// never to bounces, mailing lists (List-Id, List-Unsubscribe, Precedence bulk/list/junk), automatic mail
// (Auto-Submitted other than "no", X-Autoreply), forwarded mail, spam, or the user themself; the reply is
// "Re: <subject>" with In-Reply-To/References and Auto-Submitted: auto-replied, from the user.
import { and, eq } from "drizzle-orm";
import MailComposer from "nodemailer/lib/mail-composer";
import { mailAwayReplies } from "../../../../db/schema/mail-settings.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { escapeHtml, newMessageId } from "../compose/mime.ts";
import { sendStored } from "../outbound/send-stored.ts";
import type { Delivered } from "./after.ts";
import { forwardedBy, isBounce } from "./forward.ts";
import type { InboundMessage } from "./plan.ts";

/** Local parts that are machines, never people (RFC 3834 §2). */
const MACHINE_SENDER = /^(mailer-daemon|postmaster|listserv|majordomo|owner-.*|.*-request|.*-bounces?|no-?reply)$/i;

/** Why a message gets no away reply, or null when it may get one. */
export function awaySkipReason(msg: InboundMessage, d: Delivered, now: Date): string | null {
  const away = d.settings?.away;
  if (!away) return "off";
  if ((away.startAt && now < away.startAt) || (away.endAt && now > away.endAt)) return "outside_period";
  if (d.plan.folder === "SPAM") return "spam";
  if (isBounce(msg)) return "bounce";
  const sender = msg.envelopeFrom.trim().toLowerCase();
  if (MACHINE_SENDER.test(sender.split("@")[0])) return "machine";
  if (sender === d.box.username.toLowerCase()) return "self";
  const h = msg.parsed.headers;
  if (h["list-id"] || h["list-unsubscribe"]) return "list";
  if (/^\s*(bulk|list|junk)\b/i.test(h["precedence"] ?? "")) return "list";
  if (h["auto-submitted"] && !/^\s*no\b/i.test(h["auto-submitted"])) return "auto";
  if (h["x-autoreply"]) return "auto";
  if (forwardedBy(d.raw).length) return "forwarded";
  return null;
}

export async function awayReply(deps: AppDeps, msg: InboundMessage, d: Delivered): Promise<void> {
  const now = deps.clock.now();
  const away = d.settings?.away;
  if (!away || awaySkipReason(msg, d, now)) return;
  const sender = msg.envelopeFrom.trim().toLowerCase();
  // Answered already this period: nothing to build. (The insert below decides when two messages race.)
  const replied = and(eq(mailAwayReplies.userId, d.box.userId), eq(mailAwayReplies.sender, sender), eq(mailAwayReplies.period, away.period));
  if ((await deps.db.select({ sender: mailAwayReplies.sender }).from(mailAwayReplies).where(replied).limit(1)).length) return;
  const p = msg.parsed;
  const subject = /^\s*re\s*:/i.test(p.subject) ? p.subject : `Re: ${p.subject}`.trimEnd();
  const references = [...p.references, ...(p.messageIdHeader ? [p.messageIdHeader] : [])].slice(-20);
  const node = new MailComposer({
    from: { name: d.box.displayName, address: d.box.username },
    to: sender,
    subject,
    text: away.contents,
    html: `<div>${escapeHtml(away.contents).replace(/\r?\n/g, "<br>")}</div>`,
    messageId: `<${newMessageId(deps)}>`,
    date: now,
    inReplyTo: p.messageIdHeader ? `<${p.messageIdHeader}>` : undefined,
    references: references.length ? references.map((r) => `<${r}>`).join(" ") : undefined,
    headers: { "Auto-Submitted": "auto-replied", "X-Auto-Response-Suppress": "All" },
  }).compile();
  const built = await new Promise<Buffer>((ok, fail) => node.build((err, m) => err ? fail(err) : ok(m)));
  await sendStored(deps, {
    companyId: d.box.companyId,
    senderUserId: d.box.userId,
    senderAddress: d.box.username,
    raw: new Uint8Array(built.buffer, built.byteOffset, built.byteLength),
    to: [sender],
  }, {
    // The once-per-period row commits with the reply, or not at all (a failed send is tried again later).
    before: async (tx) => {
      const won = await tx.insert(mailAwayReplies)
        .values({ userId: d.box.userId, companyId: d.box.companyId, sender, period: away.period, repliedAt: now })
        .onConflictDoNothing().returning({ sender: mailAwayReplies.sender });
      return won.length > 0;
    },
  });
}
