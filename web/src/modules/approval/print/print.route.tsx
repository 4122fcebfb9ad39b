// The print view (002 §2 doc/print/{docId}): the document's paper without the shell, laid out for A4, with a
// print button (globalThis.print()) and a way back; the buttons do not print. A refused or missing document goes
// to the not-allowed or not-found page.
import { createLazyRoute, Navigate, useParams, useRouter } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { ApiError } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { usePageTitle } from "../../../app/title.ts";
import { Button } from "../../../ui/Button.tsx";
import { documentQuery } from "../queries.ts";
import { docIdOf } from "../paths.ts";
import { DocumentPaper } from "../document/DocumentPaper.tsx";
import "../approval.css";
import "./print.css";

export const Route = createLazyRoute("/popup/approval/doc/print/$docId")({ component: PrintView });

function PrintView() {
  const { t } = useTranslation("approval");
  const router = useRouter();
  const docId = docIdOf(useParams({ from: "/popup/approval/doc/print/$docId" }).docId);
  const q = useQuery({ ...documentQuery(docId ?? 0), enabled: docId !== null });
  usePageTitle(q.data ? `${q.data.title} · ${t("print.title")}` : t("print.title"));
  if (docId === null) return <Navigate to="/approval/not-found" replace />;
  if (q.error instanceof ApiError && q.error.status === 403) return <Navigate to="/approval/not-allowed" replace />;
  if (q.error instanceof ApiError && q.error.status === 404) return <Navigate to="/approval/not-found" replace />;
  return (
    <main className="ap-print">
      <div className="ap-print-bar" role="toolbar" aria-label={t("print.title")}>
        <Button variant="secondary" onPress={() => router.history.back()}>{t("print.back")}</Button>
        <Button onPress={() => globalThis.print()} isDisabled={!q.data}>{t("print.print")}</Button>
      </div>
      {q.isError && <p className="ap-error" role="alert">{errorText(q.error instanceof ApiError ? q.error.code : "common.500")}</p>}
      {q.data && <div className="ap-print-sheet"><DocumentPaper doc={q.data} /></div>}
    </main>
  );
}
