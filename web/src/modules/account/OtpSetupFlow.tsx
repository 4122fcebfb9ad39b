// Two-factor setup, shared by the security tab and the mandatory prompt after sign-in: confirm the password
// (POST /api/users/otp) → scan the QR code or type the key into an authenticator app → enable with a 6-digit
// code (PUT /api/users/twoFactorAuth). On success the user info is refreshed.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { QRCodeSVG } from "qrcode.react";
import { api } from "../../lib/api.ts";
import { snackbar } from "../../app/feedback/snackbar.tsx";
import { userDetailQuery } from "../../app/queries.ts";
import { Button } from "../../ui/Button.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { codeOf, errorOf } from "./api.ts";
import "./forms.css";

export interface OtpStart {
  secret: string;
  otpauthUrl: string;
}

export const OTP_CODE = /^\d{6}$/;

/** "JBSWY3DPEHPK3PXP" → "JBSW Y3DP EHPK 3PXP" */
export function groupKey(secret: string): string {
  return secret.replace(/(.{4})/g, "$1 ").trim();
}

/** Digits only, at most 6, so a pasted "123 456" still works. */
export function cleanCode(v: string): string {
  return v.replace(/\D/g, "").slice(0, 6);
}

export function OtpSetupFlow({ onDone, onCancel, cancelLabel }: { onDone(): void; onCancel?: () => void; cancelLabel?: string }) {
  const { t } = useTranslation("account");
  const qc = useQueryClient();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [started, setStarted] = useState<OtpStart | null>(null);
  const [error, setError] = useState<{ field: "password" | "code"; text: string } | null>(null);

  const start = useMutation({
    mutationFn: () => api<OtpStart>("/api/users/otp", { method: "POST", json: { password } }),
    onSuccess: (r) => {
      setStarted(r);
      setPassword("");
      setError(null);
    },
    onError: (e) => {
      const text = codeOf(e) === "user.password_mismatch" ? t("otp.passwordWrong") : errorOf(e);
      setError({ field: "password", text });
      snackbar("ERROR", text);
    },
  });

  const enable = useMutation({
    mutationFn: () => api<{ twoFactorAuth: boolean }>("/api/users/twoFactorAuth", { method: "PUT", json: { twoFactorAuth: true, code } }),
    onSuccess: async () => {
      snackbar("SUCCESS", t("otp.enabled"));
      await qc.invalidateQueries({ queryKey: userDetailQuery.queryKey });
      onDone();
    },
    onError: (e) => {
      if (codeOf(e) === "user.otp_not_started") {
        setStarted(null);
        setCode("");
      }
      const text = codeOf(e) === "user.otp_invalid" ? t("otp.codeWrong") : errorOf(e);
      setError({ field: "code", text });
      snackbar("ERROR", text);
    },
  });

  if (!started) {
    return (
      <Form className="acc-form" validationBehavior="aria" onSubmit={(e) => {
        e.preventDefault();
        if (!password) return setError({ field: "password", text: t("otp.passwordRequired") });
        start.mutate();
      }}>
        <p className="acc-step"><span className="acc-step-no" aria-hidden="true">1</span>{t("otp.step1")}</p>
        <TextField label={t("otp.password")} type="password" value={password} onChange={setPassword} autoComplete="current-password"
          autoFocus errorMessage={error?.field === "password" ? error.text : undefined} />
        <div className="acc-actions">
          {onCancel && <Button variant="secondary" onPress={onCancel}>{cancelLabel ?? t("cancel")}</Button>}
          <Button type="submit" isDisabled={start.isPending}>{t("otp.continue")}</Button>
        </div>
      </Form>
    );
  }

  return (
    <Form className="acc-form" validationBehavior="aria" onSubmit={(e) => {
      e.preventDefault();
      if (!OTP_CODE.test(code)) return setError({ field: "code", text: t("otp.codeFormat") });
      enable.mutate();
    }}>
      <p className="acc-step"><span className="acc-step-no" aria-hidden="true">2</span>{t("otp.step2")}</p>
      <div className="acc-otp">
        <figure className="acc-qr">
          <QRCodeSVG value={started.otpauthUrl} size={176} marginSize={2} level="M" role="img" aria-label={t("otp.qrLabel")} title={t("otp.qrLabel")} />
        </figure>
        <div className="acc-otp-manual">
          <p className="acc-muted">{t("otp.manual")}</p>
          <code className="acc-secret" aria-label={t("otp.secretLabel")}>{groupKey(started.secret)}</code>
          <div className="acc-inline-actions">
            <Button variant="secondary" onPress={() => void copy(started.secret, t("otp.copied"))}>{t("otp.copy")}</Button>
            <a className="btn btn-secondary" href={started.otpauthUrl}>{t("otp.openApp")}</a>
          </div>
        </div>
      </div>
      <p className="acc-step"><span className="acc-step-no" aria-hidden="true">3</span>{t("otp.step3")}</p>
      <div className="acc-code">
        <TextField label={t("otp.code")} value={code} onChange={(v) => setCode(cleanCode(v))} inputMode="numeric" autoComplete="one-time-code"
          autoFocus maxLength={7} placeholder="123456" errorMessage={error?.field === "code" ? error.text : undefined} />
      </div>
      <div className="acc-actions">
        {onCancel && <Button variant="secondary" onPress={onCancel}>{cancelLabel ?? t("cancel")}</Button>}
        <Button type="submit" isDisabled={enable.isPending}>{t("otp.enable")}</Button>
      </div>
    </Form>
  );
}

async function copy(text: string, done: string) {
  try {
    await navigator.clipboard.writeText(text);
    snackbar("INFO", done);
  } catch { /* the key stays visible to copy by hand */ }
}
