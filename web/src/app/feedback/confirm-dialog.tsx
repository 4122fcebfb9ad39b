// The confirm dialog's view, loaded by confirm.tsx the first time something asks. The focus starts on the safe
// choice: Cancel when the action destroys something (danger: delete, discard, leave), else the confirm button.
import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button.tsx";
import { Dialog } from "../../ui/Dialog.tsx";
import { answer, type Ask } from "./confirm.tsx";

export default function ConfirmDialogView({ ask }: { ask: Ask }) {
  const { t } = useTranslation();
  return (
    <Dialog title={ask.title ?? t("common:confirm.title")} isOpen onClose={() => answer(false)}>
      <p>{ask.message}</p>
      <div className="dialog-actions">
        {!ask.notice && (
          <Button variant="secondary" autoFocus={ask.danger} onPress={() => answer(false)}>{t("common:action.cancel")}</Button>
        )}
        <Button variant={ask.danger ? "danger" : "primary"} autoFocus={!ask.danger || ask.notice} onPress={() => answer(true)}>
          {ask.confirmLabel ?? t("common:action.ok")}
        </Button>
      </div>
    </Dialog>
  );
}
