// A booking's note: a labelled multi-line text (react-aria TextField with a TextArea).
import { Label, TextArea, TextField } from "react-aria-components";

export function NoteField({ label, value, onChange, maxLength }: { label: string; value: string; onChange(v: string): void; maxLength: number }) {
  return (
    <TextField value={value} onChange={onChange} className="field" maxLength={maxLength}>
      <Label className="field-label">{label}</Label>
      <TextArea className="field-input rs-textarea" rows={2} />
    </TextField>
  );
}
