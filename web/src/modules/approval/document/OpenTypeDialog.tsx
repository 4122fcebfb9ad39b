// Who may read the completed document beyond its lines (change open type): everyone, the drafting department,
// or the lines only.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Label, Radio, RadioGroup } from "react-aria-components";
import { OPEN_TYPES, type OpenType } from "@shared/approval/constants.ts";
import { Dialog } from "../../../ui/Dialog.tsx";
import { Button } from "../../../ui/Button.tsx";

export function OpenTypeDialog({ current, onClose, onSubmit }: { current: OpenType; onClose(): void; onSubmit(o: OpenType): Promise<void> }) {
  const { t } = useTranslation("approval");
  const [value, setValue] = useState<OpenType>(current);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog title={t("act.openType.title")} isOpen onClose={onClose} width={440}>
      <form className="ap-dialog-form" onSubmit={async (e) => {
        e.preventDefault();
        setBusy(true);
        try {
          await onSubmit(value);
        } finally {
          setBusy(false);
        }
      }}>
        <RadioGroup value={value} onChange={(v) => setValue(v as OpenType)} className="ap-radios">
          <Label className="field-label">{t("doc.openType")}</Label>
          {OPEN_TYPES.map((o) => (
            <Radio key={o} value={o} className="ap-radio">
              <span className="ap-radio-mark" aria-hidden="true" />
              <span>
                <span className="ap-radio-label">{t(`openType.${o}`)}</span>
                <span className="ap-muted ap-radio-hint">{t(`openTypeHint.${o}`)}</span>
              </span>
            </Radio>
          ))}
        </RadioGroup>
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("common:action.cancel")}</Button>
          <Button type="submit" isDisabled={busy || value === current}>{t("act.openType.submit")}</Button>
        </div>
      </form>
    </Dialog>
  );
}
