// The booking dialog (002 §4: modes save and update): resource, title, start and end (date, time), note and — for a
// new booking — repeat (none, daily on working days, weekly; every 1-4; until a day). Save is POST book (201),
// update PATCH book (200). A 409 shows the conflict message (002 §8); for a repeat it lists the occurrences that
// conflict, with "book the others" (skipConflicts). An own booking is cancelled here too: one, or — in a series —
// this and the following ones, after a confirmation. Someone else's booking opens read only.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import { ALL_TYPES, BOOKING_NOTE_MAX, BOOKING_TITLE_MAX } from "@shared/resource/constants.ts";
import type { BookingConflict } from "@shared/resource/resources.ts";
import { ApiError } from "../../../lib/api.ts";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import * as resourceApi from "../api.ts";
import { addDays, minutesOf, today } from "../dates.ts";
import { resourceErrorText } from "../errors.ts";
import { dayQuery, refreshResource } from "../queries.ts";
import type { BookingDialogState, BookingDraft } from "../ui-state.ts";
import { BookingView, whenText } from "./BookingView.tsx";
import { NoteField } from "./NoteField.tsx";
import { TimeSelect } from "./TimeSelect.tsx";

type Repeat = "NONE" | "DAILY" | "WEEKLY";

export function BookingDialog({ state, onClose }: { state: BookingDialogState; onClose(): void }) {
  if (state.mode === "view") return <BookingView booking={state.booking} onClose={onClose} />;
  return <BookingForm state={state} onClose={onClose} />;
}

