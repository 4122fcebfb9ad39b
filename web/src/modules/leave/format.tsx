// Shared bits of the leave screens: numbers of days in the reader's language (steps of 0.125), dates, a usage's
// time span, the status chip, and who may act as HR.
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { LeaveStatus } from "@shared/leave/constants.ts";
import type { Usage } from "@shared/leave/leave.ts";
import { userDetailQuery } from "../../app/queries.ts";

export function formatDays(n: number, lng: string): string {
  return new Intl.NumberFormat(lng, { maximumFractionDigits: 3 }).format(n);
}

/** A YYYY-MM-DD as a short date of the reader's language (no time zone shift: the date is the company's). */
export function formatDate(ymd: string | null | undefined, lng: string): string {
  if (!ymd) return "";
  const [y, m, d] = ymd.split("-").map(Number);
  return new Intl.DateTimeFormat(lng, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" }).format(Date.UTC(y, m - 1, d));
}

export function formatInstant(ms: number, lng: string): string {
  return new Intl.DateTimeFormat(lng, { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Seoul" }).format(ms);
}

/** "3월 4일 – 3월 5일", or one day with its times for part-day units. */
export function usageWhen(u: Pick<Usage, "startDate" | "endDate" | "startTime" | "endTime">, lng: string): string {
  const from = formatDate(u.startDate, lng);
  if (u.startTime && u.endTime) return `${from} ${u.startTime}–${u.endTime}`;
  return u.endDate && u.endDate !== u.startDate ? `${from} – ${formatDate(u.endDate, lng)}` : from;
}

export function StatusChip({ status }: { status: LeaveStatus }) {
  const { t } = useTranslation("leave");
  return <span className="lv-chip" data-status={status}>{t(`status.${status}`)}</span>;
}

/** HR: the company's admin or a user marked as HR (002 §6). */
export function useIsHr(): boolean {
  const me = useQuery(userDetailQuery).data;
  return !!me && (me.isHr || me.ROLE === "ROLE_ADMIN");
}

/** Organisation heads approve their members and see the members dashboard. */
export function useIsManager(): boolean {
  const me = useQuery(userDetailQuery).data;
  return !!me && me.organRelationList.some((o) => o.manager);
}
