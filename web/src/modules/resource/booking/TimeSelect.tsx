// A time of day in 30-minute steps (SLOT_MINUTES) as a select; a value off the steps (a booking made elsewhere)
// is kept as one more choice. End times may be 24:00.
import { SLOT_MINUTES } from "@shared/resource/constants.ts";
import { SelectField } from "../../../ui/SelectField.tsx";
import { minutesOf, timeOf } from "../dates.ts";

export function TimeSelect({ label, value, onChange, end, errorMessage }: {
  label: string;
  value: string;
  onChange(v: string): void;
  end?: boolean;
  errorMessage?: string;
}) {
  const steps = Array.from({ length: 1440 / SLOT_MINUTES + (end ? 1 : 0) }, (_, i) => timeOf(i * SLOT_MINUTES));
  if (value && !steps.includes(value)) steps.push(value), steps.sort((a, b) => minutesOf(a) - minutesOf(b));
  return <SelectField label={label} value={value} onChange={onChange} options={steps.map((s) => ({ id: s, label: s }))} errorMessage={errorMessage} />;
}
