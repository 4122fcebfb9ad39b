// A labelled on/off switch (react-aria Switch) with an optional description announced as the description.
import { Switch as AriaSwitch } from "react-aria-components";
import { useId } from "react";

export function Switch({ label, description, isSelected, onChange, isDisabled }: {
  label: string;
  description?: string;
  isSelected: boolean;
  onChange(v: boolean): void;
  isDisabled?: boolean;
}) {
  // The description is announced as the description, not as part of the name.
  const descId = useId();
  return (
    <AriaSwitch isSelected={isSelected} onChange={onChange} isDisabled={isDisabled} className="ui-switch"
      aria-describedby={description ? descId : undefined}>
      <span className="ui-switch-text">
        <span className="ui-switch-label">{label}</span>
        {description && <span className="ui-switch-desc" id={descId} aria-hidden="true">{description}</span>}
      </span>
      <span className="ui-switch-track" aria-hidden="true"><span className="ui-switch-thumb" /></span>
    </AriaSwitch>
  );
}
