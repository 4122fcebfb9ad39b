// Notices for mails in a special state (and the forged-sender warning, OwnDomainWarning) (000 §4 "Mail type", §8 mail.410-412): blocked mail (content and
// attachments withheld until unblocked; system-blocked mail cannot be), mail the user reported as spam,
// a scheduled mail (its send can be cancelled) and a cancelled one (edit and send again). In a shared folder
// the notices show without their buttons: those act on the caller's own mails only.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { MailView } from "@shared/mail/reading.ts";
import { api, ApiError } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { MailIcon } from "../icons.tsx";
import { findFolder, foldersQuery, mailKeys } from "../queries.ts";
import { COMPOSE_TYPES, type FolderRef } from "../route-params.ts";
import { useMailOpeners } from "../open.ts";
import { folderName } from "../folders/folder-meta.ts";
import { unblockMail } from "./actions.ts";

/**
 * The warning on mail from outside that claims the company's own domain without passing SPF or DKIM for it
 * (MailView.ownDomainUnverified; server/modules/mail/inbound/own-domain.ts), whatever else the mail's state.
 */
export function OwnDomainWarning({ mail }: { mail: MailView }) {
  const { t } = useTranslation("mail");
  if (!mail.ownDomainUnverified) return null;
  return (
    <div className="mr-notice mr-notice-warn" role="alert" data-testid="own-domain-warning">
      <MailIcon name="flag" size={18} />
      <div className="mr-notice-text">
        <strong>{t("view.ownDomainUnverified.title")}</strong>
        <span>{t("view.ownDomainUnverified.text", { domain: mail.from.address.split("@").pop() ?? "" })}</span>
      </div>
    </div>
  );
}

/** Codes of refusals that have their own text; other failures are mail.412. */
const KNOWN = ["mail.system_blocked", "mail.not_blocked"];

export function MailStateNotice({ mail, folderId, page, shared }: { mail: MailView; folderId: FolderRef; page: number; shared?: boolean }) {
  const { t } = useTranslation("mail");
  const qc = useQueryClient();
  const tree = useQuery(foldersQuery).data;
  const { openCompose } = useMailOpeners();

  const unblock = useMutation({
    mutationFn: () => unblockMail(qc, mail),
    onSuccess: async (r) => {
      await qc.invalidateQueries({ queryKey: mailKeys.folders });
      const f = findFolder(qc.getQueryData(mailKeys.folders) ?? tree, r.folderId);
      snackbar("SUCCESS", r.mailType ? t("view.unblock.mail411", { folder: f ? folderName(f, t) : "" }) : t("view.unblock.done"));
    },
    onError: (e) => snackbar("ERROR", e instanceof ApiError && KNOWN.includes(e.code) ? errorText(e.code) : t("view.unblock.mail412")),
  });
  /** The confirm's button says what the notice's button said ("Unblock", or "Not spam" for a reported mail). */
  const askUnblock = async (label: string) => {
    if (await confirm({ message: t("view.unblock.mail410"), confirmLabel: label })) unblock.mutate();
  };

  const cancelReserve = useMutation({
    mutationFn: () => api(`/api/mails/reserve/${mail.mailId}`, { method: "DELETE" }),
    onSuccess: () => {
      snackbar("SUCCESS", t("view.reserve.canceled"));
      void qc.invalidateQueries({ queryKey: mailKeys.view(mail.mailId) });
      void qc.invalidateQueries({ queryKey: mailKeys.lists });
    },
    onError: (e) => snackbar("ERROR", e instanceof ApiError ? errorText(e.code) : t("view.reserve.cancelFailed")),
  });

  if (mail.blocked) {
    const system = mail.spamReason === "SYSTEM";
    return (
      <div className="mr-notice mr-notice-warn" role="note">
        <MailIcon name="lock" size={18} />
        <div className="mr-notice-text">
          <strong>{t("view.blocked.title")}</strong>
          <span>{system ? t("view.blocked.system") : t("view.blocked.text")}</span>
        </div>
        {!system && !shared && (
          <Button variant="secondary" className="mr-small-btn" isDisabled={unblock.isPending} onPress={() => void askUnblock(t("view.unblock.button"))}>
            {t("view.unblock.button")}
          </Button>
        )}
      </div>
    );
  }
  if (mail.mailType === "REPORT_MAIL") {
    return (
      <div className="mr-notice" role="note">
        <MailIcon name="spam" size={18} />
        <div className="mr-notice-text"><span>{t("view.reported")}</span></div>
        {!shared && (
          <Button variant="secondary" className="mr-small-btn" isDisabled={unblock.isPending} onPress={() => void askUnblock(t("view.unblock.notSpam"))}>
            {t("view.unblock.notSpam")}
          </Button>
        )}
      </div>
    );
  }
  if (mail.mailType === "RESERVE") {
    return (
      <div className="mr-notice" role="note">
        <MailIcon name="clock" size={18} />
        <div className="mr-notice-text"><span>{t("view.reserve.scheduled")}</span></div>
        {!shared && (
          <Button variant="secondary" className="mr-small-btn" isDisabled={cancelReserve.isPending} onPress={() => cancelReserve.mutate()}>
            {t("view.reserve.cancel")}
          </Button>
        )}
      </div>
    );
  }
  if (mail.mailType === "RESERVE_CANCEL") {
    return (
      <div className="mr-notice" role="note">
        <MailIcon name="clock" size={18} />
        <div className="mr-notice-text"><span>{t("view.reserve.canceledNotice")}</span></div>
        {!shared && (
          <Button variant="secondary" className="mr-small-btn"
            onPress={() => openCompose(folderId, page, { type: COMPOSE_TYPES.RESEND, mailId: mail.mailId })}>
            {t("view.reserve.edit")}
          </Button>
        )}
      </div>
    );
  }
  return null;
}
