// The header block above a quoted original in a reply or forward, in the language of the person writing
// (users.languageType): the labels a mail client in that language shows. Times are written in UTC with the
// zone named, since a user carries no time zone of their own.
import type { Language } from "../../../../shared/users.ts";

export interface QuoteLabels {
  title: string;
  from: string;
  sent: string;
  to: string;
  cc: string;
  subject: string;
}

export const QUOTE_LABELS: Record<Language, QuoteLabels> = {
  ko: { title: "-----원본 메시지-----", from: "보낸 사람", sent: "보낸 날짜", to: "받는 사람", cc: "참조", subject: "제목" },
  en: { title: "-----Original Message-----", from: "From", sent: "Sent", to: "To", cc: "Cc", subject: "Subject" },
  id: { title: "-----Pesan Asli-----", from: "Dari", sent: "Dikirim", to: "Kepada", cc: "Cc", subject: "Subjek" },
};

export function quoteLabels(language: string | null | undefined): QuoteLabels {
  return QUOTE_LABELS[language as Language] ?? QUOTE_LABELS.ko;
}
