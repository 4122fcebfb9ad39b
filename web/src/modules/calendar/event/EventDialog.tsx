// The event dialog (001 §2), new or edit: title, calendar (required), all day, start and end (times in half
// hours), time zone, location, description, repetition, alarms, attendees with the invited colleagues'
// free/busy. Checked by 001 §5 before it is sent; the server's reasons shown at their fields or as a toast;
// calendar.3 / .4 (create) and .5 / .6 (update). Editing an occurrence of a series asks this / following / all.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import type { EventDetail } from "@shared/calendar/events.ts";
import { CALENDAR_PRIVILEGE, DEFAULT_TIMEZONE, EVENT_SUMMARY_MAX, READ_ONLY_CALENDAR_TYPES, type CalendarType } from "@shared/calendar/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { NativeField } from "../../../ui/NativeField.tsx";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { userDetailQuery } from "../../../app/queries.ts";
import { ApiError, codeOf } from "../../../lib/api.ts";
import * as calApi from "../api.ts";
import { refreshEvents, treeQuery } from "../queries.ts";
import { calendarErrorText } from "../actions.ts";
import { askScope } from "../ScopeDialog.tsx";
import { addDays, dayNum, formatTime, todayIn, type Ymd } from "../dates.ts";
import { bodyOf, editForm, type Form as EventForm, newForm, validate, weekdayCode } from "./form.ts";
import { RepeatFields } from "./RepeatFields.tsx";
import { AlarmFields } from "./AlarmFields.tsx";
import { AttendeeField } from "./AttendeeField.tsx";
import { FreeBusyGrid } from "./FreeBusyGrid.tsx";
import { askNotifyOnce } from "../alarms/permission.ts";
import { type EventKind, EventKindSwitch, LeaveMode } from "./LeaveMode.tsx";

export type DialogStart =
  | { kind: "new"; day: Ymd; startMin?: number; endDay?: Ymd; endMin?: number; allDay?: boolean }
  | { kind: "edit"; detail: EventDetail };

const ZONES = [
  "Asia/Seoul", "Asia/Tokyo", "Asia/Shanghai", "Asia/Singapore", "Asia/Jakarta", "Asia/Makassar", "Asia/Jayapura", "Asia/Bangkok",
  "Asia/Ho_Chi_Minh", "Asia/Kolkata", "Asia/Dubai", "Europe/London", "Europe/Paris", "Europe/Berlin", "America/New_York",
  "America/Chicago", "America/Denver", "America/Los_Angeles", "Australia/Sydney", "Pacific/Auckland", "UTC",
];
const TIMES = Array.from({ length: 48 }, (_, i) => i * 30);

type FieldKey = keyof ReturnType<typeof validate>;

