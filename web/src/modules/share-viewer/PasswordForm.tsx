// PASSWORD links (000 §5 "Share link password"): 4 to 8 letters or digits, no spaces, checked here first
// with the spec's three messages, then by the server (a wrong password shows its text; too many wrong ones
// show the wait).
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { SHARE_LINK_PASSWORD_MAX, SHARE_LINK_PASSWORD_MIN } from "@shared/share.ts";
import { errorText } from "../../lib/i18n.ts";
import { NativeField } from "../../ui/NativeField.tsx";
import { clock, Message, NS, useSecondsLeft } from "./parts.tsx";
import type { OpenLink } from "./api.ts";

/** The spec's rule, in the server's order: spaces, then characters, then length. */
export function passwordProblem(v: string): string | null {
  if (/\s/.test(v)) return "shareLink.password_space";
  if (!/^[A-Za-z0-9]*$/.test(v)) return "shareLink.password_chars";
  if (v.length < SHARE_LINK_PASSWORD_MIN || v.length > SHARE_LINK_PASSWORD_MAX) return "shareLink.password_length";
  return null;
}

export function PasswordForm({ open }: { open: OpenLink }) {
  const { t } = useTranslation(NS);
  const [password, setPassword] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [blockedUntil, setBlockedUntil] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const wait = useSecondsLeft(blockedUntil);
  const form = useRef<HTMLFormElement>(null);
  /** The field's message is tied to it (aria-describedby): focusing it reads the message out. */
  const showFieldError = (text: string) => {
    setFieldError(text);
    form.current?.querySelector<HTMLInputElement>("input[name=password]")?.focus();
  };

  async function submit() {
    setError(null);
    const problem = passwordProblem(password);
    if (problem) return showFieldError(errorText(problem));
    setFieldError(null);
    setBusy(true);
    const failed = await open({ password });
    setBusy(false);
    if (!failed) return;
    if (failed.code === "shareLink.too_many_attempts") {
      const seconds = Number(failed.params.retryAfterSeconds) || 60;
      setBlockedUntil(Date.now() + seconds * 1000);
      setError(t("password.blocked", { time: clock(seconds) }));
    } else if (failed.code === "shareLink.password_invalid" || failed.code === "shareLink.password_required") {
      showFieldError(errorText(failed.code));
    } else setError(errorText(failed.code, failed.params));
  }

  return (
    <form ref={form} className="auth-form" noValidate onSubmit={(e) => (e.preventDefault(), void submit())}>
      <p className="link-lead">{t("password.lead")}</p>
      <NativeField label={t("password.label")} type="password" name="password" value={password} autoFocus
        onChange={(v) => (setPassword(v), setFieldError(null))} autoComplete="off" maxLength={SHARE_LINK_PASSWORD_MAX * 4}
        description={t("password.help")} errorMessage={fieldError ?? undefined} />
      <Message text={error} />
      <button type="submit" className="btn btn-primary auth-submit" disabled={busy || wait > 0}>
        {wait > 0 ? t("password.wait", { time: clock(wait) }) : busy ? t("action.opening") : t("action.open")}
      </button>
    </form>
  );
}
