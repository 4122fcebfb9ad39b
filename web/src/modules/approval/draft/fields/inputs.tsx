// The simple field inputs of a form (FormField types text, textarea, number, money, date): each labelled by
// the field's label (the template shows it beside the input), its error under it. Money shows thousands
// separators (react-aria NumberField formats as the user types).
import { useId } from "react";
import { FieldError, Input, Label, NumberField, TextArea, TextField } from "react-aria-components";
import type { FormField } from "@shared/approval/forms.ts";

export interface InputProps<V> {
  field: FormField;
  value: V;
  onChange(v: V): void;
  error?: string;
}

export function TextInput({ field, value, onChange, error, multiline }: InputProps<string> & { multiline?: boolean }) {
  return (
    <TextField className="ad-field" value={value} onChange={onChange} isRequired={field.required} isInvalid={!!error}
      validationBehavior="aria" maxLength={multiline ? 10_000 : 500}>
      <Label className="visually-hidden">{field.label}</Label>
      {multiline
        ? <TextArea className="field-input ad-textarea" placeholder={field.placeholder} rows={4} />
        : <Input className="field-input" placeholder={field.placeholder} />}
      <FieldError className="field-error">{error}</FieldError>
    </TextField>
  );
}

export function NumberInput({ field, value, onChange, error, money, label }: InputProps<number | null> & { money?: boolean; label?: string }) {
  return (
    <NumberField className="ad-field" value={value ?? NaN} onChange={(v) => onChange(Number.isNaN(v) ? null : v)}
      isRequired={field.required} isInvalid={!!error} validationBehavior="aria"
      formatOptions={money ? { maximumFractionDigits: 0, useGrouping: true } : { maximumFractionDigits: 4, useGrouping: false }}
      minValue={money ? 0 : undefined}>
      <Label className="visually-hidden">{label ?? field.label}</Label>
      <Input className={money ? "field-input ad-money" : "field-input ad-number"} placeholder={field.placeholder} />
      <FieldError className="field-error">{error}</FieldError>
    </NumberField>
  );
}

export function DateInput({ field, value, onChange, error, label }: InputProps<string> & { label?: string }) {
  const id = useId();
  return (
    <div className="ad-field field" data-invalid={error ? true : undefined}>
      <input id={id} type="date" className="field-input native" value={value} onChange={(e) => onChange(e.target.value)}
        aria-label={label ?? field.label} required={field.required} aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-e` : undefined} />
      {error && <span id={`${id}-e`} className="field-error">{error}</span>}
    </div>
  );
}
