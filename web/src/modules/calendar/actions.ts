// What the views, the summary popup and the dialog do to events: move or resize (drag, keys), delete, answer an
// invitation; each asks THIS / FOLLOWING / ALL for an occurrence of a series, says what happened (calendar.5 ..
// calendar.8 of 001 §8, or the server's reason) and refreshes the kept months.
import { useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import i18next from "i18next";
import type { EventItem } from "@shared/calendar/events.ts";
import type { EditScope, PartStat } from "@shared/calendar/constants.ts";
import { ApiError, codeOf } from "../../lib/api.ts";
import { errorText } from "../../lib/i18n.ts";
import { snackbar } from "../../app/feedback/snackbar.tsx";
import { confirm } from "../../app/feedback/confirm.tsx";
import * as calApi from "./api.ts";
import { calKeys, refreshEvents } from "./queries.ts";
import { askScope } from "./ScopeDialog.tsx";
import { addDays, type Ymd } from "./dates.ts";

/**
 * The text of a failed call: the server's calendar reason when it names one (calendarErrors:*), the common
 * texts for the rest (403, 404, validation), else the action's own failure toast (calendar.4 / .6 / .8 ...).
 */
export function calendarErrorText(e: unknown, fallback?: string): string {
  const code = codeOf(e);
  const key = `calendarErrors:${code}`;
  if (code.startsWith("calendar.") && i18next.exists(key)) return i18next.t(key);
  const field = e instanceof ApiError
    ? e.fieldErrors.flatMap((f) => [f.code, f.message]).find((c) => c?.startsWith("calendar.") && i18next.exists(`calendarErrors:${c}`))
    : undefined;
  if (field) return i18next.t(`calendarErrors:${field}`);
  if (fallback && (!(e instanceof ApiError) || e.status >= 500)) return i18next.t(`calendarErrors:${fallback}`);
  return errorText(code, e instanceof ApiError ? e.params : {});
}

/** Toast of a failed call. */
export function failed(e: unknown, fallback?: string) {
  snackbar("ERROR", calendarErrorText(e, fallback));
}

/** The scope for an item: ALL for an event that does not repeat, else the user's choice (null: cancelled). */
export async function scopeFor(item: Pick<EventItem, "isRecurring">, kind: "edit" | "delete"): Promise<EditScope | null> {
  if (!item.isRecurring) return "ALL";
  return await askScope(kind);
}

export interface MoveTarget {
  /** Timed: ISO instants; all-day: first and last day. */
  dtStart: string;
  dtEnd: string;
  isAllDay: boolean;
  timezone: string;
}

export function useEventActions() {
  const qc = useQueryClient();
  const { t } = useTranslation("calendar");

  async function move(item: EventItem, to: MoveTarget): Promise<boolean> {
    const scope = await scopeFor(item, "edit");
    if (!scope) return false;
    try {
      await calApi.patchEvent(item.id, { scope, dtStart: to.dtStart, dtEnd: to.dtEnd, isAllDay: to.isAllDay, timezone: to.timezone });
      snackbar("SUCCESS", t("calendarErrors:calendar.5"));
      return true;
    } catch (e) {
      failed(e, "calendar.6");
      return false;
    } finally {
      await refreshEvents(qc);
    }
  }

  async function remove(item: EventItem): Promise<boolean> {
    let scope: EditScope | null = "ALL";
    if (item.isRecurring) scope = await askScope("delete");
    else if (!await confirm({ message: t("event.deleteConfirm", { name: item.name }), danger: true, confirmLabel: t("action.delete") })) scope = null;
    if (!scope) return false;
    try {
      await calApi.deleteEvent(item.id, scope);
      snackbar("SUCCESS", t("calendarErrors:calendar.7"));
      qc.removeQueries({ queryKey: calKeys.event(item.id) });
      return true;
    } catch (e) {
      failed(e, "calendar.8");
      return false;
    } finally {
      await refreshEvents(qc);
    }
  }

  async function answer(item: EventItem, partStat: PartStat): Promise<boolean> {
    // One meeting of a series, or the whole series.
    const scope = item.isRecurring ? await askScope("answer", ["THIS", "ALL"]) : "ALL";
    if (!scope) return false;
    try {
      const detail = await calApi.answerEvent(item.id, partStat, scope as "THIS" | "ALL");
      qc.setQueryData(calKeys.event(item.id), detail);
      snackbar("SUCCESS", t(`answer.done.${partStat}`));
      return true;
    } catch (e) {
      failed(e, "calendar.6");
      return false;
    } finally {
      await refreshEvents(qc);
    }
  }

  return { move, remove, answer };
}

/** An all-day item moved by `days`. */
export function shiftAllDay(item: EventItem, days: number): { dtStart: Ymd; dtEnd: Ymd } {
  return { dtStart: addDays(item.start.slice(0, 10), days), dtEnd: addDays(item.end.slice(0, 10), days) };
}
