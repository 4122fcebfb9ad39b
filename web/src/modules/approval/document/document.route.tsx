// A document (002 §2): doc/list/{boxKey}/{docId} in a box, with the box to go back to and the actions the
// caller has; doc/preview/{docId} (reference documents, the ledger's links) with print only. The paper, the
// recipients, references, files, history and the opinions. A 403 goes to the not-allowed page, a 404 to the
// not-found page (replacing the address, so Back leaves the document).
import { createLazyRoute, Link, Navigate, useParams } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { usePageTitle } from "../../../app/title.ts";
import { documentQuery } from "../queries.ts";
import { approvalPaths, docIdOf } from "../paths.ts";
import "../josa-format.ts";
import { DocumentPaper } from "./DocumentPaper.tsx";
import { DocumentSections } from "./DocumentSections.tsx";
import { Opinions } from "./Opinions.tsx";
import { ActionBar } from "./ActionBar.tsx";

export const BoxDocumentRoute = createLazyRoute("/app/approval/doc/list/$boxKey/$docId")({ component: BoxDocument });
export const PreviewRoute = createLazyRoute("/app/approval/doc/preview/$docId")({ component: PreviewDocument });

function BoxDocument() {
  const { boxKey, docId } = useParams({ from: "/app/approval/doc/list/$boxKey/$docId" });
  return <DocumentScreen boxKey={boxKey} docId={docIdOf(docId)} />;
}

function PreviewDocument() {
  const { docId } = useParams({ from: "/app/approval/doc/preview/$docId" });
  return <DocumentScreen boxKey={null} docId={docIdOf(docId)} />;
}

function DocumentScreen({ boxKey, docId }: { boxKey: string | null; docId: number | null }) {
  const { t } = useTranslation("approval");
  const q = useQuery({ ...documentQuery(docId ?? 0), enabled: docId !== null });
  usePageTitle(q.data?.title ?? t("doc.loading"));
  if (docId === null) return <Navigate to="/approval/not-found" replace />;
  if (q.error instanceof ApiError && q.error.status === 403) return <Navigate to="/approval/not-allowed" replace />;
  if (q.error instanceof ApiError && q.error.status === 404) return <Navigate to="/approval/not-found" replace />;
  const doc = q.data;
  return (
    <div className="ap-screen ap-doc-screen">
      <header className="ap-doc-head">
        {boxKey
          ? <Link {...approvalPaths.box(boxKey)} className="ap-back">‹ {t("doc.backTo", { box: t(`box.${boxKey}`) })}</Link>
          : <Link {...approvalPaths.home()} className="ap-back">‹ {t("doc.backHome")}</Link>}
        <h1 className="ap-title ap-doc-h1">{doc?.title ?? ""}</h1>
      </header>
      {q.isError && <p className="ap-error" role="alert">{errorText(q.error instanceof ApiError ? q.error.code : "common.500")}</p>}
      {doc && (
        <>
          {boxKey ? <ActionBar doc={doc} boxKey={boxKey} /> : (
            <div className="ap-actions" role="toolbar" aria-label={t("act.label")}>
              <Link {...approvalPaths.print(doc.id)} className="btn btn-ghost">{t("act.print")}</Link>
            </div>
          )}
          <div className="ap-doc-grid">
            <DocumentPaper doc={doc} />
            <div className="ap-doc-aside">
              <DocumentSections doc={doc} />
              <Opinions docId={doc.id} />
            </div>
          </div>
        </>
      )}
    </div>
  );
}
