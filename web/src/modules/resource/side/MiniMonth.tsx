// The small month of the side pane (react-aria Calendar: arrows move a day or a week, Enter picks): picking a
// day shows it, keeping the type and the day / week choice.
import { parseDate } from "@internationalized/date";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Button, Calendar, CalendarCell, CalendarGrid, Heading } from "react-aria-components";
import { SvgIcon } from "../../../ui/icons.tsx";
import { ICONS } from "../icons.ts";
import type { GridSearch } from "../routes.ts";

export function MiniMonth({ value, type, search, onPick }: { value: string; type: string; search: GridSearch; onPick(): void }) {
  const { t } = useTranslation("resource");
  const navigate = useNavigate();
  return (
    <Calendar className="rs-mini" aria-label={t("side.month")} value={parseDate(value)}
      onChange={(d) => {
        onPick();
        void navigate({ to: "/resource/$date/$type", params: { date: d.toString(), type }, search });
      }}>
      <header className="rs-mini-head">
        <Button slot="previous" className="rs-icon-btn rs-icon-sm" aria-label={t("side.prevMonth")}><SvgIcon d={ICONS.prev} size={16} /></Button>
        <Heading className="rs-mini-title" />
        <Button slot="next" className="rs-icon-btn rs-icon-sm" aria-label={t("side.nextMonth")}><SvgIcon d={ICONS.next} size={16} /></Button>
      </header>
      <CalendarGrid className="rs-mini-grid">
        {(date) => <CalendarCell date={date} className="rs-mini-cell" />}
      </CalendarGrid>
    </Calendar>
  );
}
