// The notification kinds' sentences (shared/notifications/texts.ts, the same ones the server mails) as the
// i18next namespace "notificationKinds": notificationKinds:<module>.<event> with {{actor}} and {{title}}.
// Registered once for the three languages by whoever shows a notification line (the bell's list).
import i18next from "i18next";
import { LANGUAGES } from "@shared/locale.ts";
import { NOTIFICATION_TEXTS } from "@shared/notifications/texts.ts";
import { kindModule, type NotificationKind } from "@shared/notifications/kinds.ts";

export const KINDS_NS = "notificationKinds";

for (const lng of LANGUAGES) {
  const nested: Record<string, Record<string, string>> = {};
  for (const [kind, text] of Object.entries(NOTIFICATION_TEXTS[lng])) {
    const m = kindModule(kind as NotificationKind);
    (nested[m] ??= {})[kind.slice(m.length + 1)] = text;
  }
  i18next.addResourceBundle(lng, KINDS_NS, nested, true, true);
}

/** The i18n key of a kind's sentence. */
export const kindTextKey = (kind: NotificationKind) => `${KINDS_NS}:${kind}`;
