// /mail/view/{folderId}/{page}/{actionObj} (mail_view): one mail; with split view the list stays beside it.
import { createLazyRoute, Navigate, useParams } from "@tanstack/react-router";
import { MailList } from "./list/MailList.tsx";
import { MailReader } from "./view/MailReader.tsx";
import { mailPaths, parseFolderId, parsePage, parseViewAction } from "./route-params.ts";
import { useMailConfig } from "./open.ts";

function ViewScreen() {
  const p = useParams({ strict: false }) as { folderId?: string; page?: string; actionObj?: string };
  const config = useMailConfig();
  const folderId = parseFolderId(p.folderId) ?? -1;
  const page = parsePage(p.page) ?? 1;
  const action = parseViewAction(p.actionObj);
  if (!action) return <Navigate {...mailPaths.list(folderId, page)} replace />;
  const reader = <MailReader key={action.view.mailId} folderId={folderId} page={page} list={action.list} view={action.view} />;
  if (!config.splitView) return reader;
  return (
    <div className="mail-split">
      <div className="mail-split-list">
        <MailList folderId={folderId} page={page} action={action.list} openMailId={action.view.mailId} />
      </div>
      <div className="mail-split-view">{reader}</div>
    </div>
  );
}

export const Route = createLazyRoute("/app/mail/view/$folderId/$page/$actionObj")({ component: ViewScreen });
