// A labelled single-choice select styled like the text fields (react-aria Select: keyboard, typeahead,
// screen-reader labels). Local to account settings; a candidate for web/src/ui.
import { Button, FieldError, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, Text } from "react-aria-components";

export interface Option {
  id: string;
  label: string;
}

export function SelectField({ label, description, options, value, onChange, isDisabled, errorMessage }: {
  label: string;
  description?: string;
  options: Option[];
  value: string;
  onChange(v: string): void;
  isDisabled?: boolean;
  errorMessage?: string;
}) {
  return (
    <Select
      className="field acc-select"
      value={value}
      onChange={(k) => k != null && onChange(String(k))}
      isDisabled={isDisabled}
      isInvalid={!!errorMessage}
    >
      <Label className="field-label">{label}</Label>
      <Button className="field-input acc-select-button">
        <SelectValue className="acc-select-value" />
        <span aria-hidden="true" className="acc-select-caret">▾</span>
      </Button>
      {description && <Text slot="description" className="field-description">{description}</Text>}
      <FieldError className="field-error">{errorMessage}</FieldError>
      <Popover className="menu-popover acc-select-popover">
        <ListBox className="menu" items={options}>
          {(o) => <ListBoxItem id={o.id} className="menu-item" textValue={o.label}>{o.label}</ListBoxItem>}
        </ListBox>
      </Popover>
    </Select>
  );
}
