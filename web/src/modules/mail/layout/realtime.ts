// NEW_MAIL on /topic/mail/user/{username} (000 §7 "Realtime"), and MAIL_CHANGED (ours: a mail client changed
// mails over IMAP): the folder counts, the open lists and the quota refresh at once. The realtime client is the shell's (loaded lazily); this only adds a subscription.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { mailTopic } from "@shared/realtime.ts";
import { userDetailQuery } from "../../../app/queries.ts";
import { refreshMail } from "../queries.ts";

export function useNewMailRefresh() {
  const qc = useQueryClient();
  const username = useQuery(userDetailQuery).data?.username;
  useEffect(() => {
    if (!username) return;
    let off: (() => void) | undefined;
    let live = true;
    void import("../../../lib/realtime.ts").then((rt) => {
      if (!live) return;
      off = rt.subscribe(mailTopic(username), (event) => {
        if (event !== "NEW_MAIL" && event !== "MAIL_CHANGED") return;
        void refreshMail(qc, { quota: true });
      });
    });
    return () => {
      live = false;
      off?.();
    };
  }, [username, qc]);
}
