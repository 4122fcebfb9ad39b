// A number of days in steps of 0.125 (002 §3 units), typed as text so a decimal comma or an empty field is not
// lost while typing; validDays tells whether the text is such a number (0..366).
import { ALLOCATION_DAYS_MAX } from "@shared/leave/constants.ts";
import { TextField } from "../../ui/TextField.tsx";

export function validDays(v: string): boolean {
  if (!/^\d+(\.\d+)?$/.test(v.trim())) return false;
  const n = Number(v);
  return n >= 0 && n <= ALLOCATION_DAYS_MAX && Number.isInteger(n * 8);
}

export function DaysField({ label, value, onChange, isRequired, description }: {
  label: string;
  value: string;
  onChange(v: string): void;
  isRequired?: boolean;
  description?: string;
}) {
  return (
    <TextField label={label} value={value} onChange={(v) => onChange(v.replace(",", "."))} inputMode="decimal" isRequired={isRequired}
      description={description} isInvalid={value !== "" && !validDays(value)} />
  );
}
