// A labelled single-choice select (react-aria Select: keyboard, typeahead, screen-reader labels), styled like
// the text fields; options may be indented for tree-shaped choices.
import { Button as AriaButton, FieldError, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, Text } from "react-aria-components";
import { Icon } from "./icons.tsx";

export interface Option {
  id: string;
  label: string;
  /** Indentation level, for tree-shaped choices. */
  depth?: number;
}

export function SelectField({ label, options, value, onChange, description, isDisabled, errorMessage, placeholder, hideLabel }: {
  label: string;
  /** Keep the label for screen readers only (toolbars). */
  hideLabel?: boolean;
  options: Option[];
  value: string | null;
  onChange(id: string): void;
  description?: string;
  isDisabled?: boolean;
  errorMessage?: string;
  placeholder?: string;
}) {
  return (
    <Select value={value} onChange={(k) => k !== null && onChange(String(k))} isDisabled={isDisabled} isInvalid={!!errorMessage}
      className="field ui-select" placeholder={placeholder}>
      <Label className={hideLabel ? "visually-hidden" : "field-label"}>{label}</Label>
      <AriaButton className="field-input ui-select-button">
        <SelectValue className="ui-select-value" />
        <Icon name="chevronDown" size={16} />
      </AriaButton>
      {description && <Text slot="description" className="field-description">{description}</Text>}
      <FieldError className="field-error">{errorMessage}</FieldError>
      <Popover className="menu-popover ui-select-popover">
        <ListBox className="menu" items={options}>
          {(o) => (
            <ListBoxItem id={o.id} textValue={o.label} className="menu-item ui-option" style={{ paddingInlineStart: 10 + (o.depth ?? 0) * 16 }}>
              {({ isSelected }) => (
                <>
                  <span>{o.label}</span>
                  {isSelected && <Icon name="check" size={16} />}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
