// The leave application (002 §2, §5; 001 §5): the type (those the employee may apply for), the unit (what the
// type allows), the dates (a range for full days; one day and morning / afternoon for half days; a start time
// for quarter days; a start time and hours for hourly leave), the days it takes and the balance after it, the
// summary and the reason (required for special leave), the approvers (none: the no-organisation-head message and
// no submit), and — where the company uses electronic approval — going through its 휴가신청서. Used by
// /leave/application and by the calendar's event dialog; `onDone` gets the saved usage.
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { LEAVE_UNITS, LEAVE_UNIT_NAMES, type LeaveUnit, REASON_MAX, SUMMARY_MAX, USAGE_DAYS_MAX } from "@shared/leave/constants.ts";
import type { Template, Usage } from "@shared/leave/leave.ts";
import { userDetailQuery } from "../../../app/queries.ts";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { Button } from "../../../ui/Button.tsx";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { NativeField } from "../../../ui/NativeField.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import * as leaveApi from "../api.ts";
import { leaveErrorText } from "../errors.ts";
import { formatDays } from "../format.tsx";
import { approversQuery, templatesQuery, userLeaveQuery } from "../queries.ts";
import { today } from "../search.ts";
import { TextArea } from "../TextArea.tsx";
import "../leave.css";
import { endTime, HALF_END, HALF_START, type Half, rangeDays, startTimes, unitHours } from "./days.ts";
import { dismissSnackbars } from "../../../app/feedback/snackbar.tsx";

interface State {
  templateId: string;
  unit: LeaveUnit;
  startDate: string;
  endDate: string;
  half: Half;
  startTime: string;
  hours: number;
  summary: string;
  reason: string;
  viaApproval: boolean;
}

const allowedUnits = (tp: Template | undefined): LeaveUnit[] =>
  !tp ? [] : LEAVE_UNIT_NAMES.filter((u) =>
    u === "FULL_DAY" ? tp.fullDayAllowed : u === "HALF_DAY" ? tp.halfDayAllowed : u === "QUARTER_DAY" ? tp.quarterDayAllowed : tp.oneHourAllowed);

function initial(editing: Usage | undefined, day: string): State {
  if (!editing) {
    return { templateId: "", unit: "FULL_DAY", startDate: day, endDate: day, half: "AM", startTime: "09:00", hours: 1, summary: "", reason: "", viaApproval: false };
  }
  return {
    templateId: String(editing.templateId), unit: editing.unit, startDate: editing.startDate, endDate: editing.endDate,
    half: editing.startTime && editing.startTime >= "12:00" ? "PM" : "AM", startTime: editing.startTime ?? "09:00",
    hours: editing.unit === "ONE_HOUR" ? Math.max(1, Math.round(editing.usedDays / LEAVE_UNITS.ONE_HOUR)) : 1,
    summary: editing.summary, reason: editing.reason, viaApproval: false,
  };
}

