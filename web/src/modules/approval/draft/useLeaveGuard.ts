// While a draft has unsaved changes, leaving it asks first (the app's confirm dialog), and closing or
// reloading the page asks the browser's question. A save or submit clears the guard before it navigates.
import { useBlocker } from "@tanstack/react-router";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { confirm } from "../../../app/feedback/confirm.tsx";

export function useLeaveGuard(unsaved: () => boolean) {
  const { t } = useTranslation("approval");
  const ref = useRef(unsaved);
  ref.current = unsaved;
  const shouldBlockFn = useCallback(({ current, next }: { current: { pathname: string }; next: { pathname: string } }) =>
    ref.current() && next.pathname !== current.pathname, []);
  const enableBeforeUnload = useCallback(() => ref.current(), []);
  const { status, proceed, reset } = useBlocker({ shouldBlockFn, enableBeforeUnload, withResolver: true });
  useEffect(() => {
    if (status !== "blocked") return;
    let live = true;
    void confirm({ message: t("draft.leaveConfirm"), confirmLabel: t("draft.leave"), danger: true }).then((ok) => {
      if (!live) return;
      if (ok) proceed?.();
      else reset?.();
    });
    return () => {
      live = false;
    };
  }, [status, proceed, reset, t]);
}
