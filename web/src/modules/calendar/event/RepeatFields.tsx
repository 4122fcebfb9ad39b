// Repetition in the event dialog: none, daily, weekly (on which weekdays), monthly (on the day of the month,
// on "the 2nd Tuesday", or on "the last Friday"), yearly; every N of them; ending never, after N times or on
// a date.
import { useTranslation } from "react-i18next";
import { Label, Radio, RadioGroup } from "react-aria-components";
import { RECURRENCE_COUNT_MAX, RECURRENCE_INTERVAL_MAX, WEEKDAYS } from "@shared/calendar/constants.ts";
import { SelectField } from "../../../ui/SelectField.tsx";
import { NativeField } from "../../../ui/NativeField.tsx";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import type { Ymd } from "../dates.ts";
import { type Repeat, weekdayCode, weekOfMonth } from "./form.ts";
import { ordinalDay, weekdayName } from "./recurrence-text.ts";

export function RepeatFields({ value, start, onChange, error }: { value: Repeat; start: Ymd; onChange(r: Repeat): void; error?: string }) {
  const { t, i18n } = useTranslation("calendar");
  const lng = i18n.language;
  const set = (patch: Partial<Repeat>) => onChange({ ...value, ...patch });
  const w = weekOfMonth(start);
  const code = weekdayCode(start);
  return (
    <fieldset className="cal-fieldset">
      <legend className="visually-hidden">{t("repeat.label")}</legend>
      <SelectField label={t("repeat.label")} value={value.freq || "NONE"} onChange={(v) => set({ freq: v === "NONE" ? "" : (v as Repeat["freq"]) })}
        options={["NONE", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"].map((id) => ({ id, label: t(`repeat.freq.${id}`) }))} />
      {value.freq && (
        <>
          <div className="cal-inline">
            <NativeField label={t("repeat.interval")} type="number" min={1} max={RECURRENCE_INTERVAL_MAX} value={String(value.interval)}
              onChange={(v) => set({ interval: Math.trunc(Number(v)) || 0 })} className="cal-num" />
            <span className="cal-unit" aria-hidden="true">{t(`repeat.unit.${value.freq}`, { count: value.interval })}</span>
          </div>
          {value.freq === "WEEKLY" && (
            <div className="cal-weekdays" role="group" aria-label={t("repeat.weekdays")}>
              {WEEKDAYS.map((d) => (
                <Checkbox key={d} isSelected={value.byDay.includes(d)}
                  onChange={(on) => set({ byDay: on ? [...value.byDay, d] : value.byDay.filter((x) => x !== d) })}>
                  <span aria-hidden="true">{weekdayName(d, lng)}</span>
                  <span className="visually-hidden">{weekdayName(d, lng, "long")}</span>
                </Checkbox>
              ))}
            </div>
          )}
          {value.freq === "MONTHLY" && (
            <RadioGroup value={value.monthly} onChange={(v) => set({ monthly: v as Repeat["monthly"] })} className="cal-radios">
              <Label className="field-label">{t("repeat.monthlyOn")}</Label>
              <Radio value="day" className="cal-radio"><span className="cal-radio-dot" aria-hidden="true" />{t("repeat.onDay", { day: Number(start.slice(8)) })}</Radio>
              {w.nth <= 4 && (
                <Radio value="nth" className="cal-radio"><span className="cal-radio-dot" aria-hidden="true" />{ordinalDay(`${w.nth}${code}`, t, lng)}</Radio>
              )}
              {w.last && (
                <Radio value="last" className="cal-radio"><span className="cal-radio-dot" aria-hidden="true" />{ordinalDay(`-1${code}`, t, lng)}</Radio>
              )}
            </RadioGroup>
          )}
          <RadioGroup value={value.end} onChange={(v) => set({ end: v as Repeat["end"] })} className="cal-radios">
            <Label className="field-label">{t("repeat.ends")}</Label>
            <Radio value="never" className="cal-radio"><span className="cal-radio-dot" aria-hidden="true" />{t("repeat.never")}</Radio>
            <Radio value="count" className="cal-radio"><span className="cal-radio-dot" aria-hidden="true" />{t("repeat.afterCount")}</Radio>
            {value.end === "count" && (
              <NativeField label={t("repeat.count")} type="number" min={1} max={RECURRENCE_COUNT_MAX} value={String(value.count)}
                onChange={(v) => set({ count: Math.trunc(Number(v)) || 0 })} className="cal-num cal-indent" />
            )}
            <Radio value="until" className="cal-radio"><span className="cal-radio-dot" aria-hidden="true" />{t("repeat.onDate")}</Radio>
            {value.end === "until" && (
              <NativeField label={t("repeat.until")} type="date" min={start} value={value.until} onChange={(v) => set({ until: v })} className="cal-indent" />
            )}
          </RadioGroup>
        </>
      )}
      {error && <p className="field-error" role="alert">{t(`calendarErrors:${error}`)}</p>}
    </fieldset>
  );
}
