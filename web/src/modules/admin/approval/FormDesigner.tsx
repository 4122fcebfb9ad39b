// The form designer: name, code, box, description, inner-draft flag, open type, document number format, the
// fields, the template body and the preset approval line. Saving a new form answers version 1; saving a
// changed template, fields or preset line makes the server keep a new version (documents keep theirs).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { DEFAULT_NUMBER_FORMAT, FORM_CODE_MAX, FORM_NAME_MAX, OPEN_TYPES } from "@shared/approval/constants.ts";
import type { OpenType } from "@shared/approval/constants.ts";
import type { AdminForm, FormField, FormInput } from "@shared/approval/forms.ts";
import { Button } from "../../../ui/Button.tsx";
import { Checkbox } from "../../../ui/Checkbox.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { userDetailQuery } from "../../../app/queries.ts";
import { codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { LineEditorDialog } from "../../approval/lines/LineEditorDialog.tsx";
import { type EditorLine, fromApprovalLines, toLineInputs } from "../../approval/lines/model.ts";
import { LineSummary } from "../../approval/settings/LineSummary.tsx";
import { adminBoxesQuery, createForm, refreshForms, updateForm } from "./api.ts";
import { FieldsEditor, KEY_PATTERN } from "./FieldsEditor.tsx";
import { NumberFormatField, numberFormatValid } from "./NumberFormatField.tsx";
import { TemplateEditor } from "./TemplateEditor.tsx";

export function FormDesigner({ form, onDone }: { form: AdminForm | null; onDone(): void }) {
  const { t } = useTranslation("admin");
  const qc = useQueryClient();
  const boxes = useQuery(adminBoxesQuery);
  const user = useQuery(userDetailQuery);
  const [boxId, setBoxId] = useState<string | null>(form ? String(form.boxId) : null);
  const [name, setName] = useState(form?.name ?? "");
  const [code, setCode] = useState(form?.code ?? "");
  const [description, setDescription] = useState(form?.description ?? "");
  const [innerDraft, setInnerDraft] = useState(form?.innerDraft ?? false);
  const [openType, setOpenType] = useState<OpenType>(form?.openType ?? "DEPARTMENT");
  const [numberFormat, setNumberFormat] = useState(form?.numberFormat ?? DEFAULT_NUMBER_FORMAT);
  const [fields, setFields] = useState<FormField[]>(form?.template.fields ?? []);
  const [templateBody, setTemplateBody] = useState(form?.template.templateBody ?? "");
  const [lines, setLines] = useState<EditorLine[]>(() => fromApprovalLines(form?.presetLines ?? []));
  const [editingLines, setEditingLines] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState("");
  const organ = user.data?.organId ?? user.data?.organRelationList[0]?.organId ?? null;

  function check(): Record<string, string> {
    const e: Record<string, string> = {};
    if (!name.trim()) e.name = t("approval.designer.required");
    if (!code.trim()) e.code = t("approval.designer.required");
    if (!boxId) e.box = t("approval.designer.boxRequired");
    if (!numberFormatValid(numberFormat)) e.numberFormat = t("approval.number.invalid");
    const keys = new Set<string>();
    fields.forEach((f, i) => {
      if (!f.label.trim()) e[`${i}.label`] = t("approval.designer.required");
      if (!KEY_PATTERN.test(f.key)) e[`${i}.key`] = t("approval.fields.keyInvalid");
      else if (keys.has(f.key)) e[`${i}.key`] = t("approval.fields.keyTaken");
      keys.add(f.key);
    });
    return e;
  }

  const save = useMutation({
    mutationFn: () => {
      const body: FormInput = {
        boxId: Number(boxId), name: name.trim(), code: code.trim(), description: description.trim(), innerDraft, templateBody,
        fields, presetLines: toLineInputs(lines), openType, numberFormat: numberFormat.trim(),
      };
      return form ? updateForm(form.id, body) : createForm(body);
    },
    onSuccess: async (saved) => {
      await refreshForms(qc);
      snackbar("SUCCESS", t("approval.designer.saved", { name: saved.name, version: saved.version }));
      onDone();
    },
    onError: (e) => setMessage(errorText(codeOf(e))),
  });

  return (
    <div className="aa-designer">
      <header className="adm-head">
        <div>
          <h2 id="adm-heading">{form ? t("approval.designer.editTitle", { name: form.name }) : t("approval.designer.newTitle")}</h2>
          <p className="adm-sub">{form ? t("approval.designer.versionNote", { version: form.version }) : t("approval.designer.newNote")}</p>
        </div>
        <div className="aa-head-actions">
          <Button variant="secondary" onPress={onDone}>{t("approval.designer.back")}</Button>
          <Button isDisabled={save.isPending} onPress={() => {
            const e = check();
            setErrors(e);
            setMessage(Object.keys(e).length ? t("approval.designer.fix") : "");
            if (!Object.keys(e).length) save.mutate();
          }}>{t("approval.save")}</Button>
        </div>
      </header>
      <p className="aa-message" role="alert">{message}</p>

      <section className="adm-card aa-section" aria-labelledby="aa-basics">
        <h3 id="aa-basics">{t("approval.designer.basics")}</h3>
        <div className="aa-grid">
          <TextField label={t("approval.forms.name")} value={name} onChange={setName} maxLength={FORM_NAME_MAX} isRequired errorMessage={errors.name} />
          <TextField label={t("approval.designer.code")} value={code} onChange={setCode} maxLength={FORM_CODE_MAX} isRequired errorMessage={errors.code}
            description={t("approval.designer.codeHint")} />
          <SelectField label={t("approval.forms.box")} options={(boxes.data ?? []).map((b) => ({ id: String(b.id), label: b.name }))}
            value={boxId} onChange={setBoxId} errorMessage={errors.box} placeholder={t("approval.designer.boxChoose")} />
          <SelectField label={t("approval.designer.openType")} options={OPEN_TYPES.map((o) => ({ id: o, label: t(`approval.open.${o}`) }))}
            value={openType} onChange={(v) => setOpenType(v as OpenType)} />
        </div>
        <TextField label={t("approval.designer.description")} value={description} onChange={setDescription} maxLength={500} />
        <Checkbox isSelected={innerDraft} onChange={setInnerDraft}>{t("approval.designer.innerDraft")}</Checkbox>
        <NumberFormatField value={numberFormat} onChange={setNumberFormat} code={code.trim()} error={errors.numberFormat} />
      </section>

      <section className="adm-card aa-section" aria-labelledby="aa-fields">
        <h3 id="aa-fields">{t("approval.designer.fields")}</h3>
        <FieldsEditor fields={fields} onChange={setFields} errors={errors} />
      </section>

      <section className="adm-card aa-section" aria-labelledby="aa-template">
        <h3 id="aa-template">{t("approval.designer.template")}</h3>
        <TemplateEditor value={templateBody} onChange={setTemplateBody} fields={fields} />
      </section>

      <section className="adm-card aa-section" aria-labelledby="aa-lines">
        <div className="aa-inline aa-between">
          <h3 id="aa-lines">{t("approval.designer.presetLines")}</h3>
          <Button variant="secondary" isDisabled={!organ} onPress={() => setEditingLines(true)}>{t("approval.designer.editLines")}</Button>
        </div>
        <p className="adm-muted">{t("approval.designer.presetLinesHint")}</p>
        <LineSummary lines={lines} />
      </section>

      <LineEditorDialog isOpen={editingLines} title={t("approval.designer.presetLines")} draftOrganId={organ} initial={lines} presets={false}
        onClose={() => setEditingLines(false)} onSubmit={(_, shown) => {
          setLines(shown);
          setEditingLines(false);
        }} />
    </div>
  );
}
