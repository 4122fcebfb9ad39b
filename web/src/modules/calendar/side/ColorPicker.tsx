// The calendar colour: the default colour and the 20-colour palette (001 §9) as a radio group of swatches.
import { Label, Radio, RadioGroup } from "react-aria-components";
import { CALENDAR_PALETTE, DEFAULT_CALENDAR_COLOR } from "@shared/calendar/constants.ts";
import { textOn } from "../colors.ts";

export const COLORS: string[] = [DEFAULT_CALENDAR_COLOR, ...(CALENDAR_PALETTE as readonly string[]).filter((c) => c !== DEFAULT_CALENDAR_COLOR)];

export function ColorPicker({ label, value, onChange, names }: { label: string; value: string; onChange(c: string): void; names(c: string, i: number): string }) {
  const colors = COLORS.includes(value) ? COLORS : [value, ...COLORS];
  return (
    <RadioGroup value={value} onChange={onChange} className="cal-colors" orientation="horizontal">
      <Label className="field-label">{label}</Label>
      <div className="cal-colors-grid">
        {colors.map((c, i) => (
          <Radio key={c} value={c} aria-label={names(c, i)} className="cal-swatch" style={{ "--swatch": c, "--swatch-check": textOn(c) } as React.CSSProperties}>
            <svg viewBox="0 0 24 24" aria-hidden="true" className="cal-swatch-check"><path d="M20 6 9 17l-5-5" /></svg>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
