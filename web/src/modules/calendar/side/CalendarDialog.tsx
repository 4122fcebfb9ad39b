// Add or edit a calendar: title (required, up to 80 characters), colour, and for own calendars whether
// colleagues may subscribe to it (PUBLIC). Others' calendars: only the colour the user sees them in.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form } from "react-aria-components";
import type { CalendarEntry } from "@shared/calendar/calendars.ts";
import { CALENDAR_TITLE_MAX, DEFAULT_CALENDAR_COLOR } from "@shared/calendar/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { Switch } from "../../../ui/Switch.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import * as calApi from "../api.ts";
import { refreshEvents } from "../queries.ts";
import { calendarErrorText } from "../actions.ts";
import { ColorPicker } from "./ColorPicker.tsx";
import { groupOf } from "./CalendarTree.tsx";

export function CalendarDialog({ calendar, onClose }: { calendar: CalendarEntry | null; onClose(): void }) {
  const { t } = useTranslation("calendar");
  const qc = useQueryClient();
  const own = !calendar || groupOf(calendar) === "mine";
  const [title, setTitle] = useState(calendar?.title ?? "");
  const [color, setColor] = useState(calendar?.color ?? DEFAULT_CALENDAR_COLOR);
  const [isPublic, setPublic] = useState(calendar?.type === "PUBLIC");
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  function check(): string | undefined {
    const v = title.trim();
    if (!v) return t("calendarErrors:calendar.title_required");
    if ([...v].length > CALENDAR_TITLE_MAX) return t("calendarErrors:calendar.title_too_long");
    return undefined;
  }

  async function save() {
    const problem = own ? check() : undefined;
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      if (!calendar) await calApi.addCalendar({ title: title.trim(), color, type: isPublic ? "PUBLIC" : "PRIVATE" });
      else if (own) {
        await calApi.updateCalendar({
          id: calendar.id, title: title.trim(), color, ...(calendar.type !== "DEFAULT" ? { type: isPublic ? "PUBLIC" : "PRIVATE" } : {}),
        });
      } else await calApi.updateCalendar({ id: calendar.id, color });
      snackbar("SUCCESS", t(calendar ? "tree.saved" : "tree.added", { title: title.trim() }));
      await refreshEvents(qc, { tree: true });
      onClose();
    } catch (e) {
      const text = calendarErrorText(e);
      if (/title/.test((e as { code?: string }).code ?? "")) setError(text);
      else snackbar("ERROR", text);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t(calendar ? (own ? "tree.editTitle" : "tree.colorTitle") : "tree.addTitle")} isOpen onClose={onClose} width={460}>
      <Form className="cal-form" validationBehavior="aria" onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}>
        {own
          ? (
            <TextField label={t("tree.name")} value={title} onChange={(v) => {
              setTitle(v);
              if (error) setError(undefined);
            }} isRequired autoFocus maxLength={CALENDAR_TITLE_MAX + 20} errorMessage={error}
              description={t("tree.nameHint", { count: [...title.trim()].length, max: CALENDAR_TITLE_MAX })} />
          )
          : <p className="cal-dialog-sub">{calendar?.title}</p>}
        <ColorPicker label={t("tree.colorLabel")} value={color} onChange={setColor}
          names={(c, i) => (c === DEFAULT_CALENDAR_COLOR ? t("tree.defaultColor") : t("tree.colorN", { n: i, code: c }))} />
        {own && calendar?.type !== "DEFAULT" && (
          <Switch label={t("tree.public")} description={t("tree.publicHint")} isSelected={isPublic} onChange={setPublic} />
        )}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{t("action.save")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
