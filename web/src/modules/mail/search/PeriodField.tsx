// The period of a detail search: all, a preset (1 day ... 1 year, counted back from now by the server) or a
// custom range picked with a react-aria DateRangePicker (typed dates or a calendar), in the UI language.
import { useTranslation } from "react-i18next";
import {
  Button as AriaButton, CalendarCell, CalendarGrid, DateInput, DateRangePicker, DateSegment, type DateValue, Dialog, Group,
  Heading, I18nProvider, Label, Popover, Radio, RadioGroup, RangeCalendar, type RangeValue,
} from "react-aria-components";
import { TIME_RANGE_PRESETS } from "@shared/mail/search.ts";
import type { TimePreset } from "./options.ts";

export type PeriodChoice = "all" | TimePreset | "custom";
export type DateRange = RangeValue<DateValue> | null;

const CALENDAR = "M8 2v4M16 2v4M3 10h18M5 4h14a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z";

/** A picked range as the search's "start,end" millis: from the start of the first day to the end of the last. */
export function rangeToTimeRange(range: DateRange): string | undefined {
  if (!range) return undefined;
  const tz = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const start = range.start.toDate(tz).getTime();
  const end = range.end.add({ days: 1 }).toDate(tz).getTime() - 1;
  return `${start},${end}`;
}

export function PeriodField({ period, onPeriod, range, onRange }: {
  period: PeriodChoice;
  onPeriod(p: PeriodChoice): void;
  range: DateRange;
  onRange(r: DateRange): void;
}) {
  const { t, i18n } = useTranslation("mail");
  return (
    <div className="msearch-period">
      <RadioGroup
        className="msearch-period-group"
        orientation="horizontal"
        value={period}
        onChange={(v) => onPeriod(v as PeriodChoice)}
      >
        <Label className="field-label">{t("search.period.label")}</Label>
        <div className="msearch-chips">
          {(["all", ...TIME_RANGE_PRESETS, "custom"] as const).map((p) => (
            <Radio key={p} value={p} className="msearch-chip">{t(`search.period.${p}`)}</Radio>
          ))}
        </div>
      </RadioGroup>
      {period === "custom" && (
        <I18nProvider locale={i18n.language}>
          <DateRangePicker className="msearch-range" value={range} onChange={onRange} aria-label={t("search.period.custom")}>
            <Group className="msearch-range-group">
              <DateInput slot="start" className="msearch-date" aria-label={t("search.period.start")}>
                {(segment) => <DateSegment segment={segment} className="msearch-segment" />}
              </DateInput>
              <span aria-hidden="true">~</span>
              <DateInput slot="end" className="msearch-date" aria-label={t("search.period.end")}>
                {(segment) => <DateSegment segment={segment} className="msearch-segment" />}
              </DateInput>
              <AriaButton className="msearch-icon-button" aria-label={t("search.period.calendar")}>
                <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
                  <path d={CALENDAR} />
                </svg>
              </AriaButton>
            </Group>
            <Popover className="menu-popover msearch-calendar-popover">
              <Dialog className="msearch-calendar-dialog" aria-label={t("search.period.calendar")}>
                <RangeCalendar className="msearch-calendar">
                  <header className="msearch-calendar-head">
                    <AriaButton slot="previous" className="msearch-icon-button" aria-label={t("search.period.previous")}>‹</AriaButton>
                    <Heading className="msearch-calendar-title" />
                    <AriaButton slot="next" className="msearch-icon-button" aria-label={t("search.period.next")}>›</AriaButton>
                  </header>
                  <CalendarGrid className="msearch-calendar-grid">
                    {(date) => <CalendarCell date={date} className="msearch-calendar-cell" />}
                  </CalendarGrid>
                </RangeCalendar>
              </Dialog>
            </Popover>
          </DateRangePicker>
        </I18nProvider>
      )}
    </div>
  );
}
