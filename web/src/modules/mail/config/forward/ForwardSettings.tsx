// Mail settings, tab 'forward' (000 §3 "Forward config", §4, §5): forwarding on or off, keeping a copy, and the
// target addresses with their state: a new address waits (PENDING) until its owner opens the link of the
// approval mail (ACCEPTED); "resend" sends a new link. Never the user's own address (mail.527). Saving
// replaces the list; a change applies to the next arriving message (at most FORWARD_CHANGE_MINUTES).
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FORWARD_CHANGE_MINUTES, FORWARD_TARGETS_MAX, type ForwardConfig } from "@shared/mail/forward.ts";
import { snackbar } from "../../../../app/feedback/snackbar.tsx";
import { api, ApiError } from "../../../../lib/api.ts";
import { errorText } from "../../../../lib/i18n.ts";
import { userDetailQuery } from "../../../../app/queries.ts";
import { Button } from "../../../../ui/Button.tsx";
import { Switch } from "../../../../ui/Switch.tsx";
import { TextField } from "../../../../ui/TextField.tsx";
import "./forward.css";

const BASE = "/api/mail/config";
export const forwardQuery = queryOptions({
  queryKey: ["mail", "forward"] as const,
  queryFn: ({ signal }) => api<ForwardConfig>(`${BASE}/forward`, { signal }),
});

const ADDRESS = /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/;

export function ForwardSettings() {
  const { t } = useTranslation("mail");
  const qc = useQueryClient();
  const q = useQuery(forwardQuery);
  const [draft, setDraft] = useState<ForwardConfig | null>(null);
  const [address, setAddress] = useState("");
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Seeded once from the first answer (and replaced by the answer of a save), never by a refetch (window
  // focus): a refetch must not throw away the user's unsaved edits.
  useEffect(() => void (q.data && setDraft((d) => d ?? q.data)), [q.data]);
  const own = useQuery(userDetailQuery).data?.username.toLowerCase();

  if (q.isError) return <p role="alert" className="field-error">{t("forward.loadFailed")}</p>;
  if (!draft) return <p role="status" className="fwd-muted">{t("forward.loading")}</p>;
  const full = draft.targets.length >= FORWARD_TARGETS_MAX;

  function addTarget() {
    const a = address.trim().toLowerCase();
    if (!a) return;
    if (!ADDRESS.test(a)) return setFieldError("mail.528");
    if (a === own) return setFieldError("mail.527");
    if (full) return setFieldError("mail.528");
    if (!draft!.targets.some((x) => x.address === a)) {
      setDraft({ ...draft!, targets: [...draft!.targets, { address: a, status: "PENDING", requestedTimeMillis: 0, acceptedTimeMillis: null }] });
    }
    setAddress("");
    setFieldError(null);
  }

  async function save() {
    setBusy(true);
    try {
      const r = await api<ForwardConfig>(`${BASE}/forward`, {
        method: "POST",
        json: { useYN: draft!.useYN, saveOriginal: draft!.saveOriginal, targets: draft!.targets.map((x) => x.address) },
      });
      qc.setQueryData(forwardQuery.queryKey, r);
      setDraft(r);
      snackbar("SUCCESS", t("forward.saved", { minutes: FORWARD_CHANGE_MINUTES }));
    } catch (e) {
      const code = e instanceof ApiError ? e.code : "common.500";
      snackbar("ERROR", errorText(/^mail\.(52[7-9]|forward_approval_cooldown)$/.test(code) ? code : "common.500"));
    } finally {
      setBusy(false);
    }
  }

  async function resend(a: string) {
    try {
      qc.setQueryData(forwardQuery.queryKey, await api<ForwardConfig>(`${BASE}/resend_approval_mail`, { method: "POST", json: { targets: [a] } }));
      snackbar("SUCCESS", t("forward.resent", { address: a }));
    } catch (e) {
      snackbar("ERROR", errorText(e instanceof ApiError ? e.code : "common.500"));
    }
  }

  const saved = new Set(q.data?.targets.filter((x) => x.requestedTimeMillis).map((x) => x.address));
  return (
    <form className="fwd-settings" onSubmit={(e) => (e.preventDefault(), void save())}>
      <p className="fwd-muted">{t("forward.hint", { minutes: FORWARD_CHANGE_MINUTES })}</p>
      <Switch label={t("forward.use")} isSelected={draft.useYN} onChange={(v) => setDraft({ ...draft, useYN: v })} />
      <Switch label={t("forward.saveOriginal")} description={t("forward.saveOriginalHint")} isSelected={draft.saveOriginal}
        onChange={(v) => setDraft({ ...draft, saveOriginal: v })} />
      <div className="fwd-add">
        <TextField label={t("forward.address")} value={address} type="email" isDisabled={full}
          onChange={(v) => (setAddress(v), setFieldError(null))} errorMessage={fieldError ? errorText(fieldError) : undefined}
          description={t("forward.addressHint", { max: FORWARD_TARGETS_MAX })}
          onKeyDown={(e) => e.key === "Enter" && (e.preventDefault(), addTarget())} />
        <Button variant="secondary" onPress={addTarget} isDisabled={full}>{t("forward.addTarget")}</Button>
      </div>
      {draft.targets.length === 0 && <p className="fwd-muted">{t("forward.empty")}</p>}
      <ul className="fwd-list" aria-label={t("forward.targets")}>
        {draft.targets.map((x) => (
          <li key={x.address} className="fwd-item">
            <span className="fwd-address">{x.address}</span>
            <span className={`fwd-status fwd-status-${saved.has(x.address) ? x.status.toLowerCase() : "new"}`}>
              {t(saved.has(x.address) ? `forward.status.${x.status}` : "forward.status.NEW")}
            </span>
            <span className="fwd-actions">
              {saved.has(x.address) && x.status === "PENDING" && (
                <Button variant="ghost" onPress={() => void resend(x.address)} aria-label={t("forward.resendNamed", { address: x.address })}>
                  {t("forward.resend")}
                </Button>
              )}
              <Button variant="ghost" onPress={() => setDraft({ ...draft, targets: draft.targets.filter((y) => y.address !== x.address) })}
                aria-label={t("forward.removeNamed", { address: x.address })}>{t("forward.remove")}</Button>
            </span>
          </li>
        ))}
      </ul>
      <div className="fwd-save">
        <Button type="submit" isDisabled={busy}>{t("forward.save")}</Button>
      </div>
    </form>
  );
}
