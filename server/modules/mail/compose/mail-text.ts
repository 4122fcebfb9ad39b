// The texts the server writes into a composed mail, in ko, en and id, in the sender's language
// (users.languageType; ko when unknown, as the UI falls back): the large-file block under the body and the
// notice a secure mail's recipients get. Sizes in the suite's one format (shared/bytes.ts: "25 MB"); the
// expiry as a date and time in the language's long form, in UTC with the zone named, since a user carries
// no time zone of their own (as the quote header of a reply says its time).
import { formatBytes } from "../../../../shared/bytes.ts";
import { DEFAULT_LANGUAGE, type Language, LANGUAGES } from "../../../../shared/locale.ts";
import { escapeHtml } from "./mime.ts";

interface Texts {
  largeTitle: (until: string, downloads: number) => string;
  largePassword: string;
  secureSent: (name: string) => string;
  secureOpen: string;
  secureHint: string;
}

const TEXTS: Record<Language, Texts> = {
  ko: {
    largeTitle: (until, n) => `대용량 첨부파일 (${until}까지, 최대 ${n}회 다운로드할 수 있습니다):`,
    largePassword: "파일을 받으려면 보낸 사람이 알려 준 비밀번호가 필요합니다.",
    secureSent: (name) => `${name} 님이 보안 메일을 보냈습니다.`,
    secureOpen: "링크를 열고 비밀번호를 입력하면 메일을 볼 수 있습니다:",
    secureHint: "비밀번호 힌트",
  },
  en: {
    largeTitle: (until, n) => `Large attachments (downloadable until ${until}, at most ${n} times):`,
    largePassword: "Downloading them needs the password the sender gives you.",
    secureSent: (name) => `${name} sent you a secure mail.`,
    secureOpen: "Open it with its password:",
    secureHint: "Password hint",
  },
  id: {
    largeTitle: (until, n) => `Lampiran besar (dapat diunduh hingga ${until}, paling banyak ${n} kali):`,
    largePassword: "Untuk mengunduhnya diperlukan kata sandi yang diberikan pengirim.",
    secureSent: (name) => `${name} mengirimi Anda email aman.`,
    secureOpen: "Buka dengan kata sandinya:",
    secureHint: "Petunjuk kata sandi",
  },
};

export function languageOf(value: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? "") ? value as Language : DEFAULT_LANGUAGE;
}

/** "June 8, 2025 at 3:00 PM UTC", "2025년 6월 8일 오후 3:00 UTC", "8 Juni 2025 pukul 15.00 UTC". */
export function formatUntil(at: Date, lang: Language): string {
  return `${new Intl.DateTimeFormat(lang, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(at)} UTC`;
}

/** The marker of the large-file block: a reopened or resent mail finds (and drops) the block by it. */
export const LARGE_FILES_MARK = '<div class="large-files">';

/**
 * The block under the body listing the large files: each a link (or, in a draft, just its name) with its
 * size, the validity, and whether a password is needed.
 */
export function largeFilesHtml(
  lang: Language,
  list: { name: string; size: number; url: string | null }[],
  o: { until: Date; downloads: number; password: boolean },
): string {
  if (!list.length) return "";
  const t = TEXTS[lang];
  const items = list.map((f) => {
    const label = `${escapeHtml(f.name)} (${formatBytes(f.size, lang)})`;
    return `<li>${f.url ? `<a href="${escapeHtml(f.url)}">${label}</a>` : label}</li>`;
  }).join("");
  const password = o.password ? `<p>${escapeHtml(t.largePassword)}</p>` : "";
  return `${LARGE_FILES_MARK}<p>${escapeHtml(t.largeTitle(formatUntil(o.until, lang), o.downloads))}</p><ul>${items}</ul>${password}</div>`;
}

/** Removes the large-file blocks the server wrote into a body (they hold no nested div). */
export function withoutLargeFiles(html: string): string {
  return html.split(LARGE_FILES_MARK).map((part, i) => {
    if (i === 0) return part;
    const end = part.indexOf("</div>");
    return end < 0 ? LARGE_FILES_MARK + part : part.slice(end + "</div>".length);
  }).join("");
}

/** The body of a secure mail's notice: who sent it, the link, the hint. */
export function secureNoticeHtml(lang: Language, o: { sender: string; url: string; hint: string }): string {
  const t = TEXTS[lang];
  const link = `<a href="${escapeHtml(o.url)}">${escapeHtml(o.url)}</a>`;
  return `<p>${escapeHtml(t.secureSent(o.sender))}</p><p>${escapeHtml(t.secureOpen)} ${link}</p>` +
    (o.hint ? `<p>${escapeHtml(t.secureHint)}: ${escapeHtml(o.hint)}</p>` : "");
}
