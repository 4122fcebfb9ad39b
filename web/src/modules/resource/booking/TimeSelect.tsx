// A time of day in 30-minute steps (SLOT_MINUTES) as a react-aria Select whose list scrolls within a short popover
// (below or above the field, never over it, so the press that opens it cannot pick a time); a value off the steps
// (a booking made elsewhere) is kept as one more choice. End times may be 24:00.
import { Button, FieldError, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from "react-aria-components";
import { SLOT_MINUTES } from "@shared/resource/constants.ts";
import { Icon } from "../../../ui/icons.tsx";
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
  return (
    <Select value={value} onChange={(k) => k !== null && onChange(String(k))} isInvalid={!!errorMessage} className="field ui-select">
      <Label className="field-label">{label}</Label>
      <Button className="field-input ui-select-button">
        <SelectValue className="ui-select-value" />
        <Icon name="chevronDown" size={16} />
      </Button>
      <FieldError className="field-error">{errorMessage}</FieldError>
      <Popover className="menu-popover ui-select-popover rs-time-popover" maxHeight={240} shouldFlip>
        <ListBox className="menu" items={steps.map((s) => ({ id: s }))}>
          {(o) => <ListBoxItem id={o.id} textValue={o.id} className="menu-item ui-option">{o.id}</ListBoxItem>}
        </ListBox>
      </Popover>
    </Select>
  );
}
