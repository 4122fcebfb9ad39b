// The event summary popup (001 §2): title, time, repetition, location, calendar, organiser, attendees with
// their answers, description; edit and delete for those who may; accept / tentative / decline for an invitee,
// with "awaits your action" while they have not answered (001 §4); the event menu (edit, delete, open the day).
// Next to the event clicked, or in the middle when opened from elsewhere (search). A project's task has its own
// read-only summary (projects/ProjectSummary.tsx).
import { useQuery } from "@tanstack/react-query";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "@tanstack/react-router";
import {
  Button as AriaButton, Dialog as AriaDialog, Heading, Menu, MenuItem, MenuTrigger, Modal, ModalOverlay, Popover,
} from "react-aria-components";
import type { EventDetail, EventItem } from "@shared/calendar/events.ts";
import type { PartStat } from "@shared/calendar/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { Icon, SvgIcon } from "../../../ui/icons.tsx";
import { eventQuery, treeQuery } from "../queries.ts";
import { userDetailQuery } from "../../../app/queries.ts";
import { useEventActions } from "../actions.ts";
import { place } from "../layout.ts";
import { formatDay, formatTime, ymdOf } from "../dates.ts";
import { ICONS } from "../Toolbar.tsx";
import { calendarName } from "../side/CalendarTree.tsx";
import { describeRule } from "./recurrence-text.ts";
import type { Opened } from "../calendar.route.tsx";
import { isProjectItem } from "../projects/api.ts";
import { ProjectSummary } from "../projects/ProjectSummary.tsx";
import { leaveLabel, leaveState } from "../leave-status.ts";

export function EventPopup({ opened, tz, onClose, onEdit }: {
  opened: Opened;
  tz: string;
  onClose(): void;
  onEdit(detail: EventDetail): void;
}) {
  const anchor = useRef<Element | null>(opened.anchor);
  const { t, i18n } = useTranslation("calendar");
  const item = opened.item;
  // A flow project's task (projects/): read-only, no event behind it to load.
  const body = isProjectItem(item)
    ? <ProjectSummary item={item} when={whenText(place(item, tz), i18n.language, t)} day={ymdOf(place(item, tz).startDay)} onClose={onClose} />
    : <Summary item={item} tz={tz} onClose={onClose} onEdit={onEdit} />;
  if (opened.anchor && document.contains(opened.anchor)) {
    // Beside the event; below it when the event is too wide to have room beside it (the day view).
    const wide = opened.anchor.getBoundingClientRect().width > globalThis.innerWidth / 3;
    return (
      <Popover isOpen onOpenChange={(o) => !o && onClose()} triggerRef={anchor} placement={wide ? "bottom" : "end top"} className="cal-popover" offset={6}>
        {body}
      </Popover>
    );
  }
  return (
    <ModalOverlay isOpen onOpenChange={(o) => !o && onClose()} isDismissable className="modal-overlay">
      <Modal className="modal cal-popover-modal">{body}</Modal>
    </ModalOverlay>
  );
}