export function LeaveForm({ editing, day, onDone, onCancel, submitLabel }: {
  editing?: Usage;
  /** The first day offered for a new application. */
  day?: string;
  onDone(u: Usage): void;
  onCancel?(): void;
  submitLabel?: string;
}) {
  const { t, i18n } = useTranslation("leave");
  const lng = i18n.language;
  const me = useQuery(userDetailQuery).data;
  const templates = useQuery(templatesQuery);
  const approvers = useQuery(approversQuery);
  const mine = useQuery({ ...userLeaveQuery(me?.id ?? 0, undefined), enabled: !!me });
  const [f, setF] = useState<State>(() => initial(editing, day ?? today()));
  const [error, setError] = useState<string | null>(null);
  const [reasonMissing, setReasonMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (p: Partial<State>) => {
    setF((x) => ({ ...x, ...p }));
    setError(null);
    dismissSnackbars("SUCCESS"); // the last application's "applied" is not about this one
    if ("reason" in p) setReasonMissing(false);
  };

  const applicable = useMemo(() => (templates.data ?? []).filter((x) => x.employeeApplicationAllowed || x.id === editing?.templateId), [templates.data, editing]);
  const tp = applicable.find((x) => String(x.id) === f.templateId) ?? applicable[0];
  const units = allowedUnits(tp);
  const unit = units.includes(f.unit) ? f.unit : units[0] ?? "FULL_DAY";
  const length = unitHours(unit, f.hours);
  const times = startTimes(length);
  const startTime = unit === "HALF_DAY" ? HALF_START[f.half] : times.includes(f.startTime) ? f.startTime : times[0];
  // A full-day range: the server's count (it leaves out public holidays), the weekdays meanwhile.
  const estimate = unit === "FULL_DAY" ? rangeDays(f.startDate, f.endDate, !!tp?.weekendIncluded) : null;
  const preview = useQuery({
    queryKey: ["leave", "preview", tp?.id ?? 0, f.startDate, f.endDate],
    queryFn: ({ signal }) => leaveApi.previewUsage({ templateId: tp!.id, unit: "FULL_DAY", startDate: f.startDate, endDate: f.endDate }, signal),
    enabled: !!tp && estimate !== null,
    retry: false,
    staleTime: 60_000,
  });
  const counted = preview.isError && codeOf(preview.error) === "leave.invalid_days" ? 0 : preview.data?.usedDays ?? estimate;
  const days = unit === "FULL_DAY" ? (estimate === null ? null : counted) : unit === "ONE_HOUR" ? f.hours * LEAVE_UNITS.ONE_HOUR : LEAVE_UNITS[unit];
  const custom = tp?.type === "CUSTOM";
  const balance = !tp || !mine.data ? null : tp.type === "ANNUAL" ? mine.data.annual : mine.data.custom.find((c) => c.template.id === tp.id)?.balance ?? null;
  // Editing a PENDING leave: its days are not yet used, so the balance already has them.
  const after = balance && days !== null ? balance.remaining - days : null;
  const noApprover = approvers.isError && codeOf(approvers.error) === "leave.no_approver";
  const usesApproval = !!me?.usedModules.includes("approval");
  const dayProblem = days === null || days <= 0 || days > USAGE_DAYS_MAX;

  async function submit() {
    dismissSnackbars("SUCCESS");
    if (!tp) return;
    if (dayProblem) return setError(errorText("leave.invalid_days"));
    if (custom && !f.reason.trim()) {
      setReasonMissing(true);
      document.querySelector<HTMLElement>(".lv-leave-form textarea")?.focus();
      return;
    }
    if (after !== null && after < 0 && !editing) return setError(errorText("leave.exceeds_balance"));
    const body: leaveApi.UsageBody = {
      templateId: tp.id, unit, startDate: f.startDate, endDate: unit === "FULL_DAY" ? f.endDate : f.startDate,
      ...(unit === "FULL_DAY" ? {} : { startTime }), ...(unit === "ONE_HOUR" ? { hours: f.hours } : {}),
      summary: f.summary.trim(), reason: f.reason.trim(), viaApproval: usesApproval && f.viaApproval,
    };
    setBusy(true);
    try {
      onDone(editing ? await leaveApi.editUsage(editing.id, body) : await leaveApi.apply(body));
    } catch (e) {
      if (codeOf(e) === "leave.reason_required") setReasonMissing(true);
      else setError(leaveErrorText(e));
    } finally {
      setBusy(false);
    }
  }

  if (templates.isPending) return <p className="lv-state lv-muted" role="status">{t("loading")}</p>;
  if (applicable.length === 0) return <p className="lv-state lv-muted">{t("apply.noTypes")}</p>;

  return (
    <Form className="lv-form lv-leave-form" validationBehavior="aria" onSubmit={(e) => {
      e.preventDefault();
      void submit();
    }}>
      <div className="lv-form-row">
        <SelectField label={t("apply.type")} value={tp ? String(tp.id) : null} onChange={(v) => set({ templateId: v })}
          options={applicable.map((x) => ({ id: String(x.id), label: x.name }))} isDisabled={!!editing} />
        <SelectField label={t("apply.unit")} value={unit} onChange={(v) => set({ unit: v as LeaveUnit })}
          options={units.map((u) => ({ id: u, label: t(`unit.${u}`) }))} />
      </div>
      {unit === "FULL_DAY"
        ? (
          <div className="lv-form-row">
            <NativeField label={t("apply.startDate")} type="date" value={f.startDate} required
              onChange={(v) => set({ startDate: v, endDate: f.endDate < v ? v : f.endDate })} />
            <NativeField label={t("apply.endDate")} type="date" value={f.endDate} required min={f.startDate} onChange={(v) => set({ endDate: v })} />
          </div>
        )
        : (
          <div className="lv-form-row">
            <NativeField label={t("apply.date")} type="date" value={f.startDate} required onChange={(v) => set({ startDate: v, endDate: v })} />
            {unit === "HALF_DAY" && (
              <SelectField label={t("apply.half")} value={f.half} onChange={(v) => set({ half: v as Half })}
                options={(["AM", "PM"] as const).map((h) => ({ id: h, label: t(`apply.${h}`, { from: HALF_START[h], to: HALF_END[h] }) }))} />
            )}
            {unit !== "HALF_DAY" && (
              <SelectField label={t("apply.startTime")} value={startTime ?? null} onChange={(v) => set({ startTime: v })}
                options={times.map((s) => ({ id: s, label: `${s}–${endTime(s, length)}` }))} />
            )}
            {unit === "ONE_HOUR" && (
              <SelectField label={t("apply.hours")} value={String(f.hours)} onChange={(v) => set({ hours: Number(v) })}
                options={[1, 2, 3, 4, 5, 6, 7].map((h) => ({ id: String(h), label: t("apply.hoursN", { count: h }) }))} />
            )}
          </div>
        )}
      <dl className="lv-summary" aria-live="polite">
        <div>
          <dt>{t("apply.days")}</dt>
          <dd>{days === null ? "–" : t("days", { count: days, days: formatDays(days, lng) })}</dd>
        </div>
        {balance && (
          <>
            <div>
              <dt>{t("apply.remaining")}</dt>
              <dd>{t("days", { count: balance.remaining, days: formatDays(balance.remaining, lng) })}</dd>
            </div>
            <div>
              <dt>{t("apply.after")}</dt>
              <dd data-negative={after !== null && after < 0 || undefined}>{after === null ? "–" : t("days", { count: after, days: formatDays(after, lng) })}</dd>
            </div>
          </>
        )}
      </dl>
      {unit === "FULL_DAY" && !tp?.weekendIncluded && <p className="field-description lv-hint">{t("apply.weekendsSkipped")}</p>}
      <TextField label={t("apply.summary")} value={f.summary} onChange={(v) => set({ summary: v })} maxLength={SUMMARY_MAX} />
      <TextArea label={t("apply.reason")} value={f.reason} onChange={(v) => set({ reason: v })} maxLength={REASON_MAX} isRequired={custom}
        errorMessage={reasonMissing ? errorText("leave.reason_required") : undefined} />
      <div className="lv-approvers">
        <span className="field-label" id="lv-approvers-label">{t("apply.approvers")}</span>
        {approvers.isPending && <span className="lv-muted" role="status">{t("loading")}</span>}
        {noApprover && <p className="lv-note" role="alert">{errorText("leave.no_approver")}</p>}
        {approvers.isError && !noApprover && <p className="field-error" role="alert">{leaveErrorText(approvers.error)}</p>}
        {approvers.data && (
          <ul className="lv-approver-list" aria-labelledby="lv-approvers-label">
            {approvers.data.map((a) => <li key={a.id}>{a.name} <span className="lv-muted">({a.organName})</span></li>)}
          </ul>
        )}
      </div>
      {usesApproval && !editing && (
        <Checkbox isSelected={f.viaApproval} onChange={(v) => set({ viaApproval: v })}>{t("apply.viaApproval")}</Checkbox>
      )}
      {error && <p className="field-error lv-form-error" role="alert">{error}</p>}
      <div className="dialog-actions lv-form-actions">
        {onCancel && <Button variant="secondary" onPress={onCancel}>{t("cancel")}</Button>}
        <Button type="submit" isDisabled={busy || noApprover || !approvers.data}>{submitLabel ?? t(editing ? "apply.saveEdit" : "apply.submit")}</Button>
      </div>
    </Form>
  );
}
