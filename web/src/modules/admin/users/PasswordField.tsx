// A new password with the company rule (8-16 characters: letters, digits and one of ~!@#$%^&*()+|=-_),
// checked as it is typed; it can be shown, and a random one that follows the rule can be generated.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, FieldError, Input, Label, Text, TextField } from "react-aria-components";
import { isValidPassword, PASSWORD_MAX, PASSWORD_MIN, PASSWORD_SPECIALS } from "@shared/users.ts";

const LETTERS = "abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ";
const DIGITS = "23456789";

function pick(chars: string): string {
  const n = crypto.getRandomValues(new Uint32Array(1))[0];
  return chars[n % chars.length];
}

/** 12 characters with at least one letter, digit and special character, in random order. */
export function generatePassword(): string {
  const all = LETTERS + DIGITS + PASSWORD_SPECIALS;
  const chars = [pick(LETTERS), pick(LETTERS), pick(DIGITS), pick(PASSWORD_SPECIALS), ...Array.from({ length: 8 }, () => pick(all))];
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.getRandomValues(new Uint32Array(1))[0] % (i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  const pw = chars.join("");
  return isValidPassword(pw) ? pw : generatePassword();
}

export function PasswordField({ label, value, onChange, showErrors, serverError, autoFocus }: {
  label: string;
  value: string;
  onChange(v: string): void;
  /** Show the rule as an error when the value breaks it (after a submit attempt). */
  showErrors: boolean;
  serverError?: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("admin");
  const [visible, setVisible] = useState(false);
  const rule = t("password.rule", { min: PASSWORD_MIN, max: PASSWORD_MAX, specials: PASSWORD_SPECIALS });
  const error = serverError ?? (showErrors && !isValidPassword(value) ? rule : undefined);
  return (
    <TextField value={value} onChange={onChange} isInvalid={!!error} className="field adm-password" isRequired autoFocus={autoFocus}
      autoComplete="new-password">
      <Label className="field-label">{label}</Label>
      <span className="adm-password-row">
        <Input className="field-input" type={visible ? "text" : "password"} spellCheck={false} />
        <AriaButton className="btn btn-secondary" onPress={() => setVisible(!visible)} aria-pressed={visible}>
          {visible ? t("password.hide") : t("password.show")}
        </AriaButton>
        <AriaButton className="btn btn-secondary" onPress={() => (onChange(generatePassword()), setVisible(true))}>
          {t("password.generate")}
        </AriaButton>
      </span>
      {!error && <Text slot="description" className="field-description">{rule}</Text>}
      <FieldError className="field-error">{error}</FieldError>
    </TextField>
  );
}
