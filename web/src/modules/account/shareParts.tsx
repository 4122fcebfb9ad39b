// Pieces of the sharing lists: status badge (with "expired"), a date-time input, and the expiry cell with its
// inline editor.
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ShareView } from "@shared/accounts.ts";
import { Button } from "../../ui/Button.tsx";
import { fromLocalInput, toLocalInput } from "./api.ts";
import { Badge, useFormats } from "./parts.tsx";

export function isExpired(s: Pick<ShareView, "expireTimeMillis">, now = Date.now()): boolean {
  return s.expireTimeMillis !== null && s.expireTimeMillis <= now;
}

export function StatusBadge({ share }: { share: ShareView }) {
  const { t } = useTranslation("account");
  if (share.status === "ACTIVE" && isExpired(share)) return <Badge tone="warn">{t("sharing.status.EXPIRED")}</Badge>;
  const tone = share.status === "ACTIVE" ? "ok" : share.status === "PENDING" ? "wait" : "off";
  return <Badge tone={tone}>{t(`sharing.status.${share.status}`)}</Badge>;
}

/** A labelled native date-time input (the browser's own picker, good on phones). */
export function DateTimeInput({ label, value, onChange, description, errorMessage, autoFocus }: {
  label: string;
  value: string;
  onChange(v: string): void;
  description?: string;
  errorMessage?: string;
  autoFocus?: boolean;
}) {
  const id = useId();
  return (
    <div className="field" data-invalid={errorMessage ? true : undefined}>
      <label className="field-label" htmlFor={id}>{label}</label>
      <input id={id} className="field-input" type="datetime-local" value={value} min={toLocalInput(Date.now())} autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)} aria-describedby={description || errorMessage ? `${id}-d` : undefined}
        aria-invalid={errorMessage ? true : undefined} />
      {(description || errorMessage) && (
        <span id={`${id}-d`} className={errorMessage ? "field-error" : "field-description"}>{errorMessage ?? description}</span>
      )}
    </div>
  );
}

export function ExpiryCell({ share, editing, readOnly, busy, onEdit, onCancel, onSave }: {
  share: ShareView;
  editing: boolean;
  readOnly: boolean;
  busy: boolean;
  onEdit(): void;
  onCancel(): void;
  onSave(ms: number | null): void;
}) {
  const { t } = useTranslation("account");
  const f = useFormats();
  const [value, setValue] = useState(share.expireTimeMillis ? toLocalInput(share.expireTimeMillis) : "");
  const [error, setError] = useState<string>();
  const text = share.expireTimeMillis === null ? t("sharing.expiry.none") : f.dateTime(share.expireTimeMillis);

  if (!editing) {
    return (
      <div className="acc-expiry">
        <span className={isExpired(share) ? "acc-expired" : undefined}>{text}</span>
        {!readOnly && share.status !== "PENDING" && (
          <Button variant="ghost" isDisabled={busy} onPress={onEdit} aria-label={t("sharing.expiry.editOf", { name: share.name })}>
            {t("sharing.expiry.edit")}
          </Button>
        )}
      </div>
    );
  }

  function save() {
    const ms = fromLocalInput(value);
    if (value && (ms === null || ms <= Date.now())) return setError(t("sharing.expiry.future"));
    onSave(ms);
  }

  return (
    <div className="acc-expiry-edit">
      <DateTimeInput label={t("sharing.expiry.label")} value={value} onChange={(v) => (setValue(v), setError(undefined))}
        errorMessage={error} description={t("sharing.expiry.clearHelp")} autoFocus />
      <div className="acc-inline-actions">
        <Button isDisabled={busy} onPress={save}>{t("save")}</Button>
        {share.expireTimeMillis !== null && <Button variant="secondary" isDisabled={busy} onPress={() => onSave(null)}>{t("sharing.expiry.clear")}</Button>}
        <Button variant="ghost" onPress={onCancel}>{t("cancel")}</Button>
      </div>
    </div>
  );
}
