// The leave guard of the compose screen: while the mail has unsaved changes, leaving it asks first (the app's
// confirm dialog) and closing or reloading the page asks the browser's question. With mail tabs on, moving to
// another mail screen keeps the mail under the write tab (no question); opening another compose screen does ask.
import { useBlocker } from "@tanstack/react-router";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { confirm } from "../../../app/feedback/confirm.tsx";

export function useLeaveGuard({ unsaved, keepsInTab, onDiscard }: {
  /** True while there is something the user would lose. */
  unsaved(): boolean;
  /** Mail tabs are on: the write tab keeps the mail while another mail screen shows. */
  keepsInTab: boolean;
  /** The user chose to leave: forget the kept mail. */
  onDiscard(): void;
}) {
  const { t } = useTranslation("mail");
  const opts = useRef({ unsaved, keepsInTab, onDiscard });
  opts.current = { unsaved, keepsInTab, onDiscard };

  const shouldBlockFn = useCallback(({ current, next }: { current: { pathname: string }; next: { pathname: string } }) => {
    if (!opts.current.unsaved() || next.pathname === current.pathname) return false;
    if (opts.current.keepsInTab && next.pathname.startsWith("/mail/") && !next.pathname.startsWith("/mail/write/")) return false;
    return true;
  }, []);
  const enableBeforeUnload = useCallback(() => opts.current.unsaved(), []);
  const blocker = useBlocker({ shouldBlockFn, enableBeforeUnload, withResolver: true });

  const { status, proceed, reset } = blocker;
  useEffect(() => {
    if (status !== "blocked") return;
    let live = true;
    void confirm({ message: t("compose.leaveConfirm"), confirmLabel: t("compose.leave"), danger: true }).then((ok) => {
      if (!live) return;
      if (ok) {
        opts.current.onDiscard();
        proceed();
      } else reset();
    });
    return () => {
      live = false;
    };
  }, [status, proceed, reset, t]);
}
