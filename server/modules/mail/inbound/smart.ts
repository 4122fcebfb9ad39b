// Step 4 of planDelivery: the smart mailbox's classes (000 §3 smartMailbox, classifyPromotion,
// classifySocial). SOCIAL: notifications from known social networks, by the sender's domain (or a
// subdomain of it). PROMOTION: bulk mail, by its headers (List-Unsubscribe, List-Id, Precedence bulk/list/
// junk). Social wins when both apply (a network's digest carries List-Unsubscribe too). Mail from a
// colleague (local delivery) is never classified.
import type { ParsedMessage } from "../store/parse.ts";

export type SmartCategory = "PROMOTION" | "SOCIAL";

/** Sender domains of social networks' notifications. */
export const SOCIAL_DOMAINS = [
  "facebookmail.com", "facebook.com", "linkedin.com", "twitter.com", "x.com", "instagram.com", "threads.net",
  "youtube.com", "pinterest.com", "reddit.com", "redditmail.com", "tiktok.com", "discord.com", "slack.com",
  "kakaocorp.com", "band.us", "cafe.naver.com", "blog.naver.com", "naver.com", "line.me",
  "telegram.org", "whatsapp.com", "snapchat.com", "tumblr.com", "quora.com", "medium.com", "meetup.com",
] as const;

/** Notification senders of naver.com (cafe, blog, band) and kakao.com (KakaoTalk, KakaoStory). */
const NOTIFIER = /^(cafe|blog|band|navercafe|naverblog|noreply|no-reply|notice|notification|kakaotalk|story)[a-z0-9_.+-]*@/;

function domainOf(address: string): string {
  const a = address.trim().toLowerCase();
  const at = a.lastIndexOf("@");
  return at >= 0 ? a.slice(at + 1) : "";
}

function isSocialSender(address: string): boolean {
  const d = domainOf(address);
  if (!d) return false;
  // naver.com and kakao.com are also mail providers: only their notification senders count.
  if (d === "naver.com" || d === "kakao.com") return NOTIFIER.test(address.trim().toLowerCase());
  return SOCIAL_DOMAINS.some((s) => s !== "naver.com" && (d === s || d.endsWith(`.${s}`)));
}

function isBulk(headers: Record<string, string>): boolean {
  if (headers["list-unsubscribe"]?.trim() || headers["list-id"]?.trim()) return true;
  const precedence = (headers["precedence"] ?? "").trim().toLowerCase();
  return precedence === "bulk" || precedence === "list" || precedence === "junk";
}

/** The smart-mailbox class of a message, or null. */
export function classifySmart(parsed: ParsedMessage, local: boolean): SmartCategory | null {
  if (local) return null;
  if (isSocialSender(parsed.from.address)) return "SOCIAL";
  if (isBulk(parsed.headers)) return "PROMOTION";
  return null;
}
