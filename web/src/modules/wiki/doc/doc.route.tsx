// /wiki/docs/{id} (001 §2): one document. Opening it reads it with trackRecent (GET docs/{id}?trackRecent=true);
// on failure the page shows what the status means (001 §4 "on failure the error is set to the status": 404
// wiki.not_found, 403 wiki.no_access …) with a way back to the wiki's home.
import { createLazyRoute, Link, useParams } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { ApiError, codeOf, paramsOf } from "../../../lib/api.ts";
import { errorText } from "../../../lib/i18n.ts";
import { docIdOf } from "../paths.ts";
import { docQuery, wikiKeys } from "../queries.ts";
import { DocView } from "./DocView.tsx";
import "./doc.css";

export const Route = createLazyRoute("/app/wiki/docs/$docId")({ component: DocPage });

function DocPage() {
  const params = useParams({ strict: false }) as { docId?: string };
  const id = docIdOf(params.docId) ?? 0;
  return <DocLoader key={id} id={id} />;
}

function DocLoader({ id }: { id: number }) {
  const { t } = useTranslation("wiki");
  const qc = useQueryClient();
  const doc = useQuery({ ...docQuery(id, true), enabled: id > 0 });
  // The server records the read (trackRecent): 최근 문서 and the last read follow once this opening has read it.
  const opened = doc.isSuccess && doc.isFetchedAfterMount;
  useEffect(() => {
    if (!opened) return;
    void qc.invalidateQueries({ queryKey: wikiKeys.recent });
    void qc.invalidateQueries({ queryKey: wikiKeys.lastRead });
  }, [opened, qc]);
  // A document read before and now refused (its access changed, it was purged) shows the refusal, not the old copy.
  const gone = doc.isError && doc.error instanceof ApiError && (doc.error.status === 403 || doc.error.status === 404);
  if (doc.data && !gone) return <DocView doc={doc.data} />;
  if (id > 0 && !doc.isError) {
    return <div className="wd-page" aria-busy="true"><p className="wd-muted">{t("doc.loading")}</p></div>;
  }
  const code = id > 0 ? codeOf(doc.error) : "wiki.not_found";
  return (
    <div className="wd-page">
      <div className="wd-failed" role="alert">
        <h1 className="wd-failed-title">{t("doc.failed")}</h1>
        <p>{errorText(code, id > 0 ? paramsOf(doc.error) : {})}</p>
        <Link to="/wiki" className="btn btn-secondary">{t("doc.backHome")}</Link>
      </div>
    </div>
  );
}
