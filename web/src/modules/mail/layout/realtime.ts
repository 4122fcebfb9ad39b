// NEW_MAIL on /topic/mail/user/{username} (000 §7 "Realtime"), and MAIL_CHANGED (ours: a mail client changed
// mails over IMAP): the folder counts, the open lists and the quota refresh at once. The realtime client is the shell's (loaded lazily); this only adds a subscription.
import { useQueryClient } from "@tanstack/react-query";
import { mailTopic } from "@shared/realtime.ts";
import { useUserTopic } from "../../../app/use-user-topic.ts";
import { refreshMail } from "../queries.ts";

export function useNewMailRefresh() {
  const qc = useQueryClient();
  useUserTopic(mailTopic, (event) => {
    if (event !== "NEW_MAIL" && event !== "MAIL_CHANGED") return;
    void refreshMail(qc, { quota: true });
  });
}
