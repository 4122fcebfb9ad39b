// The calendar tree (GET find) in groups: my calendars, organisation, shared with me, subscribed, holidays and
// the rest. Each calendar: its colour on a checkbox (PUT updateTreeStatus, shown at once and put back with
// calendar.2 when the call fails) and a menu: edit (own calendars: title, colour, public; others' calendars:
// the colour the user sees them in), delete (own, not the default one), cancel a subscription. Below them the
// flow projects' calendars (projects/ProjectCalendars.tsx) and the Google ones (external/).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import type { CalendarEntry } from "@shared/calendar/calendars.ts";
import { CALENDAR_PRIVILEGE } from "@shared/calendar/constants.ts";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import * as calApi from "../api.ts";
import { calKeys, refreshEvents, treeQuery } from "../queries.ts";
import { calendarErrorText, failed } from "../actions.ts";
import { textOn } from "../colors.ts";
import { ICONS } from "../Toolbar.tsx";
import { CalendarDialog } from "./CalendarDialog.tsx";
import { SubscribeDialog } from "./SubscribeDialog.tsx";
import { InoutDialog } from "../inout/InoutDialog.tsx";
import { ShareDialog } from "../../../app/share/ShareDialog.tsx";
import { ExternalCalendars } from "../external/ExternalCalendars.tsx";
import { ProjectCalendars } from "../projects/ProjectCalendars.tsx";

type Group = "mine" | "organization" | "shared" | "subscribed" | "holiday" | "external" | "other";

export function groupOf(c: CalendarEntry): Group {
  switch (c.type) {
    case "DEFAULT":
    case "PRIVATE":
    case "PUBLIC":
      return "mine";
    case "ORGANIZATION":
      return "organization";
    case "SUBSCRIPTION":
      return "shared";
    case "PUBLIC_SUBSCRIPTION":
      return "subscribed";
    case "HOLIDAY":
      return "holiday";
    case "EXTERNAL":
      return "external"; // under their connection (external/ExternalCalendars.tsx)
    default:
      return "other";
  }
}

/** The name shown: the company's holiday calendar in the UI language, others as their owners named them. */
export function calendarName(c: CalendarEntry, t: (k: string) => string): string {
  return c.type === "HOLIDAY" ? t("tree.holidayName") : c.title;
}

const GROUPS: Group[] = ["mine", "organization", "shared", "subscribed", "holiday", "other"];

