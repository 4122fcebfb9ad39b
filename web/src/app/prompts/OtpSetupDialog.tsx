// One-time-password setup (000 §4). `mandatory` (the company requires MFA and the user has neither a bypass
// nor two-factor on): always open and not dismissable; otherwise a normal dialog with isOpen/onClose. The
// steps are the security tab's (OtpSetupFlow), loaded with the account strings only when the dialog shows.
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Dialog } from "../../ui/Dialog.tsx";
import { signOut } from "../shell/UserMenu.tsx";

const OtpSetupFlow = lazy(() => import("../../modules/account/OtpSetupFlow.tsx").then((m) => ({ default: m.OtpSetupFlow })));

export interface OtpSetupDialogProps {
  mandatory?: boolean;
  isOpen?: boolean;
  onClose?: () => void;
}

export function OtpSetupDialog(props: OtpSetupDialogProps) {
  if (!props.mandatory && !props.isOpen) return null;
  return (
    <Suspense fallback={null}>
      <OtpSetupBody {...props} />
    </Suspense>
  );
}

function OtpSetupBody({ mandatory, onClose }: OtpSetupDialogProps) {
  const { t } = useTranslation("account");
  const qc = useQueryClient();
  const close = mandatory ? undefined : onClose;
  return (
    <Dialog title={t("otp.dialogTitle")} isOpen onClose={close} width={560} opaque={mandatory}>
      <p className="prompt-text">{t(mandatory ? "otp.mandatoryMessage" : "twoFactor.description")}</p>
      <Suspense fallback={<p>{t("loadingShort")}</p>}>
        {/* Mandatory: no way around it but signing out, offered where "cancel" would be. */}
        <OtpSetupFlow onDone={() => close?.()} onCancel={mandatory ? () => void signOut(qc) : close}
          cancelLabel={mandatory ? t("prompt.logout") : undefined} />
      </Suspense>
    </Dialog>
  );
}
