// "Save to drive" of a received attachment (shared/mail/drive.ts: POST api/mails/view/{id}/attach/{position}/
// drive): offered in the user's own mailbox when the company has the drive; the file goes into the drive's
// root and a snackbar says so (or why not: quota, permission).
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { MailAttachItem } from "@shared/mail/reading.ts";
import { api, codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { userDetailQuery } from "../../../app/queries.ts";

/** The save action for the attachments of `mailId`; null when the company does not use the drive. */
export function useSaveToDrive(mailId: number): ((item: MailAttachItem) => void) | null {
  const { t } = useTranslation("mail");
  const drive = useQuery(userDetailQuery).data?.usedModules.includes("drive") ?? false;
  const save = useMutation({
    mutationFn: (item: MailAttachItem) =>
      api<{ fileName: string }>(`/api/mails/view/${mailId}/attach/${item.position}/drive`, { method: "POST", json: {} }),
    onSuccess: (file) => snackbar("SUCCESS", t("view.attach.savedToDrive", { name: file.fileName })),
    onError: (e) => snackbar("ERROR", errorText(codeOf(e))),
  });
  return drive ? (item) => save.mutate(item) : null;
}
