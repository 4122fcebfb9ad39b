// The password rule (000 §5): 8 to 16 characters from letters, digits and ~!@#$%^&*()+|=-_, with at least
// one of each kind. Shown as a live checklist; checked here for speed, enforced by the server.
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { isValidPassword, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_SPECIALS } from "@shared/users.ts";
import "./forms.css";

const SPECIALS = new Set(PASSWORD_SPECIALS.split(""));

export function passwordChecks(pw: string) {
  const chars = [...pw];
  return {
    length: chars.length >= PASSWORD_MIN && chars.length <= PASSWORD_MAX,
    letter: /[A-Za-z]/.test(pw),
    digit: /\d/.test(pw),
    special: chars.some((c) => SPECIALS.has(c)),
    allowed: chars.every((c) => /[A-Za-z\d]/.test(c) || SPECIALS.has(c)),
  };
}

/** The first thing wrong with a new password and its confirmation, as a key of the account namespace. */
export function newPasswordProblem(pw: string, confirm: string): { field: "new" | "confirm"; key: string } | null {
  if (!pw) return { field: "new", key: "password.newRequired" };
  if (!isValidPassword(pw)) return { field: "new", key: "password.ruleBroken" };
  if (pw !== confirm) return { field: "confirm", key: "password.confirmMismatch" };
  return null;
}

/** The checklist under the new-password field; its id goes into the field's aria-describedby. */
export function PasswordRule({ value, id }: { value: string; id?: string }) {
  const { t } = useTranslation("account");
  const fallbackId = useId();
  const c = passwordChecks(value);
  const items: [keyof typeof c, string][] = [
    ["length", t("password.rule.length", { min: PASSWORD_MIN, max: PASSWORD_MAX })],
    ["letter", t("password.rule.letter")],
    ["digit", t("password.rule.digit")],
    ["special", t("password.rule.special", { specials: PASSWORD_SPECIALS })],
    ["allowed", t("password.rule.allowed")],
  ];
  return (
    <ul className="acc-rule" id={id ?? fallbackId} aria-label={t("password.rule.title")}>
      {items.map(([k, text]) => {
        const ok = value.length > 0 && c[k];
        return (
          <li key={k} data-ok={ok || undefined}>
            <span aria-hidden="true" className="acc-rule-mark">{ok ? "✓" : "•"}</span>
            {text}
            <span className="visually-hidden">{ok ? ` (${t("password.rule.met")})` : ""}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** Which field a server code of a password change belongs to. */
export function passwordErrorField(code: string): "current" | "new" | null {
  if (code === "user.password_mismatch") return "current";
  if (["user.password_invalid", "user.password_same", "user.password_reused"].includes(code)) return "new";
  return null;
}
