// Google calendars in the calendar tree (issue 23; 001 §3 "External calendar connection", §7, §8): a
// "Google calendar" group with a connect button (the 512x630 popup, popup.ts), and per connection the
// account's address, its calendars with Google's colours and checkboxes (PATCH selected; the events show
// and hide at once, as the tree's own boxes do), the reason its last use failed (with a reconnect), a sync
// button and disconnect. The first visit of the calendar in a session syncs each connection once.
import { useMutation, useQueries, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuTrigger, Popover } from "react-aria-components";
import type { CalendarEntry } from "@shared/calendar/calendars.ts";
import { calendarTopic } from "@shared/calendar/constants.ts";
import type { ExternalCalendarConnection } from "@shared/calendar/external.ts";
import { EXTERNAL_ERROR_REASONS, type OAuthPopupMessage } from "@shared/external-services.ts";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { SvgIcon } from "../../../ui/icons.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { confirm } from "../../../app/feedback/confirm.tsx";
import { useUserTopic } from "../../../app/use-user-topic.ts";
import { calKeys, refreshEvents } from "../queries.ts";
import { calendarErrorText } from "../actions.ts";
import { textOn } from "../colors.ts";
import { ICONS } from "../Toolbar.tsx";
import * as ext from "./api.ts";
import { listenForPopup, openPopup } from "./popup.ts";
import "./external.css";

/** Connections synced in this page's life (a sync per connection per visit is enough; the job does the rest). */
const syncedThisSession = new Set<number>();

export function reasonText(t: (k: string) => string, reason: string | null): string {
  return t(`external.reason.${(EXTERNAL_ERROR_REASONS as readonly string[]).includes(reason ?? "") ? reason : "UNKNOWN"}`);
}

export function ExternalCalendars() {
  const { t } = useTranslation("calendar");
  const qc = useQueryClient();
  const services = useQuery(ext.servicesQuery);
  const connections = useQuery(ext.connectionsQuery);
  const [connecting, setConnecting] = useState(false);
  const enabled = !!services.data?.find((s) => s.registrationId === ext.REGISTRATION_ID)?.enabled;
  const watch = useRef<ReturnType<typeof setInterval>>(undefined);
  useEffect(() => () => clearInterval(watch.current), []);

  // A sync by the job (or another tab) tells the calendar's topic: the connections' state (a reason) follows.
  const refetch = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(refetch.current), []);
  useUserTopic(calendarTopic, (event) => {
    if (event !== "CALENDAR_CHANGED") return;
    clearTimeout(refetch.current);
    refetch.current = setTimeout(() => void qc.invalidateQueries({ queryKey: ext.externalKeys.all }), 300);
  });

  async function syncNow(id: number) {
    try {
      const data = await ext.fetchConnection(id, true);
      qc.setQueryData(ext.externalKeys.connection(id), data);
      if (data.errorMessage) snackbar("ERROR", reasonText(t, data.errorMessage));
    } catch (e) {
      snackbar("ERROR", calendarErrorText(e, "calendar.1"));
    } finally {
      await Promise.all([qc.invalidateQueries({ queryKey: ext.externalKeys.connections }), refreshEvents(qc, { tree: true })]);
    }
  }

  useEffect(() => listenForPopup((m: OAuthPopupMessage) => {
    setConnecting(false);
    if (m.errorMessage || !m.connectionId) {
      snackbar("ERROR", reasonText(t, m.errorMessage));
      return;
    }
    snackbar("SUCCESS", t("external.connected"));
    syncedThisSession.add(m.connectionId);
    void qc.invalidateQueries({ queryKey: ext.externalKeys.connections }).then(() => syncNow(m.connectionId!));
  }), []);

  useEffect(() => {
    for (const c of connections.data ?? []) {
      if (syncedThisSession.has(c.id)) continue;
      syncedThisSession.add(c.id);
      void syncNow(c.id);
    }
  }, [connections.data]);

  async function connect() {
    const popup = openPopup();
    setConnecting(true);
    try {
      const { url } = await ext.startAuthorization();
      if (!popup) throw new Error("popup blocked");
      popup.location.href = url;
      // Closed without an answer (or the answer came): the connect button works again.
      clearInterval(watch.current);
      watch.current = setInterval(() => {
        if (!popup.closed) return;
        clearInterval(watch.current);
        setConnecting(false);
      }, 500);
    } catch (e) {
      popup?.close();
      setConnecting(false);
      snackbar("ERROR", e instanceof Error && e.message === "popup blocked" ? t("external.popupBlocked") : calendarErrorText(e, "calendar.1"));
    }
  }

  const list = connections.data ?? [];
  if (!enabled && !list.length) return null;
  return (
    <section className="cal-tree-group cal-ext" aria-labelledby="cal-tree-external">
      <div className="cal-tree-head">
        <h3 id="cal-tree-external" className="cal-tree-title">{t("external.group")}</h3>
        {enabled && (
          <AriaButton className="cal-icon-btn cal-icon-sm" aria-label={t("external.connect")} onPress={() => void connect()} isDisabled={connecting}>
            <SvgIcon d={ICONS.plus} size={16} />
          </AriaButton>
        )}
      </div>
      {!list.length && (
        <AriaButton className="cal-link-btn cal-ext-connect" onPress={() => void connect()} isDisabled={connecting}>
          {t("external.connectLong")}
        </AriaButton>
      )}
      {list.map((c) => <Connection key={c.id} id={c.id} onSync={() => syncNow(c.id)} onReconnect={() => void connect()} />)}
    </section>
  );
}

