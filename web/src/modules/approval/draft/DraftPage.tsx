// The drafting routes' screen (draft/routes.ts): loads what the draft type needs, then the editor.
//   draft/{formId}            DRAFT (with ?docId: continue that temporary save, as EDIT)
//   doc/list/{boxKey}/{docId}/edit   EDIT
//   draft/reuse?originDocId   REUSE
//   draft/inner?originDocId&originLineId   INNER_DRAFT: choose one of the inner-draft forms first
// A missing form, template or original says the §8 text; a document the user may not open goes to the
// not-allowed or not-found page.
import { useQuery } from "@tanstack/react-query";
import { Navigate, useMatches, useParams, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { UserInfo } from "@shared/users.ts";
import { SelectField } from "../../../ui/SelectField.tsx";
import { userDetailQuery } from "../../../app/queries.ts";
import { usePageTitle } from "../../../app/title.ts";
import { ApiError, codeOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { documentQuery, formQuery, innerFormsQuery } from "./api.ts";
import { DraftEditor } from "./DraftEditor.tsx";
import type { DraftSearch } from "./routes.ts";
import { editDraft, innerDraft, newDraft, reuseDraft } from "./seed.ts";
import "./draft.css";

const mainOrgan = (u: UserInfo | undefined) => u?.organId ?? u?.organRelationList[0]?.organId ?? null;

export function DraftPage() {
  const { t } = useTranslation("approval");
  const routeId = useMatches({ select: (m) => m[m.length - 1]?.routeId ?? "" });
  const params = useParams({ strict: false }) as { formId?: string; docId?: string };
  const search = useSearch({ strict: false }) as DraftSearch;
  usePageTitle(t("draft.pageTitle"));
  const mode = routeId.endsWith("/edit") ? "EDIT" : routeId.endsWith("draft/inner") ? "INNER_DRAFT"
    : routeId.endsWith("draft/reuse") ? "REUSE" : search.docId ? "EDIT" : "DRAFT";
  const docId = mode === "EDIT" ? Number(params.docId ?? search.docId) : mode === "DRAFT" ? 0 : search.originDocId ?? 0;
  const key = `${mode}-${params.formId ?? ""}-${docId}-${search.originLineId ?? ""}`;
  return <Loader key={key} mode={mode} formId={Number(params.formId ?? 0)} docId={docId} originLineId={search.originLineId ?? 0} />;
}

function Loader({ mode, formId, docId, originLineId }: { mode: "DRAFT" | "EDIT" | "REUSE" | "INNER_DRAFT"; formId: number; docId: number; originLineId: number }) {
  const { t } = useTranslation("approval");
  const user = useQuery(userDetailQuery);
  const doc = useQuery({ ...documentQuery(docId), enabled: docId > 0 });
  const [innerForm, setInnerForm] = useState<number | null>(null);
  const inner = useQuery({ ...innerFormsQuery, enabled: mode === "INNER_DRAFT" });
  const wantedForm = mode === "DRAFT" ? formId : mode === "REUSE" ? doc.data?.formId ?? 0 : mode === "INNER_DRAFT" ? innerForm ?? 0 : 0;
  const form = useQuery({ ...formQuery(wantedForm), enabled: wantedForm > 0 });

  if (doc.error) {
    const status = doc.error instanceof ApiError ? doc.error.status : 0;
    if (mode === "EDIT" && status === 403) return <Navigate to={"/approval/not-allowed" as "/"} replace />;
    if (mode === "EDIT" && status === 404) return <Navigate to={"/approval/not-found" as "/"} replace />;
    return <Problem text={status === 404 || status === 403 ? errorText("approval.origin_not_found") : errorText(codeOf(doc.error))} />;
  }
  if (form.error) return <Problem text={errorText(codeOf(form.error) === "common.404" ? "approval.form_not_found" : codeOf(form.error))} />;
  // The editor starts from fresh data (a cached copy may be older than the last save), so wait for this visit's fetch.
  if (user.isLoading || (docId > 0 && !doc.isFetchedAfterMount) || (wantedForm > 0 && !form.isFetchedAfterMount)) {
    return <p className="ad-loading" role="status">{t("draft.loading")}</p>;
  }
  const organ = mainOrgan(user.data);

  if (mode === "EDIT" && doc.data) {
    if (!doc.data.templateBody && !doc.data.fields.length) return <Problem text={errorText("approval.template_not_found")} />;
    return <DraftEditor seed={editDraft(doc.data)} />;
  }
  if (mode === "DRAFT" && form.data) return <DraftEditor seed={newDraft(form.data, organ)} />;
  if (mode === "REUSE" && form.data && doc.data) return <DraftEditor seed={reuseDraft(form.data, doc.data, organ)} />;
  if (mode === "INNER_DRAFT" && doc.data) {
    if (form.data && innerForm) return <DraftEditor seed={innerDraft(form.data, doc.data, originLineId, organ)} />;
    const forms = inner.data ?? [];
    return (
      <div className="ad-page ad-narrow">
        <h1 className="ad-title">{t("draft.type.INNER_DRAFT")}</h1>
        <p className="ad-origin">{t("draft.origin", { title: doc.data.title, docNum: doc.data.docNum ?? "" })}</p>
        {inner.isError ? <p className="ad-alert" role="alert">{errorText(codeOf(inner.error))}</p> : (
          <SelectField label={t("draft.innerForm")} options={forms.map((f) => ({ id: String(f.id), label: f.name }))}
            value={null} onChange={(v) => setInnerForm(Number(v))}
            placeholder={inner.isLoading ? t("draft.loading") : forms.length ? t("draft.innerFormChoose") : errorText("approval.form_not_found")}
            isDisabled={!forms.length} />
        )}
      </div>
    );
  }
  return <Problem text={errorText("approval.form_not_found")} />;
}

function Problem({ text }: { text: string }) {
  return (
    <div className="ad-page ad-narrow">
      <p className="ad-alert" role="alert">{text}</p>
    </div>
  );
}
