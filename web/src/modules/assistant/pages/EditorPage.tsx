// EDITOR (002 §2): a new assistant, or one the caller may edit: icon, title, description, system prompt,
// starters, category, organisation scope (with sub-organisations) and knowledge files, whose text the server
// reads (PDF, DOCX, XLSX, HWPX, text) and gives the model. Default height 619 (002 §9). A save puts the saved
// assistant in its place in the list (002 §4) and opens it.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, FileTrigger, Form, Label, Text, TextArea, TextField as AriaTextField } from "react-aria-components";
import type { AssistantDetail } from "@shared/assistant/api.ts";
import type { OrganizationTreeNode } from "@shared/organizations.ts";
import {
  ASSISTANT_CATEGORIES, ASSISTANT_FILE_MAX_BYTES, ASSISTANT_FILES_MAX, type AssistantCategory, DESCRIPTION_MAX, EDITOR_DEFAULT_HEIGHT,
  ICON_MAX, STARTER_MAX, STARTERS_MAX, SYSTEM_PROMPT_MAX, TITLE_MAX,
} from "@shared/assistant/constants.ts";
import { formatBytes } from "../../../lib/bytes.ts";
import { ApiError, codeOf, paramsOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { organizationTreeQuery } from "../../../app/queries.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button as UiButton } from "../../../ui/Button.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { Switch } from "../../../ui/Switch.tsx";
import { FileDrop } from "../../../ui/FileDrop.tsx";
import { saveAssistant } from "../api.ts";
import { useNav } from "../nav.ts";
import { detailQuery, putInList } from "../queries.ts";
import { AsstIcon } from "../icons.tsx";

const ICONS = ["🤖", "📅", "📊", "💼", "🛠️", "💡", "✍️", "📚"];
const COMPANY = "company";

function flat(nodes: OrganizationTreeNode[], depth = 0): { id: string; label: string; depth: number }[] {
  return nodes.flatMap((n) => [{ id: String(n.id), label: n.name, depth }, ...flat(n.children, depth + 1)]);
}

export function EditorPage({ id }: { id?: number }) {
  const { t } = useTranslation("assistant");
  const detail = useQuery({ ...detailQuery(id ?? 0), enabled: !!id });
  if (id && detail.isPending) return <p className="asst-muted asst-pad">{t("loading")}</p>;
  if (id && detail.isError) return <p className="asst-muted asst-pad" role="alert">{t("agent.loadFailed")}</p>;
  return <EditorForm initial={id ? detail.data : undefined} />;
}

function EditorForm({ initial }: { initial?: AssistantDetail }) {
  const { t, i18n } = useTranslation("assistant");
  const qc = useQueryClient();
  const { go } = useNav();
  const organs = flat(useQuery(organizationTreeQuery).data ?? []);
  const [v, setV] = useState({
    icon: initial?.icon ?? "🤖",
    title: initial?.title ?? "",
    description: initial?.description ?? "",
    systemPrompt: initial?.systemPrompt ?? "",
    starter: initial?.starter.length ? initial.starter : [""],
    category: initial?.category ?? ("TOOLS" as AssistantCategory),
    organId: initial?.organId ?? null,
    includeSubOrganizations: initial?.includeSubOrganizations ?? false,
  });
  const [files, setFiles] = useState<File[]>([]);
  const [removed, setRemoved] = useState<number[]>([]);
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const [fileError, setFileError] = useState<string | undefined>();
  const kept = (initial?.files ?? []).filter((f) => !removed.includes(f.id));
  const set = <K extends keyof typeof v>(k: K) => (value: (typeof v)[K]) => setV((o) => ({ ...o, [k]: value }));
  const titleError = tried && !v.title.trim() ? t("editor.titleRequired") : undefined;

  useEffect(() => setFileError(undefined), [files.length, removed.length]);

  const addFiles = (picked: File[]) => {
    const tooBig = picked.find((f) => f.size > ASSISTANT_FILE_MAX_BYTES);
    if (tooBig) {
      setFileError(errorText("assistant.file_too_large", { max: formatBytes(ASSISTANT_FILE_MAX_BYTES, i18n.language) }));
      return;
    }
    const next = [...files, ...picked];
    if (kept.length + next.length > ASSISTANT_FILES_MAX) {
      setFileError(errorText("assistant.files_max", { max: ASSISTANT_FILES_MAX }));
      return;
    }
    setFiles(next);
  };

  const submit = async () => {
    setTried(true);
    if (!v.title.trim()) return;
    setSaving(true);
    try {
      const saved = await saveAssistant({
        id: initial?.id, ...v, title: v.title.trim(), starter: v.starter.map((s) => s.trim()).filter(Boolean),
        includeSubOrganizations: !!v.organId && v.includeSubOrganizations, files, removeFiles: removed,
      });
      putInList(qc, saved);
      snackbar("SUCCESS", t("editor.saved"), { carry: true });
      go({ page: "AGENT", assistantId: saved.id });
    } catch (e) {
      const detail = e instanceof ApiError && e.code !== "common.500" ? ` ${errorText(codeOf(e), paramsOf(e))}` : "";
      snackbar("ERROR", `${t("editor.saveFailed")}${detail}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form className="asst-editor" validationBehavior="aria" onSubmit={(e) => {
      e.preventDefault();
      void submit();
    }}>
      <div className="asst-editor-scroll" style={{ height: EDITOR_DEFAULT_HEIGHT }}>
        <h3 className="asst-section-title asst-editor-heading">{initial ? t("editor.editTitle") : t("editor.newTitle")}</h3>
        <div className="asst-editor-row">
          <TextField label={t("editor.icon")} value={v.icon} onChange={set("icon")} maxLength={ICON_MAX} className="asst-icon-field" />
          <div className="asst-icon-picks" role="group" aria-label={t("editor.iconPicks")}>
            {ICONS.map((i) => (
              <Button key={i} className="asst-icon-pick" aria-label={i} aria-pressed={v.icon === i} onPress={() => set("icon")(i)}>{i}</Button>
            ))}
          </div>
        </div>
        <TextField label={t("editor.title")} value={v.title} onChange={set("title")} maxLength={TITLE_MAX} isRequired errorMessage={titleError} />
        <Area label={t("editor.description")} value={v.description} onChange={set("description")} max={DESCRIPTION_MAX} rows={2} />
        <Area label={t("editor.systemPrompt")} value={v.systemPrompt} onChange={set("systemPrompt")} max={SYSTEM_PROMPT_MAX} rows={6}
          description={t("editor.systemPromptHelp")} />
        <fieldset className="asst-fieldset">
          <legend className="field-label">{t("editor.starters")}</legend>
          {v.starter.map((s, i) => (
            <div key={i} className="asst-starter-edit">
              <TextField label={t("editor.starterN", { n: i + 1 })} value={s} maxLength={STARTER_MAX}
                onChange={(x) => set("starter")(v.starter.map((o, j) => (j === i ? x : o)))} />
              <Button className="icon-button" aria-label={t("editor.removeStarter", { n: i + 1 })}
                onPress={() => set("starter")(v.starter.filter((_, j) => j !== i))}>
                <AsstIcon name="trash" />
              </Button>
            </div>
          ))}
          {v.starter.length < STARTERS_MAX && (
            <UiButton variant="ghost" onPress={() => set("starter")([...v.starter, ""])}>
              <AsstIcon name="plus" size={16} /> {t("editor.addStarter")}
            </UiButton>
          )}
        </fieldset>
        <div className="asst-editor-grid">
          <SelectField label={t("editor.category")} value={v.category} onChange={(c) => set("category")(c as AssistantCategory)}
            options={ASSISTANT_CATEGORIES.map((c) => ({ id: c, label: t(`category.${c}`) }))}
            description={v.category === "TOOLS" ? t("editor.toolsHelp") : undefined} />
          <SelectField label={t("editor.organ")} value={v.organId ? String(v.organId) : COMPANY}
            onChange={(o) => set("organId")(o === COMPANY ? null : Number(o))}
            options={[{ id: COMPANY, label: t("agent.scopeCompany") }, ...organs]} />
        </div>
        <Switch label={t("editor.includeSub")} isSelected={!!v.organId && v.includeSubOrganizations} isDisabled={!v.organId}
          onChange={set("includeSubOrganizations")} />
        <FileDrop className="asst-fieldset asst-files-drop" label={t("editor.files")} onFiles={addFiles}>
          <p className="field-label">{t("editor.files")}</p>
          <p className="field-description">{t("editor.filesHelp", { max: ASSISTANT_FILES_MAX, size: formatBytes(ASSISTANT_FILE_MAX_BYTES, i18n.language) })}</p>
          <ul className="asst-files" aria-label={t("editor.files")}>
            {kept.map((f) => (
              <li key={f.id}>
                <AsstIcon name="file" size={16} /> <span className="asst-file-name">{f.name}</span>
                <span className="asst-muted">{formatBytes(f.size, i18n.language)}</span>
                <Button className="icon-button" aria-label={t("editor.removeFile", { name: f.name })} onPress={() => setRemoved([...removed, f.id])}>
                  <AsstIcon name="trash" />
                </Button>
              </li>
            ))}
            {files.map((f, i) => (
              <li key={`new-${i}`}>
                <AsstIcon name="file" size={16} /> <span className="asst-file-name">{f.name}</span>
                <span className="asst-muted">{formatBytes(f.size, i18n.language)} · {t("editor.fileNew")}</span>
                <Button className="icon-button" aria-label={t("editor.removeFile", { name: f.name })} onPress={() => setFiles(files.filter((_, j) => j !== i))}>
                  <AsstIcon name="trash" />
                </Button>
              </li>
            ))}
          </ul>
          {fileError && <p className="field-error" role="alert">{fileError}</p>}
          <FileTrigger allowsMultiple acceptedFileTypes={[".pdf", ".docx", ".xlsx", ".hwpx", ".txt", ".md", ".csv", "text/plain"]}
            onSelect={(l) => l && addFiles([...l])}>
            <UiButton variant="secondary"><AsstIcon name="plus" size={16} /> {t("editor.addFiles")}</UiButton>
          </FileTrigger>
        </FileDrop>
      </div>
      <div className="asst-savebar">
        <UiButton variant="secondary" onPress={() => go(initial ? { page: "AGENT", assistantId: initial.id } : { page: "AGENTS" })}>
          {t("cancel")}
        </UiButton>
        <UiButton type="submit" isDisabled={saving}>{saving ? t("saving") : t("save")}</UiButton>
      </div>
    </Form>
  );
}

function Area({ label, value, onChange, max, rows, description }: {
  label: string;
  value: string;
  onChange(v: string): void;
  max: number;
  rows: number;
  description?: string;
}) {
  return (
    <AriaTextField value={value} onChange={onChange} maxLength={max} className="field">
      <Label className="field-label">{label}</Label>
      <TextArea className="field-input asst-textarea" rows={rows} />
      {description && <Text slot="description" className="field-description">{description}</Text>}
    </AriaTextField>
  );
}