function Connection({ id, onSync, onReconnect }: { id: number; onSync(): Promise<void>; onReconnect(): void }) {
  const { t } = useTranslation("calendar");
  const qc = useQueryClient();
  const [view] = useQueries({ queries: [ext.connectionQuery(id)] });
  const [pending, setPending] = useState<Record<number, boolean>>({});
  const [syncing, setSyncing] = useState(false);
  const data: ExternalCalendarConnection | undefined = view.data;

  const toggle = useMutation({
    mutationFn: ({ calId, on }: { calId: number; on: boolean }) => ext.setSelected(calId, on),
    onMutate: ({ calId, on }) => {
      setPending((p) => ({ ...p, [calId]: on }));
      qc.setQueryData<CalendarEntry[]>(calKeys.tree, (l) => l?.map((c) => (c.id === calId ? { ...c, selected: on } : c)));
    },
    onSuccess: (cal) => {
      qc.setQueryData<ExternalCalendarConnection>(ext.externalKeys.connection(id), (d) =>
        d && { ...d, calendars: d.calendars.map((c) => (c.id === cal.id ? cal : c)) });
    },
    onError: (e, { calId, on }) => {
      qc.setQueryData<CalendarEntry[]>(calKeys.tree, (l) => l?.map((c) => (c.id === calId ? { ...c, selected: !on } : c)));
      snackbar("ERROR", calendarErrorText(e, "calendar.2"));
    },
    onSettled: (_d, _e, { calId }) => {
      setPending(({ [calId]: _, ...rest }) => rest);
      void refreshEvents(qc, { tree: true });
    },
  });

  async function remove() {
    const ok = await confirm({
      message: t("external.disconnectConfirm", { email: data?.email ?? "" }),
      danger: true,
      confirmLabel: t("external.disconnect"),
    });
    if (!ok) return;
    try {
      await ext.disconnect(id);
      snackbar("SUCCESS", t("external.disconnected"));
    } catch (e) {
      snackbar("ERROR", calendarErrorText(e, "calendar.1"));
    } finally {
      qc.removeQueries({ queryKey: ext.externalKeys.connection(id) });
      await Promise.all([qc.invalidateQueries({ queryKey: ext.externalKeys.connections }), refreshEvents(qc, { tree: true })]);
    }
  }

  async function sync() {
    setSyncing(true);
    await onSync();
    setSyncing(false);
  }

  const label = data?.email || data?.username || t("external.account");
  return (
    <div className="cal-ext-conn">
      <div className="cal-tree-item cal-ext-account">
        <span className="cal-ext-email" title={data?.username ? `${data.username} <${data.email}>` : label}>{label}</span>
        <MenuTrigger>
          <AriaButton className="cal-icon-btn cal-icon-sm cal-tree-more" aria-label={t("external.menu", { email: label })}>
            <SvgIcon d={ICONS.more} size={16} />
          </AriaButton>
          <Popover className="menu-popover" placement="bottom end">
            <Menu className="menu" onAction={(k) => (k === "sync" ? void sync() : k === "reconnect" ? onReconnect() : void remove())}>
              <MenuItem id="sync" className="menu-item" isDisabled={syncing}>{t("external.sync")}</MenuItem>
              <MenuItem id="reconnect" className="menu-item">{t("external.reconnect")}</MenuItem>
              <MenuItem id="disconnect" className="menu-item">{t("external.disconnect")}</MenuItem>
            </Menu>
          </Popover>
        </MenuTrigger>
      </div>
      {data?.errorMessage && (
        <div className="cal-ext-error" role="status">
          <p>{reasonText(t, data.errorMessage)}</p>
          {data.errorMessage !== "NETWORK_ERROR" && (
            <AriaButton className="cal-link-btn" onPress={onReconnect}>{t("external.reconnect")}</AriaButton>
          )}
        </div>
      )}
      {view.isPending && <p className="cal-muted cal-tree-empty">{t("tree.loading")}</p>}
      {data && !data.loaded && !data.errorMessage && <p className="cal-muted cal-tree-empty">{t("external.notLoaded")}</p>}
      <ul className="cal-tree-list">
        {data?.calendars.map((c) => (
          <li key={c.id} className="cal-tree-item" style={{ "--cal-color": c.color, "--cal-check": textOn(c.color) } as React.CSSProperties}>
            <Checkbox isSelected={pending[c.id] ?? c.selected} onChange={(on) => toggle.mutate({ calId: c.id, on })} className="cal-tree-check">
              <span className="cal-tree-name" title={c.title}>{c.title}</span>
            </Checkbox>
          </li>
        ))}
      </ul>
    </div>
  );
}
