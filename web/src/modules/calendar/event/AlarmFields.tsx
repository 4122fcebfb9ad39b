// Alarms in the event dialog: up to 5, each N minutes, hours or days before (at most 4 weeks).
import { useTranslation } from "react-i18next";
import type { AlarmInput } from "@shared/calendar/events.ts";
import { EVENT_ALARMS_MAX } from "@shared/calendar/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { NativeField } from "../../../ui/NativeField.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { Icon } from "../../../ui/icons.tsx";
import { ALARM_UNIT_LIST } from "./form.ts";

export function AlarmFields({ value, onChange, error }: { value: AlarmInput[]; onChange(v: AlarmInput[]): void; error?: string }) {
  const { t } = useTranslation("calendar");
  const set = (i: number, patch: Partial<AlarmInput>) => onChange(value.map((a, j) => (j === i ? { ...a, ...patch } : a)));
  return (
    <fieldset className="cal-fieldset">
      <legend className="field-label">{t("alarm.label")}</legend>
      {value.map((a, i) => (
        <div key={i} className="cal-inline cal-alarm">
          <NativeField label={t("alarm.value", { n: i + 1 })} type="number" min={0} value={String(a.value)}
            onChange={(v) => set(i, { value: Math.trunc(Number(v)) || 0 })} className="cal-num" />
          <SelectField label={t("alarm.unit", { n: i + 1 })} value={a.unit} onChange={(u) => set(i, { unit: u as AlarmInput["unit"] })}
            options={ALARM_UNIT_LIST.map((u) => ({ id: u, label: t(`alarm.units.${u}`) }))} />
          <span className="cal-unit" aria-hidden="true">{t("alarm.beforeWord")}</span>
          <Button variant="ghost" className="cal-icon-btn" aria-label={t("alarm.remove", { n: i + 1 })} onPress={() => onChange(value.filter((_, j) => j !== i))}>
            <Icon name="close" size={16} />
          </Button>
        </div>
      ))}
      {value.length < EVENT_ALARMS_MAX && (
        <Button variant="ghost" className="cal-add-btn" onPress={() => onChange([...value, { value: 10, unit: "MINUTES" }])}>{t("alarm.add")}</Button>
      )}
      {error && <p className="field-error" role="alert">{t(`calendarErrors:${error}`)}</p>}
    </fieldset>
  );
}
