// Snackbar (000 §8, §9): SUCCESS, ERROR and VALIDATION messages; errors and validation stay 5 s, others 3 s.
// A message belongs to the screen it was raised on: when the user goes to another screen (the route's path
// changes) it is dismissed, so "settings saved" or a list's error never sits over the next module. A message
// about where an action leads ("deleted" as the reader goes back to the list, "draft saved" as the composer's
// address becomes the draft's) is raised with { carry: true }: it survives the navigation that action starts
// (route changes within CARRY_MS of it) and then belongs to the screen it arrived on, so the next route change
// dismisses it. A message never shows twice, and a new success replaces the success shown ("approved" then
// "rejected" show one message, the last). A popup window that closes after its action (the board's popup
// editor) raises its outcome in the window that opened it (snackbarInOpener), which shows it as its own.
import { useEffect, useSyncExternalStore } from "react";
import { useRouterState } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import "./feedback.css";

export type SnackType = "SUCCESS" | "ERROR" | "VALIDATION" | "INFO";
interface Snack {
  id: number;
  type: SnackType;
  text: string;
  /** The screen (hash path) the message belongs to. */
  path: string;
  /** Until when (epoch ms) a route change carries the message along instead of dismissing it. */
  carryUntil: number;
}
export interface SnackOptions {
  /** The message reports an action that navigates: keep it on the screen the action leads to. */
  carry?: boolean;
}

export const SNACK_TIMEOUT_MS: Record<SnackType, number> = { ERROR: 5000, VALIDATION: 5000, SUCCESS: 3000, INFO: 3000 };
/** How long after an action's message the navigation that action starts may take to arrive. */
export const CARRY_MS = 2000;

let snacks: Snack[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
/** The screen shown: the hash route's path, without its query. */
const screenPath = () => location.hash.replace(/^#/, "").split("?")[0] || "/";

/**
 * The same message raised again while it is shown replaces it (one "saved", its time started again); a success
 * replaces any success shown.
 */
export function snackbar(type: SnackType, text: string, opts: SnackOptions = {}) {
  const id = nextId++;
  const others = snacks.filter((s) => s.type !== type || (s.text !== text && type !== "SUCCESS"));
  snacks = [...others.slice(-2), { id, type, text, path: screenPath(), carryUntil: opts.carry ? Date.now() + CARRY_MS : 0 }];
  emit();
  setTimeout(() => dismiss(id), SNACK_TIMEOUT_MS[type]);
}

const OPENER_MESSAGE = "gw.snackbar";

/**
 * Raises a message in `opener`, a window of this app that opened this one (a popup about to close): it is posted
 * to that window, whose snackbar shows it as if raised there.
 */
export function snackbarInOpener(opener: Window, type: SnackType, text: string, opts: SnackOptions = {}) {
  opener.postMessage({ kind: OPENER_MESSAGE, type, text, carry: opts.carry === true }, location.origin);
}

function fromOtherWindow(e: MessageEvent) {
  if (e.origin !== location.origin || e.source === window) return;
  const d = e.data as { kind?: unknown; type?: unknown; text?: unknown; carry?: unknown } | null;
  if (!d || d.kind !== OPENER_MESSAGE || typeof d.text !== "string" || !(typeof d.type === "string" && d.type in SNACK_TIMEOUT_MS)) return;
  snackbar(d.type as SnackType, d.text, { carry: d.carry === true });
}

function dismiss(id: number) {
  snacks = snacks.filter((s) => s.id !== id);
  emit();
}

/** Closes the messages of a type shown now (a form starting over: its earlier "sent" should not stay up). */
export function dismissSnackbars(type: SnackType) {
  if (!snacks.some((s) => s.type === type)) return;
  snacks = snacks.filter((s) => s.type !== type);
  emit();
}

/**
 * After a route change: messages of another screen go, unless carried by the action that navigated; a carried
 * message then belongs to the screen it arrived on (carried once, not again by a later route change).
 */
function leaveScreen() {
  const path = screenPath();
  const now = Date.now();
  const kept = snacks.filter((s) => s.path === path || s.carryUntil > now).map((s) => (s.path === path ? s : { ...s, path, carryUntil: 0 }));
  if (kept.length === snacks.length && kept.every((s, i) => s === snacks[i])) return;
  snacks = kept;
  emit();
}

export function Snackbar() {
  const { t } = useTranslation();
  const list = useSyncExternalStore((l) => (listeners.add(l), () => listeners.delete(l)), () => snacks);
  // The location the router arrived at (after any redirects), so a navigation that redirects is one change.
  const pathname = useRouterState({ select: (s) => (s.resolvedLocation ?? s.location).pathname });
  useEffect(leaveScreen, [pathname]);
  useEffect(() => {
    addEventListener("message", fromOtherWindow);
    return () => removeEventListener("message", fromOtherWindow);
  }, []);
  return (
    <div className="snackbar-region" role="region" aria-label={t("common:snackbar.region")}>
      {list.map((s) => (
        <div key={s.id} className={`snack snack-${s.type.toLowerCase()}`} role={s.type === "ERROR" ? "alert" : "status"}>
          <span>{s.text}</span>
          <button type="button" className="snack-close" aria-label={t("common:action.close")} onClick={() => dismiss(s.id)}>×</button>
        </div>
      ))}
    </div>
  );
}
