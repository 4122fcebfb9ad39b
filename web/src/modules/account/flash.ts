// A snackbar message that survives one page reload (the profile save reloads after a language change).
import type { SnackType } from "../../app/feedback/snackbar.tsx";

const KEY = "gw.account.flash";

export function setFlash(type: SnackType, text: string) {
  sessionStorage.setItem(KEY, JSON.stringify({ type, text }));
}

export function takeFlash(): { type: SnackType; text: string } | null {
  const raw = sessionStorage.getItem(KEY);
  if (!raw) return null;
  sessionStorage.removeItem(KEY);
  try {
    return JSON.parse(raw);
  } catch {
    return null;
  }
}
