// The bell's list (issue 32): newest first, unread ones marked, "load more" by before=, each row opening its
// object (and marking it read), a delete button per row, "mark all read" and the way to the mail settings.
// A react-aria GridList, focused on its first row when the list opens: arrow keys move between rows and into a
// row's delete button, Enter opens, Delete removes; Tab reaches the header's buttons; Escape closes the popover.
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, GridList, GridListItem } from "react-aria-components";
import { kindModule } from "@shared/notifications/kinds.ts";
import type { Notification, NotificationPage } from "@shared/notifications/api.ts";
import type { InfiniteData } from "@tanstack/react-query";
import { snackbar } from "../feedback/snackbar.tsx";
import { errorText } from "../../lib/i18n.ts";
import { codeOf } from "../../lib/api.ts";
import { Icon, SvgIcon } from "../../ui/icons.tsx";
import { kindTextKey } from "./kind-texts.ts";
import { moduleIcon } from "./module-icons.ts";
import { relativeTime } from "./time.ts";
import { deleteNotification, markRead, notificationKeys, notificationListQuery } from "./queries.ts";

type Pages = InfiniteData<NotificationPage, number | undefined>;

export default function BellPanel({ onClose }: { onClose(): void }) {
  const { t, i18n } = useTranslation("notifications");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const list = useInfiniteQuery(notificationListQuery);
  const panel = useRef<HTMLDivElement>(null);
  /** A deleted row took the focus with it: it comes back to a row (or the header) so the popover keeps it. */
  const keepFocus = () => requestAnimationFrame(() => {
    if (panel.current?.contains(document.activeElement)) return;
    (panel.current?.querySelector<HTMLElement>("[role='row']") ?? panel.current?.querySelector<HTMLElement>("button"))?.focus();
  });
  const items = list.data?.pages.flatMap((p) => p.content) ?? [];
  const unread = items.some((n) => !n.read);

  /** The list as it is after `change`, without waiting for the refetch. */
  const patch = (change: (n: Notification) => Notification | null) =>
    qc.setQueryData<Pages>(notificationKeys.list, (d) =>
      d && { ...d, pages: d.pages.map((p) => ({ ...p, content: p.content.map(change).filter((n): n is Notification => !!n) })) });
  const setCount = (count: number) => qc.setQueryData(notificationKeys.count, count);
  const failed = (e: unknown) => snackbar("ERROR", errorText(codeOf(e)));

  const readAll = useMutation({
    mutationFn: () => markRead({ all: true }),
    onSuccess: (count) => {
      setCount(count);
      patch((n) => ({ ...n, read: true }));
    },
    onError: failed,
  });
  const remove = useMutation({
    mutationFn: (n: Notification) => deleteNotification(n.id),
    onSuccess: (_v, n) => {
      patch((x) => (x.id === n.id ? null : x));
      keepFocus();
      void qc.invalidateQueries({ queryKey: notificationKeys.count });
    },
    onError: (e, n) => {
      // Already gone (another tab): it leaves the list all the same.
      if (codeOf(e) === "notifications.not_found") {
        patch((x) => (x.id === n.id ? null : x));
        keepFocus();
      } else failed(e);
    },
  });

  function open(n: Notification) {
    onClose();
    void navigate({ to: n.link });
    if (n.read) return;
    patch((x) => (x.id === n.id ? { ...x, read: true } : x));
    markRead({ ids: [n.id] }).then(setCount, failed);
  }

  function onKeyDown(e: React.KeyboardEvent) {
    if (e.key !== "Delete") return;
    const id = (e.target as HTMLElement).closest<HTMLElement>("[data-notification-id]")?.dataset.notificationId;
    const n = items.find((x) => String(x.id) === id);
    if (n) {
      e.preventDefault();
      remove.mutate(n);
    }
  }

  const line = (n: Notification) =>
    t(kindTextKey(n.kind), { actor: n.actor?.name ?? t(`common:module.${moduleOfKind(n)}`), title: n.title });

  return (
    <div className="bell-panel" ref={panel}>
      <div className="bell-head">
        <h2 className="bell-title">{t("bell.title")}</h2>
        {/* Stays enabled once all are read: a button disabled under the focus would drop it out of the popover. */}
        <AriaButton className="bell-link" onPress={() => unread && !readAll.isPending && readAll.mutate()}>
          {t("bell.readAll")}
        </AriaButton>
        <AriaButton className="icon-button bell-settings" aria-label={t("bell.settings")} onPress={() => {
          onClose();
          void navigate({ to: "/account/$tabType", params: { tabType: "notifications" } });
        }}>
          <Icon name="settings" size={18} />
        </AriaButton>
      </div>
      {list.isError
        ? (
          <div className="bell-empty" role="alert">
            {errorText(codeOf(list.error))}{" "}
            <AriaButton className="bell-link" onPress={() => void list.refetch()}>{t("bell.retry")}</AriaButton>
          </div>
        )
        : list.isPending
        ? <p className="bell-empty">{t("bell.loading")}</p>
        : items.length === 0
        ? <p className="bell-empty">{t("bell.empty")}</p>
        : (
          <div className="bell-list-wrap" onKeyDown={onKeyDown}>
          <GridList aria-label={t("bell.title")} className="bell-list" items={items} autoFocus="first"
            onAction={(key) => {
              const n = items.find((x) => x.id === key);
              if (n) open(n);
            }}>
            {(n) => {
              const text = line(n);
              const ic = moduleIcon(kindModule(n.kind));
              return (
                <GridListItem id={n.id} textValue={text} className="bell-item" data-unread={!n.read || undefined}>
                  <span className="bell-item-icon" aria-hidden="true">
                    {"d" in ic ? <SvgIcon d={ic.d} size={18} /> : <Icon name={ic.name} size={18} />}
                  </span>
                  <span className="bell-item-body" data-notification-id={n.id}>
                    <span className="bell-item-text">
                      {!n.read && <span className="visually-hidden">{t("bell.unread")} </span>}
                      {text}
                    </span>
                    {n.excerpt && <span className="bell-item-excerpt">{n.excerpt}</span>}
                    <time className="bell-item-time" dateTime={n.createdAt}>{relativeTime(n.createdAt, i18n.language)}</time>
                  </span>
                  {!n.read && <span className="bell-dot" aria-hidden="true" />}
                  <AriaButton className="icon-button bell-delete" aria-label={t("bell.delete", { text })}
                    onPress={() => remove.mutate(n)}>
                    <Icon name="close" size={16} />
                  </AriaButton>
                </GridListItem>
              );
            }}
          </GridList>
          </div>
        )}
      {list.hasNextPage && (
        <AriaButton className="bell-more" onPress={() => void list.fetchNextPage()} isDisabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? t("bell.loading") : t("bell.more")}
        </AriaButton>
      )}
    </div>
  );
}

/** The module's name stands for the actor when no one acted (common:module.<key>). */
function moduleOfKind(n: Notification): string {
  const m = kindModule(n.kind);
  return m === "todo" ? "workflow" : m;
}
