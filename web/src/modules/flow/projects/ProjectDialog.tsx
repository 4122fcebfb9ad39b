// The project form (002 §3 "Project"; "그룹" in the interface): title, description, private (joining needs the
// master's acceptance) and the main view (LIST or KANBAN). New: POST projects (the caller is MASTER and the project
// is a favourite at once) and the project's tasks open. Edit (MASTER/ADMIN): PUT projects/{id}.
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FieldError, Form, Label, Radio, RadioGroup, TextArea, TextField as AriaTextField } from "react-aria-components";
import { FLOW_VIEW_TYPES, type FlowViewType, PROJECT_DESCRIPTION_MAX, PROJECT_TITLE_MAX } from "@shared/flow/constants.ts";
import type { FlowProject } from "@shared/flow/projects.ts";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { Switch } from "../../../ui/Switch.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { createProject, updateProject } from "../api.ts";
import { flowErrorText, succeeded } from "../errors.ts";
import { flowLinks } from "../paths.ts";
import { flowKeys } from "../queries.ts";

export function ProjectDialog({ project, onClose }: { project?: FlowProject; onClose(): void }) {
  const { t } = useTranslation("flow");
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [title, setTitle] = useState(project?.title ?? "");
  const [description, setDescription] = useState(project?.description ?? "");
  const [priv, setPriv] = useState(project?.privateStatus === 1);
  const [view, setView] = useState<FlowViewType>(project?.mainViewTab ?? "LIST");
  const [error, setError] = useState<string>();
  const [titleError, setTitleError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!title.trim()) return setTitleError(t("projects.form.titleRequired"));
    setBusy(true);
    setError(undefined);
    const body = { title: title.trim(), description: description.trim(), privateStatus: priv ? 1 as const : 0 as const, mainViewTab: view };
    try {
      if (project) {
        const saved = await updateProject(project.id, body);
        qc.setQueryData(flowKeys.project(saved.id), saved);
        succeeded("projects.form.saved");
        onClose();
      } else {
        const made = await createProject(body);
        qc.setQueryData(flowKeys.project(made.id), made);
        succeeded("projects.form.created", { carry: true });
        onClose();
        void navigate(flowLinks.tasks(made.id));
      }
      void qc.invalidateQueries({ queryKey: flowKeys.projects });
      void qc.invalidateQueries({ queryKey: flowKeys.folders });
      void qc.invalidateQueries({ queryKey: flowKeys.boards });
    } catch (e) {
      setError(flowErrorText(e, project ? "projects.form.saveFailed" : "projects.form.createFailed"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={project ? t("projects.form.editTitle") : t("projects.form.newTitle")} isOpen onClose={onClose} width={480}>
      <Form className="fl-form" validationBehavior="aria" onSubmit={(ev) => {
        ev.preventDefault();
        void submit();
      }}>
        <TextField label={t("projects.form.title")} value={title} onChange={(v) => (setTitle(v), setTitleError(undefined))} maxLength={PROJECT_TITLE_MAX}
          errorMessage={titleError} autoFocus />
        <AriaTextField value={description} onChange={setDescription} maxLength={PROJECT_DESCRIPTION_MAX} className="field">
          <Label className="field-label">{t("projects.form.description")}</Label>
          <TextArea className="field-input fl-textarea" rows={3} />
          <FieldError className="field-error" />
        </AriaTextField>
        <Switch label={t("projects.form.private")} description={t("projects.form.privateHint")} isSelected={priv} onChange={setPriv} />
        <RadioGroup className="fl-radios" value={view} onChange={(v) => setView(v as FlowViewType)} orientation="horizontal">
          <Label className="field-label">{t("projects.form.mainView")}</Label>
          <div className="fl-radio-row">
            {FLOW_VIEW_TYPES.map((k) => <Radio key={k} value={k} className="fl-radio">{t(`view.${k}`)}</Radio>)}
          </div>
        </RadioGroup>
        {error && <p className="fl-error" role="alert">{error}</p>}
        <div className="dialog-actions">
          <Button variant="secondary" onPress={onClose}>{t("common.cancel")}</Button>
          <Button type="submit" isDisabled={busy}>{project ? t("common.save") : t("projects.form.create")}</Button>
        </div>
      </Form>
    </Dialog>
  );
}
