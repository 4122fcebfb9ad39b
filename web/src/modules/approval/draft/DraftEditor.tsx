// The draft editor (002 §4): title, drafting department (one of the user's own), open type, the form's body
// with its inputs, files, reference documents and the approval line; temporary save (POST document/draft/temp
// → box dt) and submit (POST document/draft → box dd). A refused call marks the fields (params.fields) and
// lines (params.lines) it names and says the §8 text; leaving with unsaved changes asks first.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { OPEN_TYPES, TITLE_MAX } from "@shared/approval/constants.ts";
import type { OpenType } from "@shared/approval/constants.ts";
import type { ApprovalFile, DocumentSummary, DraftInput, FieldValue } from "@shared/approval/documents.ts";
import { Button } from "../../../ui/Button.tsx";
import { SelectField } from "../../../ui/SelectField.tsx";
import { TextField } from "../../../ui/TextField.tsx";
import { userDetailQuery } from "../../../app/queries.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { errorText } from "../../../lib/i18n.ts";
import { LineEditorDialog } from "../lines/LineEditorDialog.tsx";
import { type EditorLine, toLineInputs } from "../lines/model.ts";
import { saveTemp, submitDraft } from "./api.ts";
import { draftErrorsOf, type DraftErrors } from "./errors.ts";
import { FieldInput } from "./FieldInput.tsx";
import { ATTACHMENTS_TYPE, isFilled } from "./fieldTypes.ts";
import { FormBody } from "./FormBody.tsx";
import { LinePanel } from "./LinePanel.tsx";
import { RefDocs } from "./RefDocs.tsx";
import type { DraftSeed } from "./seed.ts";
import { Uploader } from "./Uploader.tsx";
import { useLeaveGuard } from "./useLeaveGuard.ts";

