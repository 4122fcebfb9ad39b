// Access and refresh tokens. "Remember me" keeps them in localStorage (survives the browser); otherwise
// sessionStorage (this tab). Other tabs follow sign-in and sign-out through the storage event.
const KEY = "gw.session";

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

type Listener = (tokens: Tokens | null) => void;
const listeners = new Set<Listener>();

function read(store: Storage): Tokens | null {
  try {
    const raw = store.getItem(KEY);
    return raw ? (JSON.parse(raw) as Tokens) : null;
  } catch {
    return null;
  }
}

export function getTokens(): Tokens | null {
  return read(sessionStorage) ?? read(localStorage);
}

export function hasSession(): boolean {
  return getTokens() !== null;
}

/** Stores new tokens where the current ones live (or where `remember` says for a fresh sign-in). */
export function setTokens(tokens: Tokens, remember?: boolean) {
  const persistent = remember ?? read(localStorage) !== null;
  (persistent ? localStorage : sessionStorage).setItem(KEY, JSON.stringify(tokens));
  (persistent ? sessionStorage : localStorage).removeItem(KEY);
  for (const l of listeners) l(tokens);
}

export function clearTokens() {
  localStorage.removeItem(KEY);
  sessionStorage.removeItem(KEY);
  for (const l of listeners) l(null);
}

const EXPIRED_KEY = "gw.session.expired";

/**
 * Marks that the session ended because the login expired, for the login page the user is sent to: it says
 * so until the next sign-in attempt (in this tab, through reloads).
 */
export function noteSessionExpired() {
  sessionStorage.setItem(EXPIRED_KEY, "1");
}

export function sessionExpired(): boolean {
  return sessionStorage.getItem(EXPIRED_KEY) === "1";
}

export function clearSessionExpired() {
  sessionStorage.removeItem(EXPIRED_KEY);
}

export function onSessionChange(l: Listener): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

addEventListener("storage", (e) => {
  if (e.key === KEY) for (const l of listeners) l(getTokens());
});