function Summary({ item, tz, onClose, onEdit }: { item: EventItem; tz: string; onClose(): void; onEdit(d: EventDetail): void }) {
  const { t, i18n } = useTranslation("calendar");
  const lng = i18n.language;
  const navigate = useNavigate();
  const detail = useQuery(eventQuery(item.id));
  const calendars = useQuery(treeQuery).data;
  const actions = useEventActions();
  const d = detail.data;
  // The dialog starts from the event as stored: not from a kept copy being fetched again after a change (a drag
  // that moved it), whose old times the dialog would save back.
  const editable = detail.isFetching ? undefined : d;
  const cur = d ?? item;
  // The calendar the user sees it in (an invitation: their own default calendar), else the event's own.
  const calendar = calendars?.find((c) => c.id === item.calendarId) ?? calendars?.find((c) => c.id === cur.calendarId);
  const me = useQuery(userDetailQuery).data;
  const organiser = d?.detail.organizer;
  const isOrganiser = !!organiser && !!me && (organiser.userId === me.id || organiser.email.toLowerCase() === me.username.toLowerCase());
  const p = place(cur, tz);
  const when = whenText(p, lng, t);
  const partStat: PartStat | null = d?.partStat ?? item.partStat;
  const awaits = d ? d.awaitsAction : item.awaitsAction;

  async function del() {
    if (await actions.remove(cur)) onClose();
  }

  const menuItems = [
    ...(cur.editable && editable ? [{ id: "edit", label: t("action.edit") }] : []),
    ...(cur.editable ? [{ id: "delete", label: t("action.delete") }] : []),
    { id: "day", label: t("event.openDay") },
  ];

  return (
    <AriaDialog className="cal-summary" aria-labelledby="cal-summary-title">
      <div className="cal-summary-head">
        <span className="cal-swatch-static" style={{ background: calendar?.color }} aria-hidden="true" />
        <Heading slot="title" id="cal-summary-title" className="cal-summary-title">{cur.name || t("event.noTitle")}</Heading>
        <MenuTrigger>
          <AriaButton className="cal-icon-btn cal-icon-sm" aria-label={t("event.menu")}>
            <SvgIcon d={ICONS.more} size={18} />
          </AriaButton>
          <Popover className="menu-popover" placement="bottom end">
            <Menu className="menu" items={menuItems} onAction={(k) => {
              if (k === "edit" && editable) onEdit(editable);
              else if (k === "delete") void del();
              else if (k === "day") {
                onClose();
                void navigate({ to: "/cal/$type/$focus", params: { type: "day", focus: ymdOf(p.startDay) } });
              }
            }}>
              {(m) => <MenuItem id={m.id} className="menu-item">{m.label}</MenuItem>}
            </Menu>
          </Popover>
        </MenuTrigger>
        <AriaButton className="cal-icon-btn cal-icon-sm" aria-label={t("action.close")} onPress={onClose}>
          <Icon name="close" size={18} />
        </AriaButton>
      </div>
      <dl className="cal-summary-rows">
        <Row icon={ICONS.clock} label={t("event.when")}>
          <span>{when}</span>
          {d?.recurrence && <span className="cal-muted cal-summary-sub">{describeRule(d.recurrence, t, lng)}</span>}
          {!d && cur.isRecurring && <span className="cal-muted cal-summary-sub">{t("event.recurring")}</span>}
        </Row>
        {leaveState(cur) && (
          <Row icon={ICONS.cal} label={t("leave.state")}>
            <span className="cal-leave-chip" data-leave={leaveState(cur)}>{leaveLabel(cur, t)}</span>
          </Row>
        )}
        {cur.location && <Row icon={ICONS.pin} label={t("event.location")}>{cur.location}</Row>}
        {calendar && <Row icon={ICONS.cal} label={t("event.calendar")}>{calendarName(calendar, t)}</Row>}
        {d && d.detail.attendees.length > 0 && (
          <Row icon={ICONS.people} label={t("event.attendees")}>
            {d.detail.organizer && (
              <span className="cal-summary-sub">{t("event.organizer", { name: d.detail.organizer.name || d.detail.organizer.email })}</span>
            )}
            <ul className="cal-attendees">
              {d.detail.attendees.map((a) => (
                <li key={a.email} className="cal-attendee" data-partstat={a.partStat}>
                  <span className="cal-attendee-name">{a.name || a.email}</span>
                  <span className="cal-attendee-answer">{t(`partStat.${a.partStat}`)}</span>
                </li>
              ))}
            </ul>
          </Row>
        )}
        {d?.detail.description && <Row icon={ICONS.text} label={t("event.description")}><span className="cal-summary-desc">{d.detail.description}</span></Row>}
        {d && d.alarms.length > 0 && (
          <Row icon={ICONS.bell} label={t("event.alarms")}>
            {d.alarms.map((a) => t(`alarm.before.${a.unit}`, { count: a.value })).join(", ")}
          </Row>
        )}
      </dl>
      {detail.error && <p className="cal-muted" role="alert">{t("event.detailFailed")}</p>}
      {calendar?.type === "EXTERNAL" && <p className="cal-muted">{t("external.readOnly")}</p>}
      {partStat !== null && !isOrganiser && (
        <div className="cal-answer" role="group" aria-label={t("answer.label")}>
          {awaits && <p className="cal-awaits">{t("event.awaitsLong")}</p>}
          <div className="cal-answer-buttons">
            {(["ACCEPTED", "TENTATIVE", "DECLINED"] as const).map((s) => (
              <Button key={s} variant={partStat === s ? "primary" : "secondary"} aria-pressed={partStat === s} onPress={() => void actions.answer(cur, s)}>
                {t(`answer.${s}`)}
              </Button>
            ))}
          </div>
        </div>
      )}
      {cur.editable && (
        <div className="dialog-actions">
          <Button variant="secondary" onPress={() => void del()}>{t("action.delete")}</Button>
          <Button isDisabled={!editable} onPress={() => editable && onEdit(editable)}>{t("action.edit")}</Button>
        </div>
      )}
    </AriaDialog>
  );
}

function Row({ icon, label, children }: { icon: string; label: string; children: React.ReactNode }) {
  return (
    <div className="cal-summary-row">
      <dt><SvgIcon d={icon} size={18} label={label} /></dt>
      <dd>{children}</dd>
    </div>
  );
}

/** "12월 5일 (토) 오후 2:00 – 3:00", "12월 5일 – 12월 7일 (종일)". */
export function whenText(p: ReturnType<typeof place>, lng: string, t: (k: string) => string): string {
  const day = (n: number) => formatDay(ymdOf(n), lng, { year: "numeric", month: "long", day: "numeric", weekday: "short" });
  if (p.item.isAllDay) return p.startDay === p.endDay ? `${day(p.startDay)} (${t("event.allDay")})` : `${day(p.startDay)} – ${day(p.endDay)} (${t("event.allDay")})`;
  if (p.startDay === p.endDay) return `${day(p.startDay)} ${formatTime(p.startMin, lng)} – ${formatTime(p.endMin % 1440, lng)}`;
  return `${day(p.startDay)} ${formatTime(p.startMin, lng)} – ${day(p.endDay)} ${formatTime(p.endMin % 1440, lng)}`;
}
