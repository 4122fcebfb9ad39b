// Saving one mail setting (PUT /api/mail/config/{setting}): the new config goes into the cache at once, so
// the screens follow (page size, split view, tabs, popups, auto-save); mail.422 on success, mail.423 on failure
// with the previous values back.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ConfigSetting, MailConfig } from "@shared/mail/config.ts";
import { api } from "../../../lib/api.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { mailKeys, refreshMail } from "../queries.ts";

export function useSaveSetting() {
  const { t } = useTranslation("mail");
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ setting, values }: { setting: ConfigSetting; values: Partial<MailConfig> }) =>
      api<MailConfig>(`/api/mail/config/${setting}`, { method: "PUT", json: values }),
    onMutate: ({ values }) => {
      const before = qc.getQueryData<MailConfig>(mailKeys.config);
      if (before) qc.setQueryData<MailConfig>(mailKeys.config, { ...before, ...values });
      return { before };
    },
    onSuccess: (config, { setting }) => {
      qc.setQueryData(mailKeys.config, config);
      // Switching a smart-mailbox class off moves its mail back to the inbox: folders and lists change.
      if (setting === "smartMailbox") void refreshMail(qc);
      snackbar("SUCCESS", t("config.saved"));
    },
    onError: (_e, _v, ctx) => {
      if (ctx?.before) qc.setQueryData(mailKeys.config, ctx.before);
      snackbar("ERROR", t("config.failed"));
    },
  });
}
