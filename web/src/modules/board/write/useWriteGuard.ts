// A draft is not lost by accident: while the form has changes, leaving it (a link, Back, another route) asks
// first with the app's confirm dialog, and closing or reloading the window asks the browser's question. After
// a save the guard is off (`unsaved` answers false).
import { useBlocker } from "@tanstack/react-router";
import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { confirm } from "../../../app/feedback/confirm.tsx";

export function useWriteGuard(unsaved: () => boolean) {
  const { t } = useTranslation("board");
  const ref = useRef(unsaved);
  ref.current = unsaved;
  const shouldBlockFn = useCallback(
    ({ current, next }: { current: { pathname: string }; next: { pathname: string } }) => ref.current() && next.pathname !== current.pathname,
    [],
  );
  const enableBeforeUnload = useCallback(() => ref.current(), []);
  const { status, proceed, reset } = useBlocker({ shouldBlockFn, enableBeforeUnload, withResolver: true });
  useEffect(() => {
    if (status !== "blocked") return;
    let live = true;
    void confirm({ message: t("write.leaveConfirm"), confirmLabel: t("write.leave"), danger: true }).then((ok) => {
      if (!live) return;
      if (ok) proceed();
      else reset();
    });
    return () => {
      live = false;
    };
  }, [status, proceed, reset, t]);
}