function BookingForm({ state, onClose }: { state: Exclude<BookingDialogState, { mode: "view" }>; onClose(): void }) {
  const { t, i18n } = useTranslation("resource");
  const qc = useQueryClient();
  const editing = state.mode === "update" ? state.booking : null;
  const start: BookingDraft = state.mode === "update" ? state.booking : state.draft;
  const [resourceId, setResourceId] = useState<number | null>(start.resourceId);
  const [title, setTitle] = useState(editing?.title ?? "");
  const [startDate, setStartDate] = useState(start.startDate);
  const [startTime, setStartTime] = useState(start.startTime);
  const [endDate, setEndDate] = useState(start.endDate);
  const [endTime, setEndTime] = useState(start.endTime);
  const [note, setNote] = useState(editing?.note ?? "");
  const [repeat, setRepeat] = useState<Repeat>("NONE");
  const [interval, setInterval] = useState(1);
  const [until, setUntil] = useState(addDays(start.startDate, 28));
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<{ list: BookingConflict[]; others: boolean } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const all = useQuery(dayQuery(today(), ALL_TYPES, "day"));
  const resources = (all.data?.resources ?? []).filter((r) => r.bookable || r.id === resourceId);
  const options = resources.map((r) => ({ id: String(r.id), label: r.name }));
  if (editing && !options.some((o) => o.id === String(editing.resourceId))) options.unshift({ id: String(editing.resourceId), label: editing.resourceName });

  const errors = {
    resource: resourceId ? undefined : t("dialog.resourceRequired"),
    title: title.trim() ? undefined : t("dialog.titleRequired"),
    end: `${endDate} ${endTime.padStart(5, "0")}` > `${startDate} ${startTime.padStart(5, "0")}` && minutesOf(endTime) <= 1440 ? undefined : t("dialog.endAfterStart"),
    until: repeat === "NONE" || until >= startDate ? undefined : t("dialog.untilAfterStart"),
  };
  const shown = (k: keyof typeof errors) => (tried ? errors[k] : undefined);

  async function submit(skipConflicts = false) {
    setTried(true);
    if (Object.values(errors).some(Boolean)) return;
    setBusy(true);
    setFailure(null);
    const slot = { startDate, startTime, endDate, endTime, title: title.trim(), note };
    try {
      if (editing) {
        await resourceApi.update({ id: editing.id, resourceId: resourceId!, ...slot });
        snackbar("SUCCESS", t("dialog.updated"));
      } else {
        const made = await resourceApi.create({
          resourceId: resourceId!, ...slot, skipConflicts,
          repeat: repeat === "NONE" ? undefined : { frequency: repeat, interval, until },
        });
        snackbar("SUCCESS", made.skipped.length
          ? t("dialog.savedSkipping", { count: made.bookings.length, skipped: made.skipped.length })
          : made.bookings.some((b) => b.status === "REQUESTED") ? t("dialog.requested") : t("dialog.saved", { count: made.bookings.length }));
      }
      await refreshResource(qc);
      onClose();
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        const list = Array.isArray(e.params.conflicts) ? (e.params.conflicts as BookingConflict[]) : [];
        setConflict({ list, others: !editing && repeat !== "NONE" && list.length > 0 });
      } else setFailure(resourceErrorText(e));
    } finally {
      setBusy(false);
    }
  }

  async function cancelBooking(scope: "ONE" | "FOLLOWING") {
    if (!editing) return;
    const ok = await confirm({
      title: t("cancel.title"),
      message: t(scope === "ONE" ? "cancel.one" : "cancel.following", { title: editing.title, when: whenText(editing, i18n.language) }),
      confirmLabel: t("cancel.confirm"),
      danger: true,
    });
    if (!ok) return;
    setBusy(true);
    try {
      await resourceApi.cancel(editing.id, scope);
      snackbar("SUCCESS", t("cancel.done"));
      await refreshResource(qc);
      onClose();
    } catch (e) {
      setFailure(resourceErrorText(e));
    } finally {
      setBusy(false);
    }
  }

  const clearConflict = <T,>(set: (v: T) => void) => (v: T) => (set(v), setConflict(null));
  return (
    <Dialog title={t(editing ? "dialog.updateTitle" : "dialog.saveTitle")} isOpen onClose={onClose} width={560}>
      <Form className="rs-form" validationBehavior="aria" onSubmit={(e) => (e.preventDefault(), void submit())}>
        <SelectField label={t("dialog.resource")} value={resourceId ? String(resourceId) : null} placeholder={t("dialog.pickResource")}
          onChange={(v) => clearConflict(setResourceId)(Number(v))} options={options} errorMessage={shown("resource")} />
        <TextField label={t("dialog.title")} value={title} onChange={setTitle} maxLength={BOOKING_TITLE_MAX} isRequired autoFocus errorMessage={shown("title")} />
        <div className="rs-form-row">
          <TextField label={t("dialog.startDate")} type="date" value={startDate}
            onChange={clearConflict((v: string) => {
              setStartDate(v);
              if (v && endDate < v) setEndDate(v);
            })} />
          <TimeSelect label={t("dialog.startTime")} value={startTime} onChange={clearConflict(setStartTime)} />
        </div>
        <div className="rs-form-row">
          <TextField label={t("dialog.endDate")} type="date" value={endDate} onChange={clearConflict(setEndDate)} />
          <TimeSelect label={t("dialog.endTime")} value={endTime} onChange={clearConflict(setEndTime)} end errorMessage={shown("end")} />
        </div>
        {!editing && (
          <div className="rs-form-row rs-form-repeat">
            <SelectField label={t("dialog.repeat")} value={repeat} onChange={clearConflict((v: string) => setRepeat(v as Repeat))}
              options={(["NONE", "DAILY", "WEEKLY"] as const).map((r) => ({ id: r, label: t(`repeat.${r}`) }))} />
            {repeat !== "NONE" && (
              <>
                <SelectField label={t("dialog.interval")} value={String(interval)} onChange={clearConflict((v: string) => setInterval(Number(v)))}
                  options={[1, 2, 3, 4].map((n) => ({ id: String(n), label: t(`repeat.every.${repeat}`, { count: n }) }))} />
                <TextField label={t("dialog.until")} type="date" value={until} onChange={clearConflict(setUntil)} errorMessage={shown("until")} />
              </>
            )}
          </div>
        )}
        {editing?.seriesId && <p className="rs-muted rs-small">{t("dialog.inSeries")}</p>}
        <NoteField label={t("dialog.note")} value={note} onChange={setNote} maxLength={BOOKING_NOTE_MAX} />
        {conflict && (
          <div className="rs-conflict" role="alert">
            <p className="rs-conflict-title">{t("conflict.message")}</p>
            {conflict.list.length > 0 && repeat !== "NONE" && !editing && (
              <>
                <p>{t("conflict.dates", { count: conflict.list.length })}</p>
                <ul className="rs-conflict-list" aria-label={t("conflict.listLabel")}>
                  {conflict.list.map((c) => <li key={`${c.startDate}${c.startTime}`}>{whenText(c, i18n.language)}</li>)}
                </ul>
              </>
            )}
            {conflict.others && <Button variant="secondary" isDisabled={busy} onPress={() => void submit(true)}>{t("conflict.bookOthers")}</Button>}
          </div>
        )}
        {failure && <p className="field-error" role="alert">{failure}</p>}
        <div className="rs-dialog-actions">
          {editing && (
            <div className="rs-dialog-cancels">
              <Button variant="secondary" className="rs-danger" isDisabled={busy} onPress={() => void cancelBooking("ONE")}>{t("cancel.oneButton")}</Button>
              {editing.seriesId && (
                <Button variant="secondary" className="rs-danger" isDisabled={busy} onPress={() => void cancelBooking("FOLLOWING")}>{t("cancel.followingButton")}</Button>
              )}
            </div>
          )}
          <Button variant="secondary" onPress={onClose}>{t("dialog.close")}</Button>
          <Button type="submit" isDisabled={busy}>{t(editing ? "dialog.update" : "dialog.save")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
