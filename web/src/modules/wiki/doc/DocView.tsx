// One document (001 §3 "Wiki document"): breadcrumbs, the title, the header actions, a removed document's
// banner with 복원, who changed it last and when, then a database's view (its rows), or a document's row
// properties (when its parent is a database), the live editor (read-only unless editable: PUBLISHED and WRITE,
// 001 §4) and its sub-documents. The dialogs (versions, sharing, import) open over it.
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { atLeast } from "@shared/wiki/constants.ts";
import type { WikiDocument } from "@shared/wiki/documents.ts";
import { Button } from "../../../ui/Button.tsx";
import { LiveEditor } from "../editor/LiveEditor.tsx";
import { StaticDoc } from "../editor/StaticDoc.tsx";
import { DatabaseView } from "../database/DatabaseView.tsx";
import { RowProperties } from "../database/RowProperties.tsx";
import { PermissionsDialog } from "../permissions/PermissionsDialog.tsx";
import { ImportDialog } from "../transfer/ImportDialog.tsx";
import { VersionsDialog } from "../versions/VersionsDialog.tsx";
import { restoreDoc } from "./actions.ts";
import { Breadcrumbs } from "./Breadcrumbs.tsx";
import { ChildrenList } from "./ChildrenList.tsx";
import { DocActions, type DocDialog } from "./DocActions.tsx";
import { dateTime } from "./format.ts";
import { TitleInput } from "./TitleInput.tsx";

export function DocView({ doc }: { doc: WikiDocument }) {
  const { t, i18n } = useTranslation("wiki");
  const qc = useQueryClient();
  const [dialog, setDialog] = useState<DocDialog>(null);
  const removed = doc.status === "REMOVED";
  const time = dateTime(doc.lastModifiedTime, i18n.language);

  return (
    <article className="wd-page" aria-labelledby="wd-title-heading">
      <Breadcrumbs crumbs={doc.breadcrumbs} />
      <header className="wd-head">
        <h1 id="wd-title-heading" className="visually-hidden">{doc.title || t("common.untitled")}</h1>
        <TitleInput doc={doc} />
        <DocActions doc={doc} open={setDialog} canShare canImport />
      </header>
      {removed && (
        <div className="wd-removed" role="status">
          <span>{t("doc.removed")}</span>
          {atLeast(doc.accessLevel, "WRITE") && <Button variant="secondary" onPress={() => void restoreDoc(qc, doc)}>{t("doc.restore")}</Button>}
        </div>
      )}
      <p className="wd-meta">
        {doc.lastModifiedBy ? t("doc.modifiedBy", { name: doc.lastModifiedBy.accountName, time }) : t("doc.modified", { time })}
        {!doc.editable && !removed && <span className="wd-badge">{t("doc.readOnly")}</span>}
      </p>
      {doc.type === "database" ? <DatabaseView doc={doc} /> : (
        <>
          {doc.properties.length > 0 && <RowProperties doc={doc} />}
          {removed ? <RemovedText doc={doc} /> : <LiveEditor key={`${doc.id}:${doc.editable}`} doc={doc} />}
          <ChildrenList doc={doc} />
        </>
      )}
      {dialog === "versions" && <VersionsDialog doc={doc} onClose={() => setDialog(null)} />}
      {dialog === "share" && <PermissionsDialog docId={doc.id} onClose={() => setDialog(null)} />}
      {dialog === "import" && <ImportDialog parentId={doc.id} onClose={() => setDialog(null)} />}
    </article>
  );
}

/** A document in trash: its last text, read-only (no live editor: nobody may change it). */
function RemovedText({ doc }: { doc: WikiDocument }) {
  const { t } = useTranslation("wiki");
  return <section className="we-editor"><StaticDoc html={doc.text} fileToken={doc.fileToken} label={t("editor.label")} /></section>;
}
