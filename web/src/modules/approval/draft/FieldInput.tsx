// One form field's input by its type (FormField.type): text, textarea, number, money, date, person, organ,
// table and attachments.
import type { FormField } from "@shared/approval/forms.ts";
import type { ApprovalFile, FieldValue } from "@shared/approval/documents.ts";
import { DateInput, NumberInput, TextInput } from "./fields/inputs.tsx";
import { PersonInput } from "./fields/PersonInput.tsx";
import { OrganInput } from "./fields/OrganInput.tsx";
import { type Row, TableInput } from "./fields/TableInput.tsx";
import { Uploader } from "./Uploader.tsx";

type Ref = { id: number; name: string } | null;

export function FieldInput({ field, value, onChange, error, files, onFiles, others }: {
  field: FormField;
  value: FieldValue | undefined;
  onChange(v: FieldValue): void;
  error?: string;
  /** attachments: the field's files and their change; others: the document's other files for the limits. */
  files: ApprovalFile[];
  onFiles(update: (f: ApprovalFile[]) => ApprovalFile[]): void;
  others: { count: number; bytes: number };
}) {
  const str = typeof value === "string" ? value : "";
  const num = typeof value === "number" ? value : null;
  const ref = value && typeof value === "object" && !Array.isArray(value) ? (value as Ref) : null;
  switch (field.type) {
    case "textarea":
      return <TextInput field={field} value={str} onChange={onChange} error={error} multiline />;
    case "number":
      return <NumberInput field={field} value={num} onChange={onChange} error={error} />;
    case "money":
      return <NumberInput field={field} value={num} onChange={onChange} error={error} money />;
    case "date":
      return <DateInput field={field} value={str} onChange={onChange} error={error} />;
    case "person":
      return <PersonInput field={field} value={ref} onChange={onChange} error={error} />;
    case "organ":
      return <OrganInput field={field} value={ref} onChange={onChange} error={error} />;
    case "table":
      return <TableInput field={field} value={Array.isArray(value) ? (value as Row[]) : []} onChange={onChange} error={error} />;
    case "attachments":
      return (
        <>
          <Uploader label={field.label} files={files} onChange={onFiles} others={others} />
          {error && <span className="field-error" role="alert">{error}</span>}
        </>
      );
    default:
      return <TextInput field={field} value={str} onChange={onChange} error={error} />;
  }
}