export function EventDialog({ start, tz, onClose }: { start: DialogStart; tz: string; onClose(): void }) {
  const { t, i18n } = useTranslation("calendar");
  const lng = i18n.language;
  const qc = useQueryClient();
  const me = useQuery(userDetailQuery).data;
  const tree = useQuery(treeQuery).data ?? [];
  const writable = tree.filter((c) => c.privilege >= CALENDAR_PRIVILEGE.WRITE && !READ_ONLY_CALENDAR_TYPES.includes(c.calendarType as CalendarType));
  const editing = start.kind === "edit" ? start.detail : null;
  const [form, setForm] = useState<EventForm>(() => {
    if (editing) return editForm(editing, tz);
    const first = writable.find((c) => c.type === "DEFAULT") ?? writable[0];
    return newForm(start as Extract<DialogStart, { kind: "new" }>, tz, todayIn(tz), first?.id ?? null);
  });
  // A new event opened before the tree arrived gets the default calendar when it does.
  const fallbackId = (writable.find((c) => c.type === "DEFAULT") ?? writable[0])?.id ?? null;
  useEffect(() => {
    if (!editing && fallbackId !== null) setForm((f) => (f.calendarId === null ? { ...f, calendarId: fallbackId } : f));
  }, [fallbackId]);
  const [errors, setErrors] = useState<ReturnType<typeof validate>>({});
  const [busy, setBusy] = useState(false);
  // A new item may be a leave application where the company uses leave (LeaveMode.tsx).
  const leaveOffered = !editing && !!me?.usedModules.includes("leave");
  const [kind, setKind] = useState<EventKind>("event");
  const set = (patch: Partial<EventForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    const touched = Object.keys(patch);
    const map: Record<string, FieldKey> = { summary: "summary", calendarId: "calendar", attendees: "attendees", repeat: "repeat", alarms: "alarms", location: "location" };
    setErrors((e) => {
      const next = { ...e };
      for (const k of touched) if (map[k]) delete next[map[k]];
      if (touched.some((k) => /Day|Min|isAllDay/.test(k))) delete next.time;
      return next;
    });
  };

  // Start moves keep the length; an end before the start is an error shown at once.
  function setStart(day: Ymd, min: number) {
    const len = (dayNum(form.endDay) - dayNum(form.startDay)) * 1440 + (form.endMin - form.startMin);
    const endAbs = dayNum(day) * 1440 + min + Math.max(form.isAllDay ? 0 : 30, len);
    const endDay = form.isAllDay ? addDays(day, dayNum(form.endDay) - dayNum(form.startDay)) : addDays(day, Math.floor(endAbs / 1440) - dayNum(day));
    const endMin = form.isAllDay ? form.endMin : endAbs % 1440;
    set({ startDay: day, startMin: min, endDay, endMin: endMin === 0 && endDay > day ? 1440 : endMin, ...(form.repeat.freq ? {} : { repeat: { ...form.repeat, byDay: [weekdayCode(day)] } }) });
  }

  const calendarOptions = useMemo(() => {
    const opts = writable.map((c) => ({ id: String(c.id), label: c.ownerName && c.type !== "DEFAULT" && c.type !== "PRIVATE" && c.type !== "PUBLIC" ? `${c.title} (${c.ownerName})` : c.title }));
    if (editing && !opts.some((o) => o.id === String(editing.calendarId))) {
      opts.unshift({ id: String(editing.calendarId), label: tree.find((c) => c.id === editing.calendarId)?.title ?? String(editing.calendarId) });
    }
    return opts;
  }, [tree, editing]);
  const zoneOptions = useMemo(() => {
    const list = ZONES.includes(form.timezone) ? ZONES : [form.timezone, ...ZONES];
    return list.map((z) => ({ id: z, label: zoneLabel(z, lng) }));
  }, [form.timezone, lng]);
  const timeOptions = (extra?: number) =>
    [...new Set([...TIMES, ...(extra !== undefined && extra < 1440 ? [extra] : [])])].sort((a, b) => a - b)
      .map((m) => ({ id: String(m), label: formatTime(m, lng) }));
  const endTimeOptions = [...timeOptions(form.endMin), { id: "1440", label: t("dialog.midnight") }];

  async function save() {
    const problems = validate(form, me?.username ?? "");
    setErrors(problems);
    const firstBad = Object.keys(problems)[0];
    if (firstBad) {
      document.querySelector<HTMLElement>(`[data-field="${firstBad}"] input, [data-field="${firstBad}"] button`)?.focus();
      return;
    }
    const body = bodyOf(form);
    if (body.alarms.length) askNotifyOnce(); // the browser's notifications, asked once, from this action (alarms/)
    setBusy(true);
    try {
      if (!editing) {
        await calApi.createEvent(body);
        snackbar("SUCCESS", t("calendarErrors:calendar.3"));
      } else {
        const scope = editing.isRecurring ? await askScope("edit") : "ALL";
        if (!scope) return;
        const { recurrence, ...rest } = body;
        await calApi.patchEvent(editing.id, {
          ...rest, ...(scope === "THIS" ? {} : { recurrence }), scope, originCalendarId: editing.calendarId,
        });
        snackbar("SUCCESS", t("calendarErrors:calendar.5"));
      }
      await refreshEvents(qc);
      onClose();
    } catch (e) {
      const code = codeOf(e);
      const field: FieldKey | undefined = /title/.test(code) ? "summary" : /calendar_required/.test(code) ? "calendar"
        : /start_after_end|time_invalid|range/.test(code) ? "time" : /attendee|invite_only_self|freebusy/.test(code) ? "attendees"
        : /recurrence/.test(code) ? "repeat" : /alarm/.test(code) ? "alarms" : undefined;
      if (field && e instanceof ApiError && e.status < 500) setErrors({ [field]: code });
      else snackbar("ERROR", calendarErrorText(e, editing ? "calendar.6" : "calendar.4"));
    } finally {
      setBusy(false);
    }
  }

  const internal = form.attendees.filter((a) => a.userId !== null);
  const fbIds = [...new Set([...(me ? [me.id] : []), ...internal.map((a) => a.userId!)])];
  const err = (k: FieldKey) => (errors[k] ? t(`calendarErrors:${errors[k]}`) : undefined);

  return (
    <Dialog title={t(editing ? "dialog.editTitle" : "dialog.newTitle")} isOpen onClose={onClose} width={640}>
      {leaveOffered && <EventKindSwitch value={kind} onChange={setKind} />}
      {kind === "leave" ? <LeaveMode day={form.startDay} onClose={onClose} /> : (
      <Form className="cal-form cal-event-form" validationBehavior="aria" onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}>
        <div data-field="summary">
          <TextField label={t("dialog.summary")} value={form.summary} onChange={(v) => set({ summary: v })} isRequired autoFocus
            maxLength={EVENT_SUMMARY_MAX + 20} errorMessage={err("summary")} />
        </div>
        <div data-field="calendar">
          <SelectField label={t("dialog.calendar")} value={form.calendarId === null ? null : String(form.calendarId)} options={calendarOptions}
            onChange={(v) => set({ calendarId: Number(v) })} errorMessage={err("calendar")} placeholder={t("dialog.chooseCalendar")} />
        </div>
        <Checkbox isSelected={form.isAllDay} onChange={(v) => set({ isAllDay: v })}>{t("event.allDay")}</Checkbox>
        <div className="cal-when" data-field="time">
          <div className="cal-inline">
            <NativeField label={t("dialog.startDate")} type="date" value={form.startDay} required
              onChange={(v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && setStart(v, form.startMin)} />
            {!form.isAllDay && (
              <SelectField label={t("dialog.startTime")} value={String(form.startMin)} options={timeOptions(form.startMin)}
                onChange={(v) => setStart(form.startDay, Number(v))} />
            )}
          </div>
          <div className="cal-inline">
            <NativeField label={t("dialog.endDate")} type="date" value={form.endDay} required min={form.startDay}
              onChange={(v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && set({ endDay: v })} />
            {!form.isAllDay && (
              <SelectField label={t("dialog.endTime")} value={String(form.endMin)} options={endTimeOptions}
                onChange={(v) => set({ endMin: Number(v) })} />
            )}
          </div>
          {errors.time && <p className="field-error" role="alert">{err("time")}</p>}
          {!form.isAllDay && (
            <SelectField label={t("dialog.timezone")} value={form.timezone} options={zoneOptions} onChange={(v) => set({ timezone: v || DEFAULT_TIMEZONE })} />
          )}
        </div>
        <div data-field="location">
          <TextField label={t("event.location")} value={form.location} onChange={(v) => set({ location: v })} errorMessage={err("location")} />
        </div>
        <label className="field">
          <span className="field-label">{t("event.description")}</span>
          <textarea className="field-input cal-textarea" value={form.description} onChange={(e) => set({ description: e.target.value })} rows={3} />
        </label>
        <div data-field="repeat">
          <RepeatFields value={form.repeat} start={form.startDay} onChange={(repeat) => set({ repeat })} error={errors.repeat} />
        </div>
        <div data-field="alarms">
          <AlarmFields value={form.alarms} onChange={(alarms) => set({ alarms })} error={errors.alarms} />
        </div>
        <div data-field="attendees">
          <AttendeeField value={form.attendees} onChange={(attendees) => set({ attendees })} error={errors.attendees} />
        </div>
        {internal.length > 0 && (
          <FreeBusyGrid userIds={fbIds} names={new Map([...internal.map((a) => [a.userId!, a.name] as [number, string]), ...(me ? [[me.id, me.displayName || me.accountName] as [number, string]] : [])])}
            day={form.startDay} startMin={form.startMin} endMin={form.endDay === form.startDay ? form.endMin : 1440} allDay={form.isAllDay} tz={form.timezone} />
        )}
        <div className="dialog-actions cal-dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{t("action.save")}</Button>
        </div>
      </Form>
      )}
    </Dialog>
  );
}

function zoneLabel(tz: string, lng: string): string {
  try {
    const off = new Intl.DateTimeFormat(lng, { timeZone: tz, timeZoneName: "shortOffset" }).formatToParts(new Date()).find((p) => p.type === "timeZoneName")?.value;
    return off ? `${tz} (${off})` : tz;
  } catch {
    return tz;
  }
}
