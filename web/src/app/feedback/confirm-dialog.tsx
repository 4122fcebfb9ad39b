// The confirm dialog's view, loaded by confirm.tsx the first time something asks.
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
        {!ask.notice && <Button variant="secondary" onPress={() => answer(false)}>{t("common:action.cancel")}</Button>}
        <Button variant={ask.danger ? "danger" : "primary"} autoFocus onPress={() => answer(true)}>
          {ask.confirmLabel ?? t("common:action.ok")}
        </Button>
      </div>
    </Dialog>
  );
}
