// Someone else's booking, read only: what, when, where, who, its state (a pending one waits for the approver).
import { useTranslation } from "react-i18next";
import type { Booking } from "@shared/resource/resources.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { formatDay } from "../dates.ts";

export function BookingView({ booking: b, onClose }: { booking: Booking; onClose(): void }) {
  const { t, i18n } = useTranslation("resource");
  return (
    <Dialog title={b.title} isOpen onClose={onClose} width={440}>
      <dl className="rs-info-list">
        <dt>{t("dialog.resource")}</dt>
        <dd>{b.resourceName}</dd>
        <dt>{t("dialog.when")}</dt>
        <dd>{whenText(b, i18n.language)}</dd>
        <dt>{t("dialog.booker")}</dt>
        <dd>{b.booker.name}{b.booker.organName ? ` · ${b.booker.organName}` : ""}</dd>
        <dt>{t("dialog.state")}</dt>
        <dd>{t(`status.${b.status}`)}</dd>
      </dl>
      {b.note && <p className="rs-info-desc">{b.note}</p>}
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("dialog.close")}</Button>
      </div>
    </Dialog>
  );
}

/** "2026년 3월 2일 (월) 09:00 – 10:00", with the end's day when it differs. */
export function whenText(b: Pick<Booking, "startDate" | "startTime" | "endDate" | "endTime">, lng: string): string {
  const start = `${formatDay(b.startDate, lng)} ${b.startTime}`;
  return b.endDate === b.startDate ? `${start} – ${b.endTime}` : `${start} – ${formatDay(b.endDate, lng)} ${b.endTime}`;
}
