// The other mails of the conversation, under the opened mail (MailView.references, newest first); opening
// one keeps the conversation's origin (basedMailId).
import { useTranslation } from "react-i18next";
import type { MailListItem } from "@shared/mail/reading.ts";
import { Button as AriaButton } from "react-aria-components";
import { MailIcon } from "../icons.tsx";

export function References({ mails, onOpen }: { mails: MailListItem[]; onOpen(mailId: number): void }) {
  const { t, i18n } = useTranslation("mail");
  if (!mails.length) return null;
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  return (
    <section className="mr-refs" aria-labelledby="mr-refs-title">
      <h3 id="mr-refs-title" className="mr-refs-title">{t("view.references", { count: mails.length })}</h3>
      <ul className="mr-refs-list">
        {mails.map((m) => (
          <li key={m.mailId}>
            <AriaButton className={`mr-ref${m.readStatus ? "" : " mr-ref-unread"}`} onPress={() => onOpen(m.mailId)}>
              <span className="mr-ref-from">{m.fromName || m.fromAddress}</span>
              <span className="mr-ref-subject">
                {m.hasAttach && <MailIcon name="attach" size={14} label={t("view.attach.has")} />}
                {m.subject || t("view.noSubject")}
              </span>
              <span className="mr-ref-time">{time.format(m.receivedTimeMillis)}</span>
            </AriaButton>
          </li>
        ))}
      </ul>
    </section>
  );
}
