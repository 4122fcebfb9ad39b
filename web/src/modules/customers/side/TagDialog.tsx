// Add or edit a customer tag: a name (required, unique in the company ignoring case: 409 at the field) and a
// colour from TAG_COLORS. `onSaved` hands the saved tag back (the card's tag editor puts a new one on at once).
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Label, Radio, RadioGroup } from "react-aria-components";
import type { CustomerTag } from "@shared/contacts/customer-tags.ts";
import { TAG_COLORS, TAG_DEFAULT_COLOR, TAG_LIMITS } from "@shared/contacts/constants.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { codeOf } from "../../../lib/api.ts";
import * as customerApi from "../api.ts";
import { refreshCustomers } from "../queries.ts";
import { customerErrorText, done, failed } from "../errors.ts";

export function TagDialog({ tag, onClose, onSaved }: { tag: CustomerTag | null; onClose(): void; onSaved?(t: CustomerTag): void }) {
  const { t } = useTranslation("customers");
  const qc = useQueryClient();
  const [name, setName] = useState(tag?.name ?? "");
  const [color, setColor] = useState(tag?.color ?? TAG_DEFAULT_COLOR);
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  async function save() {
    const v = name.trim();
    if (!v) return setError(t("customerErrors:customer.tag_required"));
    if ([...v].length > TAG_LIMITS.name) return setError(t("contactErrors:contact.too_long"));
    setBusy(true);
    try {
      const saved = tag ? await customerApi.patchTag(tag.id, v, color) : await customerApi.addTag(v, color);
      done(tag ? "tagUpdated" : "tagAdded");
      await refreshCustomers(qc);
      onSaved?.(saved);
      onClose();
    } catch (e) {
      if (codeOf(e) === "customer.tag_in_use" || codeOf(e) === "customer.tag_required") setError(customerErrorText(e));
      else failed(e, tag ? "tagUpdateFailed" : "tagAddFailed");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog title={t(tag ? "tag.edit" : "tag.add")} isOpen onClose={onClose} width={400}>
      <Form className="ct-form" validationBehavior="aria" onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}>
        <TextField label={t("tag.name")} value={name} onChange={(v) => {
          setName(v);
          setError(undefined);
        }} errorMessage={error} autoFocus maxLength={TAG_LIMITS.name + 10} />
        <RadioGroup className="cu-tag-colors" value={color} onChange={setColor} orientation="horizontal">
          <Label className="field-label">{t("tag.color")}</Label>
          <div className="cu-tag-swatches">
            {TAG_COLORS.map((c, i) => (
              <Radio key={c} value={c} className="cu-tag-swatch" aria-label={t("tag.colorN", { n: i + 1 })} style={{ background: c }} />
            ))}
          </div>
        </RadioGroup>
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("action.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{t("action.save")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
