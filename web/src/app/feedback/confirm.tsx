// A promise-based confirm dialog: `if (await confirm({ message })) ...`, and its one-button form `await
// inform({ message })` for telling why something cannot be done. The dialog's code loads on first use, so pages
// that never ask (the sign-in page) do not carry the overlay machinery.
import { lazy, Suspense, useSyncExternalStore } from "react";

export interface Ask {
  title?: string;
  message: string;
  confirmLabel?: string;
  /** The action destroys something (delete, discard, leave unsaved): a red button, and the focus starts on Cancel. */
  danger?: boolean;
  /** Only an OK button: a notice, not a question (inform()). */
  notice?: boolean;
  resolve: (ok: boolean) => void;
}

let current: Ask | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function confirm(opts: Omit<Ask, "resolve">): Promise<boolean> {
  current?.resolve(false);
  return new Promise((resolve) => {
    current = { ...opts, resolve };
    emit();
  });
}

/** A notice with one OK button; resolves when it is closed. */
export async function inform(opts: Omit<Ask, "resolve" | "notice" | "danger">): Promise<void> {
  await confirm({ ...opts, notice: true });
}

export function answer(ok: boolean) {
  current?.resolve(ok);
  current = null;
  emit();
}

const ConfirmDialogView = lazy(() => import("./confirm-dialog.tsx"));

export function ConfirmDialog() {
  const ask = useSyncExternalStore((l) => (listeners.add(l), () => listeners.delete(l)), () => current);
  if (!ask) return null;
  return (
    <Suspense fallback={null}>
      <ConfirmDialogView ask={ask} />
    </Suspense>
  );
}
