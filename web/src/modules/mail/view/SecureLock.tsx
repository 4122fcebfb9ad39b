// The sender's own secure mail (issue 22; calls designed here: GET api/mail/{mailId}/secure, PUT .../unlock):
// when wrong passwords from all addresses together locked its link, the sender sees it and unlocks it, so
// the recipients can open the mail again with the password.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { SecureMailStatus } from "@shared/mail/compose.ts";
import { api, codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { MailIcon } from "../icons.tsx";

const secureKey = (mailId: number) => ["mail", "secure", mailId] as const;

export function SecureLock({ mailId }: { mailId: number }) {
  const { t } = useTranslation("mail");
  const qc = useQueryClient();
  const q = useQuery({
    queryKey: secureKey(mailId),
    queryFn: ({ signal }) => api<SecureMailStatus>(`/api/mail/${mailId}/secure`, { signal }),
  });
  const unlock = useMutation({
    mutationFn: () => api<SecureMailStatus>(`/api/mail/${mailId}/secure/unlock`, { method: "PUT" }),
    onSuccess: (s) => {
      qc.setQueryData(secureKey(mailId), s);
      snackbar("SUCCESS", t("secureSent.unlocked"));
    },
    onError: (e) => snackbar("ERROR", errorText(codeOf(e))),
  });
  if (!q.data?.secure || !q.data.locked) return null;
  return (
    <section className="mr-secure-lock" role="status" aria-label={t("secureSent.title")}>
      <MailIcon name="lock" size={18} />
      <p>{t("secureSent.locked", { count: q.data.failedAttempts })}</p>
      <Button variant="secondary" className="mr-small-btn" isDisabled={unlock.isPending} onPress={() => unlock.mutate()}>
        {t("secureSent.unlock")}
      </Button>
    </section>
  );
}
