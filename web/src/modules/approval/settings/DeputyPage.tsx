// config/deputy: who approves in the user's place while they are away (대결, 002 "Approval"): a colleague and a
// period [from, to) with an optional reason (PUT config/deputy), or none (DELETE config/deputy).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { FormField } from "@shared/approval/forms.ts";
import { Button } from "../../../ui/Button.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { usePageTitle } from "../../../app/title.ts";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { PersonInput } from "../draft/fields/PersonInput.tsx";
import { clearDeputy, deputyQuery, saveDeputy } from "./api.ts";
import { SettingsTabs } from "./SettingsTabs.tsx";

/** A local "YYYY-MM-DDTHH:mm" for a datetime-local input, and back. */
const toLocal = (ms: number) => {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
};
const fromLocal = (v: string) => (v ? new Date(v).getTime() : NaN);

export function DeputyPage() {
  const { t, i18n } = useTranslation("approval");
  usePageTitle(t("settings.deputy"));
  const qc = useQueryClient();
  const current = useQuery(deputyQuery);
  const [person, setPerson] = useState<{ id: number; name: string } | null>(null);
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [reason, setReason] = useState("");
  const [error, setError] = useState("");
  useEffect(() => {
    const d = current.data;
    if (!d) return;
    setPerson({ id: d.deputy.id, name: d.deputy.name });
    setFrom(toLocal(d.fromMillis));
    setTo(toLocal(d.toMillis));
    setReason(d.reason);
  }, [current.data]);

  const done = (key: string) => {
    qc.invalidateQueries({ queryKey: deputyQuery.queryKey });
    snackbar("SUCCESS", t(key));
  };
  const save = useMutation({
    mutationFn: () => saveDeputy({ deputyId: person!.id, fromMillis: fromLocal(from), toMillis: fromLocal(to), reason: reason.trim() }),
    onSuccess: () => done("settings.deputySaved"),
    onError: (e) => setError(errorText(codeOf(e))),
  });
  const clear = useMutation({
    mutationFn: clearDeputy,
    onSuccess: () => {
      setPerson(null);
      setFrom("");
      setTo("");
      setReason("");
      done("settings.deputyCleared");
    },
    onError: (e) => setError(errorText(codeOf(e))),
  });

  const field: FormField = { key: "deputy", label: t("settings.deputyPerson"), type: "person", required: true, placeholder: "", columns: [] };
  const fmt = (ms: number) => new Date(ms).toLocaleString(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const d = current.data;
  const active = d && Date.now() >= d.fromMillis && Date.now() < d.toMillis;

  return (
    <div className="as-page">
      <SettingsTabs />
      <header className="as-head">
        <div>
          <h1 className="as-title">{t("settings.deputy")}</h1>
          <p className="as-muted">{t("settings.deputyIntro")}</p>
        </div>
      </header>
      <p className="as-status" role="status">
        {current.isLoading ? t("draft.loading") : d
          ? t(active ? "settings.deputyActive" : "settings.deputySet", { name: d.deputy.name, from: fmt(d.fromMillis), to: fmt(d.toMillis) })
          : t("settings.deputyNone")}
      </p>
      <form className="as-card as-form" onSubmit={(e) => {
        e.preventDefault();
        setError("");
        const f = fromLocal(from), u = fromLocal(to);
        if (!person) return setError(t("settings.deputyPersonRequired"));
        if (!Number.isFinite(f) || !Number.isFinite(u) || u <= f) return setError(t("settings.deputyPeriodInvalid"));
        save.mutate();
      }}>
        <div className="field">
          <span className="field-label" aria-hidden="true">{field.label}</span>
          <PersonInput field={field} value={person} onChange={setPerson} />
        </div>
        <div className="as-period">
          <label className="field">
            <span className="field-label">{t("settings.from")}</span>
            <input type="datetime-local" className="field-input native" value={from} onChange={(e) => setFrom(e.target.value)} required />
          </label>
          <label className="field">
            <span className="field-label">{t("settings.to")}</span>
            <input type="datetime-local" className="field-input native" value={to} onChange={(e) => setTo(e.target.value)} required />
          </label>
        </div>
        <TextField label={t("settings.reason")} value={reason} onChange={setReason} maxLength={200} />
        <p className="field-error" role="alert">{error}</p>
        <div className="as-actions">
          {d && (
            <Button variant="secondary" isDisabled={clear.isPending} onPress={async () => {
              if (await confirm({ message: t("settings.deputyClearConfirm"), confirmLabel: t("settings.deputyClear"), danger: true })) clear.mutate();
            }}>{t("settings.deputyClear")}</Button>
          )}
          <Button type="submit" isDisabled={save.isPending}>{t("settings.save")}</Button>
        </div>
      </form>
    </div>
  );
}
