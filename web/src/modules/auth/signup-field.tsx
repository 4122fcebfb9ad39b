// A text field like ui/TextField, with room for rich help text and a fixed suffix after the input
// (the administrator ID shows "@domain" there).
import { FieldError, Input, Label, Text, TextField as AriaTextField, type TextFieldProps } from "react-aria-components";

export function RichField({ label, description, error, suffix, placeholder, keepDescription, ...props }: Omit<TextFieldProps, "children"> & {
  label: string;
  description?: React.ReactNode;
  error?: string;
  suffix?: string;
  placeholder?: string;
  /** Keep the help text under an error too (by default the error replaces it). */
  keepDescription?: boolean;
}) {
  const input = <Input className={suffix ? "signup-suffix-input" : "field-input"} placeholder={placeholder} autoCapitalize="none" spellCheck="false" />;
  return (
    <AriaTextField {...props} isInvalid={!!error} className="field">
      <Label className="field-label">{label}</Label>
      {suffix
        ? (
          <div className="signup-suffix">
            {input}
            <span className="signup-suffix-text" aria-hidden="true">{suffix}</span>
          </div>
        )
        : input}
      {description && (!error || keepDescription) && <Text slot="description" className="field-description">{description}</Text>}
      <FieldError className="field-error">{error}</FieldError>
    </AriaTextField>
  );
}
