// A labelled multi-line text field (react-aria TextField with a TextArea), with the count against its limit.
import { FieldError, Label, Text, TextArea as AriaTextArea, TextField } from "react-aria-components";

export function TextArea({ label, value, onChange, maxLength, isRequired, errorMessage, description }: {
  label: string;
  value: string;
  onChange(v: string): void;
  maxLength: number;
  isRequired?: boolean;
  errorMessage?: string;
  description?: string;
}) {
  return (
    <TextField className="field" value={value} onChange={onChange} maxLength={maxLength} isRequired={isRequired} isInvalid={!!errorMessage}>
      <Label className="field-label">{label}</Label>
      <AriaTextArea className="field-input lv-textarea" rows={3} />
      {description && <Text slot="description" className="field-description">{description}</Text>}
      <FieldError className="field-error">{errorMessage}</FieldError>
    </TextField>
  );
}
