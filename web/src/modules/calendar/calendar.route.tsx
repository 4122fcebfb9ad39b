// The calendar's screen (001 §2): the side panel (new event, mini month, calendar tree) beside the toolbar
// (today, previous, next, the period's title, the view switcher, search) and the view of /cal/{type}/{focus};
// the event summary popup, the event dialog and the search panel open over it. On phones the side panel is a
// drawer opened from the top bar. Keyboard: t today, j / n / PageDown next, k / p / PageUp previous, d w x m
// the views (x: 4 days), c a new event, / the search.
import { createLazyRoute, useNavigate, useParams } from "@tanstack/react-router";
import { useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { EventItem } from "@shared/calendar/events.ts";
import { Button } from "../../ui/Button.tsx";
import { useNarrowScreen } from "../../ui/narrow.ts";
import { snackbar } from "../../app/feedback/snackbar.tsx";
import { monthKey, todayIn, type Ymd, ymdOf } from "./dates.ts";
import { place, placeKept } from "./layout.ts";
import { configQuery, displayZone, mergeMonths, monthQuery, prefetchNeighbours, treeIds, treeQuery, trimMonthCache } from "./queries.ts";
import { monthsFor, normalizeParams, stepFocus, viewDays, type ViewType } from "./view-range.ts";
import { CalendarDrawer, SidePane } from "./side/SidePane.tsx";
import { Toolbar } from "./Toolbar.tsx";
import { useMemoRefs } from "../../lib/use-memo-refs.ts";
import { MonthView } from "./views/MonthView.tsx";
import { TimeGridView } from "./views/TimeGridView.tsx";
import { EventPopup } from "./event/EventPopup.tsx";
import { EventDialog, type DialogStart } from "./event/EventDialog.tsx";
import { SearchPanel } from "./search/SearchPanel.tsx";
import { ScopeDialogHost } from "./ScopeDialog.tsx";
import { useCalendarRealtime } from "./realtime.ts";
import { onOpenRequest, takeOpenRequest } from "./alarms/open-request.ts";
import { calendarErrorText } from "./actions.ts";
import { listedProjectIds, prefetchProjectNeighbours, projectMonthQuery, projectsQuery, toViewItem, viewKey } from "./projects/api.ts";
import "./calendar.css";

export const Route = createLazyRoute("/app/cal")({ component: CalendarLayout });

export interface Opened {
  item: EventItem;
  anchor: HTMLElement | null;
  /** The view it was opened in ("type/focus"): going elsewhere closes it. */
  at: string;
}

function CalendarLayout() {
  const { t, i18n } = useTranslation("calendar");
  const navigate = useNavigate();
  const qc = useQueryClient();
  const params = useParams({ strict: false }) as { type?: string; focus?: string };
  const config = useQuery(configQuery).data;
  const tz = displayZone(config);
  const { type, focus } = normalizeParams(params.type, params.focus, tz);
  const narrow = useNarrowScreen();
  const tree = useQuery(treeQuery);
  const ids = useMemo(() => treeIds(tree.data), [tree.data]);
  // The flow projects' calendars (projects/api.ts): [] when the company does not use flow.
  const projects = useQuery(projectsQuery).data;
  const projectIds = useMemo(() => listedProjectIds(projects), [projects]);
  const today = todayIn(tz);
  useCalendarRealtime();

  useEffect(() => {
    if (tree.error) snackbar("ERROR", calendarErrorText(tree.error, "calendar.1"));
  }, [tree.error]);

  // The months the view touches, each its own cached query (queries.ts: the month cache of 001 §4).
  const months = monthsFor(type, focus);
  const monthResults = useQueries({ queries: months.map((m) => monthQuery(m, tz, ids)) });
  const projectResults = useQueries({ queries: months.map((m) => projectMonthQuery(m, tz, projectIds)) });
  const monthsKey = months.join(",");
  const current = monthKey(focus);
  useEffect(() => {
    prefetchNeighbours(qc, current, tz, ids);
    prefetchProjectNeighbours(qc, current, tz, projectIds);
    trimMonthCache(qc, current, months);
  }, [monthsKey, current, tz, ids.join(","), projectIds.join(",")]);
  const failedMonth = [...monthResults, ...projectResults].find((r) => r.error)?.error;
  useEffect(() => {
    if (failedMonth) snackbar("ERROR", calendarErrorText(failedMonth, "calendar.1"));
  }, [failedMonth]);

  // Project items are in the views under calendarId −projectId (projects/api.ts viewKey).
  const selected = useMemo(() =>
    new Set([
      ...(tree.data ?? []).filter((c) => c.selected).map((c) => c.id),
      ...(projects ?? []).filter((p) => p.isSubscribed && p.isChecked).map((p) => viewKey(p.id)),
    ]), [tree.data, projects]);
  const colors = useMemo(() =>
    new Map([
      ...(tree.data ?? []).map((c) => [c.id, c.color] as const),
      ...(projects ?? []).map((p) => [viewKey(p.id), p.color] as const),
    ]), [tree.data, projects]);
  // Computed again when any month's data is another object (each month's query keeps its data object until
  // it changes), when the months shown are others, or when the selection or zone changed.
  const placed = useMemoRefs(
    () =>
      [...mergeMonths(monthResults.map((r) => r.data)), ...mergeMonths(projectResults.map((r) => r.data)).flatMap(toViewItem)]
        .filter((e) => selected.has(e.calendarId)).map((e) => placeKept(e, tz)),
    [...monthResults.map((r) => r.data), "|", ...projectResults.map((r) => r.data), selected, tz],
  );
  const loading = [...monthResults, ...projectResults].some((r) => r.isPending && r.fetchStatus !== "idle");

  const [opened, setOpened] = useState<Opened | null>(null);
  const [dialog, setDialog] = useState<DialogStart | null>(null);
  const [search, setSearch] = useState<string | null>(null);

  // Going to another view or period closes the summary popup opened in this one (one opened for the view being
  // gone to, as a search hit's, stays).
  const openedRef = useRef(opened);
  openedRef.current = opened;
  useEffect(() => {
    const o = openedRef.current;
    if (o && o.at !== `${type}/${focus}`) setOpened(null);
  }, [type, focus]);

  const go = (nextType: ViewType, nextFocus: Ymd) =>
    void navigate({ to: "/cal/$type/$focus", params: { type: nextType, focus: nextFocus } });

  // An alarm notice's "Open" (alarms/open-request.ts): the event's day, its popup, as a search hit opens.
  const openEvent = (item: EventItem) => {
    const day = ymdOf(place(item, tz).startDay);
    go("day", day);
    setOpened({ item, anchor: null, at: `day/${day}` });
  };
  const openEventRef = useRef(openEvent);
  openEventRef.current = openEvent;
  useEffect(() => {
    const take = () => {
      const item = takeOpenRequest();
      if (item) openEventRef.current(item);
    };
    take();
    return onOpenRequest(take);
  }, []);

  // Shortcuts, outside fields and dialogs.
  useEffect(() => {
    function onKey(e: KeyboardEvent) {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      const el = e.target as HTMLElement;
      if (el.closest("input, textarea, select, [contenteditable], [role=dialog], [role=menu], [role=listbox]")) return;
      if (opened || dialog) return;
      const key = e.key;
      const views: Record<string, ViewType> = { d: "day", w: "week", m: "month", x: "4day" };
      if (key === "t") go(type, today);
      else if (key === "j" || key === "n" || key === "PageDown") go(type, stepFocus(type, focus, 1));
      else if (key === "k" || key === "p" || key === "PageUp") go(type, stepFocus(type, focus, -1));
      else if (views[key]) go(views[key], focus);
      else if (key === "c") setDialog({ kind: "new", day: focus === today ? today : focus });
      else if (key === "/") setSearch("");
      else return;
      e.preventDefault();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [type, focus, today, opened, dialog]);

  const viewProps = {
    type, focus, tz, today, lng: i18n.language, items: placed, colors, loading,
    onOpen: (item: EventItem, anchor: HTMLElement | null) => setOpened({ item, anchor, at: `${type}/${focus}` }),
    onCreate: (start: DialogStart) => setDialog(start),
    onGo: go,
  };

  const side = (
    <SidePane
      focus={focus}
      today={today}
      lng={i18n.language}
      onPick={(day) => go(type, day)}
    />
  );

  return (
    <div className="cal-layout">
      {narrow ? <CalendarDrawer>{side}</CalendarDrawer> : <nav className="cal-side" aria-label={t("side.label")}>{side}</nav>}
      <div className="cal-main">
        <Toolbar type={type} focus={focus} today={today} lng={i18n.language} onGo={go} onSearch={() => setSearch("")} onNew={() => setDialog({ kind: "new", day: focus })} />
        <div className="cal-content" data-main-content aria-busy={loading || undefined}>
          {loading && <div className="cal-progress" role="progressbar" aria-label={t("loading")} />}
          {search !== null
            ? (
              <SearchPanel
                initial={search}
                tz={tz}
                onClose={() => setSearch(null)}
                onPick={(item) => {
                  setSearch(null);
                  openEvent(item);
                }}
              />
            )
            : type === "month"
            ? <MonthView {...viewProps} />
            : <TimeGridView key={`${type}-${viewDays(type, focus).first}`} {...viewProps} />}
        </div>
      </div>
      {narrow && (
        <Button className="cal-fab" aria-label={t("toolbar.newEvent")} onPress={() => setDialog({ kind: "new", day: focus })}>+</Button>
      )}
      {opened && (
        <EventPopup
          key={opened.item.id}
          opened={opened}
          tz={tz}
          onClose={() => {
            // The focus goes back to the event opened (the popover's own return misses a re-rendered anchor).
            const a = opened.anchor;
            setOpened(null);
            requestAnimationFrame(() => {
              const target = a && document.contains(a) ? (a.matches("button") ? a : a.querySelector("button")) : null;
              if (target && (!document.activeElement || document.activeElement === document.body)) target.focus();
            });
          }}
          onEdit={(detail) => {
            setOpened(null);
            setDialog({ kind: "edit", detail });
          }}
        />
      )}
      {dialog && <EventDialog key={JSON.stringify(dialog).slice(0, 200)} start={dialog} tz={tz} onClose={() => setDialog(null)} />}
      <ScopeDialogHost />
    </div>
  );
}
