// The top bar's bell (issue 32): the unread count as a badge, and the list of notifications in a popover that
// loads on first use. The count comes once per session and then only from realtime (NOTIFICATION_NEW and
// NOTIFICATION_READ on the user's notification topic, and after the channel reconnects); the open list refetches
// on the same events.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Dialog, DialogTrigger, Popover } from "react-aria-components";
import { NOTIFICATION_NEW, NOTIFICATION_READ, notificationTopic } from "@shared/notifications/api.ts";
import type { UserInfo } from "@shared/users.ts";
import { useReconnectRefetch, useUserTopic } from "../use-user-topic.ts";
import { notificationKeys, unreadCountQuery } from "./queries.ts";
import "./bell.css";

const BellPanel = lazy(() => import("./BellPanel.tsx"));
const BELL = "M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9M13.7 21a2 2 0 0 1-3.4 0";

export function Bell({ me }: { me: UserInfo }) {
  const { t } = useTranslation("notifications");
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const count = useQuery({ ...unreadCountQuery, enabled: !me.switchedFrom }).data ?? 0;

  // A notification that arrived while the channel was down would not count: the count and list are read again.
  useReconnectRefetch(notificationKeys.all);
  useUserTopic(notificationTopic, (event, data) => {
    if (event !== NOTIFICATION_NEW && event !== NOTIFICATION_READ) return;
    const n = Number((data as { count?: unknown } | undefined)?.count);
    if (Number.isFinite(n)) qc.setQueryData(notificationKeys.count, n);
    else void qc.invalidateQueries({ queryKey: notificationKeys.count });
    void qc.invalidateQueries({ queryKey: notificationKeys.list });
  });

  const badge = count > 99 ? "99+" : String(count);
  return (
    <DialogTrigger isOpen={open} onOpenChange={setOpen}>
      <Button className="icon-button bell-button" data-testid="bell"
        aria-label={count ? t("bell.labelUnread", { count }) : t("bell.label")}>
        <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round"
          strokeLinejoin="round" aria-hidden="true" focusable="false">
          <path d={BELL} />
        </svg>
        {count > 0 && <span className="bell-badge" aria-hidden="true" data-testid="bell-badge">{badge}</span>}
      </Button>
      <Popover className="bell-popover" placement="bottom end" offset={6}>
        <Dialog className="bell-dialog" aria-label={t("bell.title")}>
          <Suspense fallback={<p className="bell-empty">{t("bell.loading")}</p>}>
            <BellPanel onClose={() => setOpen(false)} />
          </Suspense>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