export function DraftEditor({ seed }: { seed: DraftSeed }) {
  const { t } = useTranslation("approval");
  const navigate = useNavigate();
  const qc = useQueryClient();
  const user = useQuery(userDetailQuery);
  const [title, setTitle] = useState(seed.title);
  const [organId, setOrganId] = useState<number | null>(seed.draftOrganId);
  const [openType, setOpenType] = useState<OpenType>(seed.openType);
  const [content, setContent] = useState(seed.content);
  const [files, setFiles] = useState<ApprovalFile[]>(seed.files);
  const [fieldFiles, setFieldFiles] = useState(seed.fieldFiles);
  const [lines, setLines] = useState<EditorLine[]>(seed.lines);
  const [refDocs, setRefDocs] = useState<DocumentSummary[]>(seed.refDocs);
  const [errors, setErrors] = useState<DraftErrors | null>(null);
  const [editingLines, setEditingLines] = useState(false);
  const [busy, setBusy] = useState<"temp" | "submit" | null>(null);
  const leaving = useRef(false);

  const snapshot = () => JSON.stringify([title, organId, openType, content, files, fieldFiles, lines, refDocs]);
  const initial = useMemo(snapshot, []);
  useLeaveGuard(() => !leaving.current && snapshot() !== initial);

  const organs = user.data?.organRelationList ?? [];
  const allFiles = [...files, ...Object.values(fieldFiles).flat()];
  const othersOf = (exclude: ApprovalFile[]) => {
    const rest = allFiles.filter((f) => !exclude.includes(f));
    return { count: rest.length, bytes: rest.reduce((s, f) => s + f.size, 0) };
  };

  const setField = (key: string, v: FieldValue) => setContent((c) => ({ ...c, [key]: v }));

  function body(): DraftInput {
    const c: Record<string, unknown> = { ...content };
    for (const f of seed.fields) if (f.type === ATTACHMENTS_TYPE) c[f.key] = (fieldFiles[f.key] ?? []).map((x) => x.id);
    return {
      draftType: seed.draftType,
      formId: seed.formId,
      formVersion: seed.formVersion,
      docId: seed.docId,
      originDocId: seed.originDocId,
      originLineId: seed.originLineId,
      version: seed.version,
      title: title.trim(),
      draftOrganId: organId ?? 0,
      openType,
      content: c,
      lines: toLineInputs(lines),
      refDocIds: refDocs.map((d) => d.id),
      fileIds: allFiles.map((f) => f.id),
    };
  }

  /** What the form itself can tell before sending: the title, the department, required fields (submit only). */
  function localErrors(submit: boolean): DraftErrors | null {
    const e: DraftErrors = { message: "", fields: {}, lines: [] };
    if (!title.trim()) e.fields.__title = t("draft.titleRequired");
    if (!organId) e.fields.__organ = t("draft.organRequired");
    if (submit) {
      for (const f of seed.fields) {
        const v = f.type === ATTACHMENTS_TYPE ? fieldFiles[f.key] ?? [] : content[f.key];
        if (f.required && !isFilled(f.type, v)) e.fields[f.key] = errorText("approval.field_required", { field: f.label });
      }
      if (!lines.length) e.message = errorText("approval.line_no_approval");
    }
    if (!Object.keys(e.fields).length && !e.message) return null;
    e.message ||= errorText(submit ? "approval.draft_failed" : "approval.temp_failed");
    return e;
  }

  async function send(kind: "temp" | "submit") {
    const local = localErrors(kind === "submit");
    setErrors(local);
    if (local) return;
    setBusy(kind);
    try {
      const r = await (kind === "submit" ? submitDraft(body()) : saveTemp(body()));
      leaving.current = true;
      qc.invalidateQueries({ queryKey: ["approval"] });
      snackbar("SUCCESS", t(kind === "submit" ? "draft.submitted" : "draft.saved"));
      // The box replaces the editor in the history: Back goes to where the draft was opened from, not to an
      // editor of a document that is already saved or submitted.
      navigate({ to: "/approval/doc/list/$boxKey" as "/", params: { boxKey: r.next } as never, replace: true });
    } catch (e) {
      const err = draftErrorsOf(e, seed.fields);
      setErrors(err);
      snackbar("ERROR", err.message);
    } finally {
      setBusy(null);
    }
  }

  const fe = errors?.fields ?? {};
  return (
    <div className="ad-page">
      <header className="ad-head">
        <div className="ad-head-text">
          <p className="ad-kicker">{t(`draft.type.${seed.draftType}`)}</p>
          <h1 className="ad-title">{seed.formName}</h1>
        </div>
        <div className="ad-head-actions">
          <Button variant="secondary" isDisabled={!!busy} onPress={() => send("temp")}>{t("draft.saveTemp")}</Button>
          <Button isDisabled={!!busy} onPress={() => send("submit")}>{t("draft.submit")}</Button>
        </div>
      </header>
      <p className="ad-alert" role="alert">{errors?.message ?? ""}</p>
      {seed.origin && (
        <p className="ad-origin">{t("draft.origin", { title: seed.origin.title, docNum: seed.origin.docNum ?? "" })}</p>
      )}
      <div className="ad-layout">
        <div className="ad-main">
          <section className="ad-card ad-meta" aria-label={t("draft.basics")}>
            <TextField label={t("draft.title")} value={title} onChange={setTitle} maxLength={TITLE_MAX} isRequired errorMessage={fe.__title} />
            <div className="ad-meta-row">
              <SelectField label={t("draft.organ")} options={organs.map((o) => ({ id: String(o.organId), label: o.organName }))}
                value={organId ? String(organId) : null} onChange={(v) => setOrganId(Number(v))} errorMessage={fe.__organ}
                placeholder={organs.length ? t("draft.organChoose") : t("draft.noOrgan")} isDisabled={!organs.length} />
              <SelectField label={t("draft.openType")} options={OPEN_TYPES.map((o) => ({ id: o, label: t(`draft.open.${o}`) }))}
                value={openType} onChange={(v) => setOpenType(v as OpenType)} />
            </div>
          </section>
          <section className="ad-card ad-form" aria-label={t("draft.formBody")}>
            <FormBody html={seed.templateBody} fields={seed.fields} render={(f) => (
              <FieldInput field={f} value={content[f.key]} onChange={(v) => setField(f.key, v)} error={fe[f.key]}
                files={fieldFiles[f.key] ?? []} others={othersOf(fieldFiles[f.key] ?? [])}
                onFiles={(u) => setFieldFiles((m) => ({ ...m, [f.key]: u(m[f.key] ?? []) }))} />
            )} />
          </section>
          <section className="ad-card" aria-labelledby="ad-files-title">
            <h2 id="ad-files-title" className="ad-card-title">{t("draft.files")}</h2>
            <Uploader label={t("draft.files")} files={files} onChange={(u) => setFiles(u)} others={othersOf(files)} />
          </section>
          <RefDocs docs={refDocs} onChange={setRefDocs} />
        </div>
        <aside className="ad-side">
          <LinePanel lines={lines} errors={errors?.lines ?? []} onEdit={() => setEditingLines(true)} />
        </aside>
      </div>
      <LineEditorDialog isOpen={editingLines} title={t("lines.title")} draftOrganId={organId} initial={lines}
        onClose={() => setEditingLines(false)} onSubmit={(_, shown) => {
          setLines(shown);
          setErrors((e) => (e ? { ...e, lines: [] } : e));
          setEditingLines(false);
        }} />
    </div>
  );
}
