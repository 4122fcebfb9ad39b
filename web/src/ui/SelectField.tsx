// A labelled single-choice select (react-aria Select: keyboard, typeahead, screen-reader labels), styled like
// the text fields; options may be indented for tree-shaped choices.
import { useEffect, useId, useRef, useState } from "react";
import { Button as AriaButton, FieldError, Label, ListBox, ListBoxItem, Popover, Select, SelectValue, Text } from "react-aria-components";
import { Icon } from "./icons.tsx";

export interface Option {
  id: string;
  label: string;
  /** Indentation level, for tree-shaped choices. */
  depth?: number;
  /** A class of the option's own besides ui-option (one shown only as context, say). */
  className?: string;
}

export interface SelectFieldProps {
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
}

export function SelectField(props: SelectFieldProps & {
  /** Focus the button and open the list once mounted (LazySelectField mounts it on the first press). */
  openOnMount?: boolean;
}) {
  const { label, options, value, onChange, description, isDisabled, errorMessage, placeholder, hideLabel, openOnMount } = props;
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!openOnMount) return;
    trigger.current?.focus();
    setOpen(true);
  }, [openOnMount]);
  return (
    <Select value={value} onChange={(k) => k !== null && onChange(String(k))} isDisabled={isDisabled} isInvalid={!!errorMessage}
      className="field ui-select" placeholder={placeholder} {...(openOnMount ? { isOpen: open, onOpenChange: setOpen } : {})}>
      <Label className={hideLabel ? "visually-hidden" : "field-label"}>{label}</Label>
      <AriaButton ref={trigger} className="field-input ui-select-button">
        <SelectValue className="ui-select-value" />
        <Icon name="chevronDown" size={16} />
      </AriaButton>
      {description && <Text slot="description" className="field-description">{description}</Text>}
      <FieldError className="field-error">{errorMessage}</FieldError>
      <OptionList options={options} />
    </Select>
  );
}

/**
 * A SelectField that costs a button until it is used: react-aria's Select builds its whole collection and a
 * hidden native select for every instance, which in a list of 150 tasks with two of them a row was most of the
 * list's 1.5-2 s on the main thread. It looks and reads the same (its name is the value, then the label; Enter,
 * Space, a click or an arrow key opens it), and its first press mounts the real Select, open, focus on its button.
 */
export function LazySelectField(props: SelectFieldProps) {
  const [live, setLive] = useState(false);
  const labelId = useId();
  const valueId = useId();
  if (live) return <SelectField {...props} openOnMount />;
  const current = props.options.find((o) => o.id === props.value)?.label;
  return (
    <div className="field ui-select">
      <span id={labelId} className={props.hideLabel ? "visually-hidden" : "field-label"}>{props.label}</span>
      <AriaButton className="field-input ui-select-button" isDisabled={props.isDisabled} aria-haspopup="listbox" aria-expanded={false}
        aria-labelledby={`${valueId} ${labelId}`} onPress={() => setLive(true)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") setLive(true);
          else e.continuePropagation();
        }}>
        <span id={valueId} className="ui-select-value" data-placeholder={current === undefined || undefined}>{current ?? props.placeholder ?? ""}</span>
        <Icon name="chevronDown" size={16} />
      </AriaButton>
    </div>
  );
}

/**
 * A labelled choice of several options (react-aria Select in multiple mode: the list stays open while options are
 * ticked; Space or a click ticks, Escape closes). The button shows the chosen labels, comma-separated, or the
 * placeholder.
 */
export function MultiSelectField({ label, hideLabel, options, values, onChange, isDisabled, placeholder }: {
  label: string;
  hideLabel?: boolean;
  options: Option[];
  values: readonly string[];
  onChange(ids: string[]): void;
  isDisabled?: boolean;
  placeholder?: string;
}) {
  const chosen = options.filter((o) => values.includes(o.id)).map((o) => o.label).join(", ");
  return (
    <Select selectionMode="multiple" value={values} onChange={(keys) => onChange(keys.map(String))} isDisabled={isDisabled}
      className="field ui-select" placeholder={placeholder}>
      <Label className={hideLabel ? "visually-hidden" : "field-label"}>{label}</Label>
      <AriaButton className="field-input ui-select-button">
        <SelectValue className="ui-select-value">{({ isPlaceholder }) => (isPlaceholder ? placeholder ?? "" : chosen)}</SelectValue>
        <Icon name="chevronDown" size={16} />
      </AriaButton>
      <OptionList options={options} />
    </Select>
  );
}

/** The open list of a select: each option with a tick when chosen, indented by its depth. */
export function OptionList({ options }: { options: Option[] }) {
  return (
    <Popover className="menu-popover ui-select-popover">
      <ListBox className="menu" items={options}>
        {(o) => (
          <ListBoxItem id={o.id} textValue={o.label} className={`menu-item ui-option${o.className ? ` ${o.className}` : ""}`} style={{ paddingInlineStart: 10 + (o.depth ?? 0) * 16 }}>
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
  );
}
