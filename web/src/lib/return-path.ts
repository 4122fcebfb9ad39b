// Where sign-in goes back to: the viewer keeps its own address here before sending a visitor to /login
// (COMPANY links), and the login page takes it once. Only viewer addresses are accepted.
const KEY = "gw.returnTo";
const VIEWER = /^\/link\/viewer\/[A-Za-z0-9_-]{1,200}$/;

export function keepReturnPath(path: string) {
  if (VIEWER.test(path)) sessionStorage.setItem(KEY, path);
}

/** The kept path (then forgotten), or null. */
export function takeReturnPath(): string | null {
  const v = sessionStorage.getItem(KEY);
  sessionStorage.removeItem(KEY);
  return v && VIEWER.test(v) ? v : null;
}
