// Add or edit a customer tag: a name (required, unique in the company ignoring case: 409 at the field) and a
// colour from TAG_COLORS. `onSaved` hands the saved tag back (the card's tag editor puts a new one on at once).
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Label, Radio, RadioGroup } from "react-aria-components";
import type { CustomerTag } from "@shared/contacts/customer-tags.ts";
import { TAG_COLORS, TAG_DEFAULT_COLOR, TAG_LIMITS } from "@shared/contacts/constants.ts";
import { TextField } from "../../../ui/TextField.tsx";
import { codeOf } from "../../../lib/api.ts";
import { FormDialog, useNameForm } from "../../contacts/side/FormDialog.tsx";
import * as customerApi from "../api.ts";
import { refreshCustomers } from "../queries.ts";
import { customerErrorText, done, failed } from "../errors.ts";

export function TagDialog({ tag, onClose, onSaved }: { tag: CustomerTag | null; onClose(): void; onSaved?(t: CustomerTag): void }) {
  const { t } = useTranslation("customers");
  const qc = useQueryClient();
  const [color, setColor] = useState(tag?.color ?? TAG_DEFAULT_COLOR);
  const f = useNameForm(tag?.name ?? "", {
    max: TAG_LIMITS.name,
    requiredText: t("customerErrors:customer.tag_required"),
    async save(v) {
      const saved = tag ? await customerApi.patchTag(tag.id, v, color) : await customerApi.addTag(v, color);
      done(tag ? "tagUpdated" : "tagAdded");
      await refreshCustomers(qc);
      onSaved?.(saved);
      onClose();
    },
    fieldError: (e) => (codeOf(e) === "customer.tag_in_use" || codeOf(e) === "customer.tag_required" ? customerErrorText(e) : undefined),
    onFailed: (e) => failed(e, tag ? "tagUpdateFailed" : "tagAddFailed"),
  });

  return (
    <FormDialog title={t(tag ? "tag.edit" : "tag.add")} width={400} busy={f.busy} onSubmit={() => void f.submit()} onClose={onClose}>
      <TextField label={t("tag.name")} value={f.name} onChange={f.setName} errorMessage={f.error} autoFocus maxLength={TAG_LIMITS.name + 10} />
      <RadioGroup className="cu-tag-colors" value={color} onChange={setColor} orientation="horizontal">
        <Label className="field-label">{t("tag.color")}</Label>
        <div className="cu-tag-swatches">
          {TAG_COLORS.map((c, i) => <Radio key={c} value={c} className="cu-tag-swatch" aria-label={t("tag.colorN", { n: i + 1 })} style={{ background: c }} />)}
        </div>
      </RadioGroup>
    </FormDialog>
  );
}
