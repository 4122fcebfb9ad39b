// A labelled text input built on native elements only. The public pages use it (with a plain <button>) so
// the sign-in page stays inside its download budget; screens behind sign-in use TextField (react-aria).
import { useId } from "react";
import "./ui.css";

export interface NativeFieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, "onChange" | "value"> {
  label: string;
  value: string;
  onChange(value: string): void;
  description?: string;
  errorMessage?: string;
}

export function NativeField({ label, value, onChange, description, errorMessage, className, ...input }: NativeFieldProps) {
  const id = useId();
  const describedBy = [description && `${id}-d`, errorMessage && `${id}-e`].filter(Boolean).join(" ") || undefined;
  return (
    <div className={`field${className ? ` ${className}` : ""}`} data-invalid={errorMessage ? true : undefined}>
      <label htmlFor={id} className="field-label">{label}</label>
      <input
        {...input}
        id={id}
        className="field-input native"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={errorMessage ? true : undefined}
        aria-describedby={describedBy}
      />
      {description && <span id={`${id}-d`} className="field-description">{description}</span>}
      {errorMessage && <span id={`${id}-e`} className="field-error">{errorMessage}</span>}
    </div>
  );
}
