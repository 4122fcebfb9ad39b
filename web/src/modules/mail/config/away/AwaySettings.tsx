// Mail settings, tab 'away' (000 §3 "Away config"): the away reply on or off, its period (either end may be
// left open) and its text. While on, each sender gets one reply per period; saving starts a new period.
// Checked here as on the server: the end after the start (mail.542), a text while on (mail.543).
import { fromDate, getLocalTimeZone, type ZonedDateTime } from "@internationalized/date";
import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DateField, DateInput, DateSegment, Label, TextArea, TextField as AriaTextField, FieldError, Text } from "react-aria-components";
import { AWAY_CONTENTS_MAX, type AwayConfig } from "@shared/mail/away.ts";
import { snackbar } from "../../../../app/feedback/snackbar.tsx";
import { api, ApiError } from "../../../../lib/api.ts";
import { errorText } from "../../../../lib/i18n.ts";
import { Button } from "../../../../ui/Button.tsx";
import { Switch } from "../../../../ui/Switch.tsx";
import "./away.css";

export const awayQuery = queryOptions({
  queryKey: ["mail", "away"] as const,
  queryFn: ({ signal }) => api<AwayConfig>("/api/mail/config/away", { signal }),
});

export function awayError(a: Pick<AwayConfig, "useAway" | "startTimeMillis" | "endTimeMillis" | "contents">): string | null {
  if (a.startTimeMillis !== null && a.endTimeMillis !== null && a.endTimeMillis <= a.startTimeMillis) return "mail.542";
  if ((a.useAway && !a.contents.trim()) || a.contents.length > AWAY_CONTENTS_MAX) return "mail.543";
  return null;
}

function TimeField({ label, value, onChange, error }: { label: string; value: number | null; onChange(v: number | null): void; error?: string }) {
  const { t } = useTranslation("mail");
  const tz = getLocalTimeZone();
  const zoned: ZonedDateTime | null = value === null ? null : fromDate(new Date(value), tz);
  return (
    <div className="away-time">
      <DateField className="field" granularity="minute" hourCycle={24} value={zoned} shouldForceLeadingZeros isInvalid={!!error}
        onChange={(v) => onChange(v ? v.toDate().getTime() : null)}>
        <Label className="field-label">{label}</Label>
        <DateInput className="field-input away-date-input">{(seg) => <DateSegment segment={seg} className="away-date-seg" />}</DateInput>
        <Text slot="description" className="field-description">{value === null ? t("away.open") : "\u00a0"}</Text>
        <FieldError className="field-error">{error}</FieldError>
      </DateField>
      <Button variant="ghost" isDisabled={value === null} onPress={() => onChange(null)} aria-label={t("away.clearNamed", { label })}>
        {t("away.clear")}
      </Button>
    </div>
  );
}

export function AwaySettings() {
  const { t } = useTranslation("mail");
  const qc = useQueryClient();
  const q = useQuery(awayQuery);
  const [draft, setDraft] = useState<AwayConfig | null>(null);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  // Seeded once from the first answer (and replaced by the answer of a save), never by a refetch (window
  // focus): a refetch must not throw away the user's unsaved edits.
  useEffect(() => void (q.data && setDraft((d) => d ?? q.data)), [q.data]);

  if (q.isError) return <p role="alert" className="field-error">{t("away.loadFailed")}</p>;
  if (!draft) return <p role="status" className="away-muted">{t("away.loading")}</p>;
  const error = tried ? awayError(draft) : null;

  async function save() {
    setTried(true);
    if (awayError(draft!)) return;
    setBusy(true);
    try {
      const { useAway, startTimeMillis, endTimeMillis, contents } = draft!;
      const r = await api<AwayConfig>("/api/mail/config/away", { method: "PUT", json: { useAway, startTimeMillis, endTimeMillis, contents } });
      qc.setQueryData(awayQuery.queryKey, r);
      setDraft(r);
      setTried(false);
      snackbar("SUCCESS", t("away.saved"));
    } catch (e) {
      const code = e instanceof ApiError ? e.code : "common.500";
      snackbar("ERROR", errorText(/^mail\.54[23]$/.test(code) ? code : "common.500"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="away-settings" onSubmit={(e) => (e.preventDefault(), void save())}>
      <p className="away-muted">{t("away.hint")}</p>
      <Switch label={t("away.use")} isSelected={draft.useAway} onChange={(v) => setDraft({ ...draft, useAway: v })} />
      <fieldset className="away-period">
        <legend className="field-label">{t("away.period")}</legend>
        <TimeField label={t("away.start")} value={draft.startTimeMillis} onChange={(v) => setDraft({ ...draft, startTimeMillis: v })} />
        <TimeField label={t("away.end")} value={draft.endTimeMillis} onChange={(v) => setDraft({ ...draft, endTimeMillis: v })}
          error={error === "mail.542" ? errorText("mail.542") : undefined} />
      </fieldset>
      <AriaTextField className="field" value={draft.contents} onChange={(v) => setDraft({ ...draft, contents: v })}
        isInvalid={error === "mail.543"} maxLength={AWAY_CONTENTS_MAX}>
        <Label className="field-label">{t("away.contents")}</Label>
        <TextArea className="field-input away-text" rows={6} />
        <Text slot="description" className="field-description">{t("away.contentsHint", { count: draft.contents.length, max: AWAY_CONTENTS_MAX })}</Text>
        <FieldError className="field-error">{error === "mail.543" ? errorText("mail.543") : undefined}</FieldError>
      </AriaTextField>
      {draft.updatedTimeMillis && <p className="away-muted">{t("away.updated", { time: new Date(draft.updatedTimeMillis).toLocaleString() })}</p>}
      <div className="away-save">
        <Button type="submit" isDisabled={busy}>{t("away.save")}</Button>
      </div>
    </form>
  );
}
