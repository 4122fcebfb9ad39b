import { FieldError, Input, Label, Text, TextField as AriaTextField, type TextFieldProps } from "react-aria-components";
import "./ui.css";

export interface FieldProps extends Omit<TextFieldProps, "children"> {
  label: string;
  description?: string;
  errorMessage?: string;
  placeholder?: string;
}

/** A labelled input; `errorMessage` (already translated) marks it invalid and is announced. */
export function TextField({ label, description, errorMessage, placeholder, ...props }: FieldProps) {
  return (
    <AriaTextField {...props} isInvalid={!!errorMessage || props.isInvalid} className="field">
      <Label className="field-label">{label}</Label>
      <Input className="field-input" placeholder={placeholder} />
      {description && <Text slot="description" className="field-description">{description}</Text>}
      <FieldError className="field-error">{errorMessage}</FieldError>
    </AriaTextField>
  );
}