export function CalendarTree() {
  const { t } = useTranslation("calendar");
  const qc = useQueryClient();
  const tree = useQuery(treeQuery);
  const [editing, setEditing] = useState<CalendarEntry | "new" | null>(null);
  const [subscribing, setSubscribing] = useState(false);
  const [inout, setInout] = useState<CalendarEntry | null>(null); // import / export / subscribe (inout/)
  const [sharing, setSharing] = useState<CalendarEntry | null>(null); // the share module's dialog (moduleType CALENDAR)

  // Optimistic: the box and the events change at once; a failed call puts the box back (calendar.2).
  const toggle = useMutation({
    mutationFn: ({ id, on }: { id: number; on: boolean }) => calApi.setTreeStatus(id, on),
    onSettled: (_d, _e, { id }) => setPending(({ [id]: _, ...rest }) => rest),
    onError: (e, { id, on }) => {
      qc.setQueryData<CalendarEntry[]>(calKeys.tree, (list) => list?.map((c) => (c.id === id ? { ...c, selected: !on } : c)));
      snackbar("ERROR", calendarErrorText(e, "calendar.2"));
    },
  });
  // The box follows the click at once (react-query tells its observers a tick later, and a controlled input
  // would flip back meanwhile).
  const [pending, setPending] = useState<Record<number, boolean>>({});
  function setChecked(id: number, on: boolean) {
    setPending((p) => ({ ...p, [id]: on }));
    void qc.cancelQueries({ queryKey: calKeys.tree });
    qc.setQueryData<CalendarEntry[]>(calKeys.tree, (list) => list?.map((c) => (c.id === id ? { ...c, selected: on } : c)));
    toggle.mutate({ id, on });
  }

  async function remove(c: CalendarEntry) {
    const own = groupOf(c) === "mine";
    const ok = await confirm({
      message: t(own ? "tree.deleteConfirm" : "tree.unsubscribeConfirm", { title: c.title }),
      danger: true,
      confirmLabel: t(own ? "action.delete" : "tree.unsubscribe"),
    });
    if (!ok) return;
    try {
      if (own) await calApi.deleteCalendar(c.id);
      else await calApi.cancelSubscription(c.id);
      snackbar("SUCCESS", t(own ? "tree.deleted" : "tree.unsubscribed", { title: c.title }));
    } catch (e) {
      failed(e);
    } finally {
      await refreshEvents(qc, { tree: true });
    }
  }

  if (tree.isPending) return <p className="cal-muted cal-tree-state">{t("tree.loading")}</p>;
  if (tree.error) {
    return (
      <div className="cal-tree-state" role="alert">
        <p>{t("calendarErrors:calendar.1")}</p>
        <AriaButton className="cal-link-btn" onPress={() => void tree.refetch()}>{t("action.retry")}</AriaButton>
      </div>
    );
  }
  const list = tree.data ?? [];
  return (
    <div className="cal-tree">
      {GROUPS.map((g) => {
        const items = list.filter((c) => groupOf(c) === g);
        if (!items.length && g !== "mine" && g !== "subscribed") return null;
        const headingId = `cal-tree-${g}`;
        return (
          <section key={g} className="cal-tree-group" aria-labelledby={headingId}>
            <div className="cal-tree-head">
              <h3 id={headingId} className="cal-tree-title">{t(`tree.group.${g}`)}</h3>
              {g === "mine" && (
                <AriaButton className="cal-icon-btn cal-icon-sm" aria-label={t("tree.add")} onPress={() => setEditing("new")}>
                  <SvgIcon d={ICONS.plus} size={16} />
                </AriaButton>
              )}
              {g === "subscribed" && (
                <AriaButton className="cal-icon-btn cal-icon-sm" aria-label={t("tree.subscribe")} onPress={() => setSubscribing(true)}>
                  <SvgIcon d={ICONS.plus} size={16} />
                </AriaButton>
              )}
            </div>
            {!items.length && <p className="cal-muted cal-tree-empty">{t(`tree.empty.${g}`)}</p>}
            <ul className="cal-tree-list">
              {items.map((c) => (
                <li key={c.id} className="cal-tree-item" style={{ "--cal-color": c.color, "--cal-check": textOn(c.color) } as React.CSSProperties}>
                  <Checkbox isSelected={pending[c.id] ?? c.selected} onChange={(on) => setChecked(c.id, on)} className="cal-tree-check">
                    <span className="cal-tree-name" title={calendarName(c, t)}>{calendarName(c, t)}</span>
                    {c.ownerName && g !== "mine" && g !== "organization" && <span className="cal-tree-owner">{c.ownerName}</span>}
                  </Checkbox>
                  <CalendarMenu c={c} onEdit={() => setEditing(c)} onRemove={() => void remove(c)} onInout={() => setInout(c)} onShare={() => setSharing(c)} />
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <ProjectCalendars />
      <ExternalCalendars />
      {editing && <CalendarDialog calendar={editing === "new" ? null : editing} onClose={() => setEditing(null)} />}
      {subscribing && <SubscribeDialog onClose={() => setSubscribing(false)} />}
      {inout && <InoutDialog calendar={inout} onClose={() => setInout(null)} />}
      {sharing && (
        <ShareDialog moduleType="CALENDAR" objectId={String(sharing.id)} title={t("tree.shareTitle", { title: calendarName(sharing, t) })}
          onClose={() => setSharing(null)} onChanged={() => void qc.invalidateQueries({ queryKey: calKeys.tree })} />
      )}
    </div>
  );
}

function CalendarMenu({ c, onEdit, onRemove, onInout, onShare }: {
  c: CalendarEntry;
  onEdit(): void;
  onRemove(): void;
  onInout(): void;
  onShare(): void;
}) {
  const { t } = useTranslation("calendar");
  const g = groupOf(c);
  const canDelete = g === "mine" && c.type !== "DEFAULT" && c.privilege >= CALENDAR_PRIVILEGE.OWNER;
  const canLeave = g === "shared" || g === "subscribed" || (g === "organization" && c.isSubscribed);
  const items = [
    { id: "edit", label: t(g === "mine" ? "tree.edit" : "tree.color") },
    ...(g === "mine" && c.privilege >= CALENDAR_PRIVILEGE.OWNER ? [{ id: "share", label: t("tree.share") }] : []),
    ...(canDelete ? [{ id: "delete", label: t("action.delete") }] : []),
    ...(canLeave ? [{ id: "leave", label: t("tree.unsubscribe") }] : []),
    ...(c.privilege >= CALENDAR_PRIVILEGE.READ ? [{ id: "inout", label: t("inout.menu") }] : []),
  ];
  return (
    <MenuTrigger>
      <AriaButton className="cal-icon-btn cal-icon-sm cal-tree-more" aria-label={t("tree.menu", { title: calendarName(c, t) })}>
        <SvgIcon d={ICONS.more} size={16} />
      </AriaButton>
      <Popover className="menu-popover" placement="bottom end">
        <Menu className="menu" items={items} onAction={(k) => (k === "inout" ? onInout() : k === "share" ? onShare() : k === "edit" ? onEdit() : onRemove())}>
          {(i) => <MenuItem id={i.id} className="menu-item">{i.label}</MenuItem>}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
