// The checks of a mail filter before it is sent (001 §5: a classifier is required, the content too, and an
// address or a domain must be well formed), with the same schema the server uses (shared/board/config.ts
// mailFilterBody), and the texts of its field errors, also for the server's 400 errors[].
import i18next from "i18next";
import { mailFilterBody } from "@shared/board/config.ts";
import type { MailClassifier, MailDirection } from "@shared/board/constants.ts";

export interface FilterErrors {
  classifier?: string;
  content?: string;
}

const text = (k: string) => i18next.t(`board:config.mail.rule.${k}`);

/** The text of a problem with a field ("classifier" or "content"). */
export function fieldText(field: string, classifier: MailClassifier | null, content: string): string {
  if (field === "classifier") return text("classifierRequired");
  if (!content.trim()) return text("contentRequired");
  return text(classifier === "DOMAIN" ? "domainFormat" : "addressFormat");
}

export function checkFilter(direction: MailDirection, classifier: MailClassifier | null, content: string): FilterErrors {
  const r = mailFilterBody.safeParse({ direction, classifier: classifier ?? undefined, content });
  if (r.success) return {};
  const out: FilterErrors = {};
  for (const issue of r.error.issues) {
    const field = String(issue.path[0] ?? "content");
    if (field === "classifier" || field === "content") out[field] ??= fieldText(field, classifier, content);
  }
  return out;
}
