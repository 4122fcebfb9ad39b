// Choose the group cards are moved or copied into (a group is required, 001 §5): groups in tree order, as radio
// buttons. The private book offers the user's groups, the customer book the groups the user may change; the
// texts come from the book's namespace.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Radio, RadioGroup, Label } from "react-aria-components";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";

export interface PickableGroup {
  group: { id: number; groupName: string };
  depth: number;
}

export function GroupPickDialog({ ns, groups, title, confirmLabel, onPick, onClose }: {
  ns: "contacts" | "customers";
  groups: PickableGroup[];
  title: string;
  confirmLabel: string;
  onPick(groupId: number): void;
  onClose(): void;
}) {
  const { t } = useTranslation(ns);
  const [value, setValue] = useState<string | null>(null);
  const [error, setError] = useState(false);
  return (
    <Dialog title={title} isOpen onClose={onClose} width={420}>
      {groups.length === 0
        ? <p className="ct-muted">{t("group.noneToPick")}</p>
        : (
          <RadioGroup className="ct-radio-list" value={value} onChange={(v) => {
            setValue(v);
            setError(false);
          }} isInvalid={error} aria-describedby={error ? "ct-pick-error" : undefined}>
            <Label className="field-label">{t("group.target")}</Label>
            {groups.map(({ group, depth }) => (
              <Radio key={group.id} value={String(group.id)} className="ct-radio" style={{ paddingInlineStart: 8 + depth * 18 }}>
                {group.groupName}
              </Radio>
            ))}
          </RadioGroup>
        )}
      {error && <p id="ct-pick-error" role="alert" className="field-error">{t("contactErrors:contact.group_required")}</p>}
      <div className="dialog-actions">
        <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
        <Button isDisabled={groups.length === 0} onPress={() => (value ? onPick(Number(value)) : setError(true))}>{confirmLabel}</Button>
      </div>
    </Dialog>
  );
}
