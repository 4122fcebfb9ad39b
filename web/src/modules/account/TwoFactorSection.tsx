// Security tab, part two: two-factor authentication on/off, and "log out all sessions"
// (GET/PUT /api/users/security/logoutAllSessions).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Switch } from "react-aria-components";
import type { UserInfo } from "@shared/users.ts";
import { api } from "../../lib/api.ts";
import { confirm } from "../../app/feedback/confirm.tsx";
import { snackbar } from "../../app/feedback/snackbar.tsx";
import { companyQuery, userDetailQuery } from "../../app/queries.ts";
import { Button } from "../../ui/Button.tsx";
import { TextField } from "../../ui/TextField.tsx";
import { codeOf, errorOf, logoutAllSessionsQuery } from "./api.ts";
import { cleanCode, OTP_CODE, OtpSetupFlow } from "./OtpSetupFlow.tsx";
import { Badge, Section } from "./parts.tsx";

export function TwoFactorSection({ me }: { me: UserInfo }) {
  const { t } = useTranslation("account");
  const company = useQuery(companyQuery).data;
  const [mode, setMode] = useState<"idle" | "setup" | "disable">("idle");
  const required = !!company?.security.mfa && !me.bypassTwoFactor;

  return (
    <Section
      title={t("twoFactor.title")}
      description={t("twoFactor.description")}
      actions={<Badge tone={me.twoFactorAuth ? "ok" : "off"}>{t(me.twoFactorAuth ? "twoFactor.on" : "twoFactor.off")}</Badge>}
    >
      {required && <p className="acc-note" role="note">{t("twoFactor.required")}</p>}
      {mode === "idle" && (
        <div className="acc-actions acc-actions-start">
          {me.twoFactorAuth
            ? <Button variant="secondary" onPress={() => setMode("disable")} isDisabled={required}>{t("twoFactor.turnOff")}</Button>
            : <Button onPress={() => setMode("setup")}>{t("twoFactor.setUp")}</Button>}
          {me.twoFactorAuth && <Button variant="ghost" onPress={() => setMode("setup")}>{t("twoFactor.reset")}</Button>}
        </div>
      )}
      {mode === "setup" && (
        <div className="acc-subpanel">
          <OtpSetupFlow onDone={() => setMode("idle")} onCancel={() => setMode("idle")} />
        </div>
      )}
      {mode === "disable" && <DisableForm onClose={() => setMode("idle")} />}
    </Section>
  );
}

function DisableForm({ onClose }: { onClose(): void }) {
  const { t } = useTranslation("account");
  const qc = useQueryClient();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();

  const disable = useMutation({
    mutationFn: () => api("/api/users/twoFactorAuth", { method: "PUT", json: { twoFactorAuth: false, code } }),
    onSuccess: async () => {
      snackbar("SUCCESS", t("twoFactor.disabled"));
      await qc.invalidateQueries({ queryKey: userDetailQuery.queryKey });
      onClose();
    },
    onError: (e) => {
      const c = codeOf(e);
      // 403 user.mfa_required: the company requires two-factor sign-in for this account.
      const text = c === "user.mfa_required" ? t("twoFactor.required") : c === "user.otp_invalid" ? t("otp.codeWrong") : errorOf(e);
      setError(text);
      snackbar("ERROR", text);
    },
  });

  return (
    <Form className="acc-form acc-form-narrow acc-subpanel" validationBehavior="aria" onSubmit={(e) => {
      e.preventDefault();
      if (!OTP_CODE.test(code)) return setError(t("otp.codeFormat"));
      disable.mutate();
    }}>
      <p className="acc-plain">{t("twoFactor.disableHelp")}</p>
      <div className="acc-code">
        <TextField label={t("otp.code")} value={code} onChange={(v) => setCode(cleanCode(v))} inputMode="numeric" autoComplete="one-time-code"
          autoFocus placeholder="123456" errorMessage={error} />
      </div>
      <div className="acc-actions">
        <Button variant="secondary" onPress={onClose}>{t("cancel")}</Button>
        <Button type="submit" variant="danger" isDisabled={disable.isPending}>{t("twoFactor.turnOff")}</Button>
      </div>
    </Form>
  );
}

export function SessionsSection() {
  const { t } = useTranslation("account");
  const qc = useQueryClient();
  const q = useQuery(logoutAllSessionsQuery);
  const set = useMutation({
    mutationFn: (enable: boolean) =>
      api<{ enable: boolean; revokedSessions: number }>("/api/users/security/logoutAllSessions", { method: "PUT", form: { enable } }),
    onSuccess: (r) => {
      qc.setQueryData(logoutAllSessionsQuery.queryKey, { enable: r.enable });
      snackbar("SUCCESS", r.enable ? t("sessions.enabled", { count: r.revokedSessions }) : t("sessions.disabled"));
    },
    onError: (e) => snackbar("ERROR", errorOf(e)),
  });

  async function toggle(enable: boolean) {
    const ok = await confirm({
      title: t(enable ? "sessions.confirmOnTitle" : "sessions.confirmOffTitle"),
      message: t(enable ? "sessions.confirmOn" : "sessions.confirmOff"),
      confirmLabel: t(enable ? "sessions.turnOn" : "sessions.turnOff"),
      danger: enable,
    });
    if (ok) set.mutate(enable);
  }

  return (
    <Section title={t("sessions.title")} description={t("sessions.description")}>
      {q.isError && <p className="acc-inline-error" role="alert">{errorOf(q.error)}</p>}
      <Switch className="acc-switch" isSelected={q.data?.enable ?? false} isDisabled={!q.data || set.isPending}
        onChange={(v) => void toggle(v)}>
        <span className="acc-switch-track" aria-hidden="true"><span className="acc-switch-thumb" /></span>
        {t("sessions.label")}
      </Switch>
    </Section>
  );
}
