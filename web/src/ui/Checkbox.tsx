// A checkbox: a native input (keyboard and screen readers need nothing more), with the react-aria-style API
// the other components share (isSelected, onChange(boolean), isDisabled).
import { useId } from "react";
import "./ui.css";

export interface CheckboxProps {
  children: React.ReactNode;
  isSelected?: boolean;
  defaultSelected?: boolean;
  onChange?: (selected: boolean) => void;
  isDisabled?: boolean;
  isRequired?: boolean;
  isInvalid?: boolean;
  name?: string;
  value?: string;
  className?: string;
  "aria-describedby"?: string;
}

export function Checkbox({ children, isSelected, defaultSelected, onChange, isDisabled, isRequired, isInvalid, name, value, className, ...aria }: CheckboxProps) {
  const id = useId();
  return (
    <label htmlFor={id} className={`checkbox${className ? ` ${className}` : ""}`} data-disabled={isDisabled || undefined}>
      <input
        id={id}
        type="checkbox"
        className="checkbox-input"
        checked={isSelected}
        defaultChecked={defaultSelected}
        onChange={(e) => onChange?.(e.target.checked)}
        disabled={isDisabled}
        required={isRequired}
        aria-invalid={isInvalid || undefined}
        name={name}
        value={value}
        {...aria}
      />
      <span className="checkbox-box" aria-hidden="true">
        <svg viewBox="0 0 18 18"><polyline points="2 9 7 14 16 4" /></svg>
      </span>
      <span>{children}</span>
    </label>
  );
}
