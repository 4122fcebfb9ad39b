// Where sign-in goes back to: an address of the signed-in app opened without a session (a link to a task, a
// mail, a document), the page a user was on when the session expired, or a share link viewer that sends a
// visitor to sign in (COMPANY links). Kept for the browser tab (sessionStorage) and taken once by the login
// page. Only in-app addresses are kept: the public pages (sign-in, sign-up, not found) never.
const KEY = "gw.returnTo";
const MAX = 2000;
const PUBLIC = /^\/(login|signup|404)(\/|\?|$)/;

function keepable(path: string): boolean {
  return path.length <= MAX && path.startsWith("/") && !path.startsWith("//") && path !== "/" && !PUBLIC.test(path);
}

export function keepReturnPath(path: string) {
  if (keepable(path)) sessionStorage.setItem(KEY, path);
}

/** The kept path (then forgotten), or null. */
export function takeReturnPath(): string | null {
  const v = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return v && keepable(v) ? v : null;
}

/** Forgets a kept path (signing out on purpose). */
export function dropReturnPath() {
  sessionStorage.removeItem(KEY);
}
