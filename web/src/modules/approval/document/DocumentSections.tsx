// The parts of a document beside its paper: receivers, carbon copies and shared reading (with each one's
// state), the reference documents (opening their preview), the original of a reuse or inner draft, the
// attachments, and the history of the lines' actions.
import { Link } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import type { Document } from "@shared/approval/documents.ts";
import type { ApprovalLine } from "@shared/approval/lines.ts";
import { approvalPaths } from "../paths.ts";
import { formatMinute } from "../format.ts";
import { FileLink } from "./FileLink.tsx";

const nameOf = (l: ApprovalLine) =>
  l.approver.isOrgan ? l.approver.organName ?? "" : `${l.approver.userName ?? ""}${l.approver.organName ? ` (${l.approver.organName})` : ""}`;

function LineList({ title, lines }: { title: string; lines: ApprovalLine[] }) {
  const { t } = useTranslation("approval");
  if (!lines.length) return null;
  return (
    <div className="ap-lines">
      <h3 className="ap-sub-title">{title}</h3>
      <ul role="list">
        {lines.map((l) => (
          <li key={l.id}>
            <span>{nameOf(l)}</span>
            <span className={`ap-line-status ap-line-${l.status}`}>{t(`lineStatus.${l.status}`)}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function DocumentSections({ doc }: { doc: Document }) {
  const { t } = useTranslation("approval");
  const of = (g: ApprovalLine["group"]) => doc.lines.filter((l) => l.group === g).sort((a, b) => a.sortOrder - b.sortOrder);
  const history = doc.lines.filter((l) => l.actedAt !== null).sort((a, b) => a.actedAt! - b.actedAt!);
  const receivers = of("RECEIVE"), cc = of("CC"), share = of("SHARE");
  return (
    <>
      {(receivers.length > 0 || cc.length > 0 || share.length > 0) && (
        <section className="ap-section" aria-labelledby="ap-sec-lines">
          <h2 id="ap-sec-lines" className="ap-section-title">{t("doc.recipients")}</h2>
          <LineList title={t("doc.receivers")} lines={receivers} />
          <LineList title={t("doc.cc")} lines={cc} />
          <LineList title={t("doc.share")} lines={share} />
        </section>
      )}
      {(doc.refDocs.length > 0 || doc.originDocPreview) && (
        <section className="ap-section" aria-labelledby="ap-sec-refs">
          <h2 id="ap-sec-refs" className="ap-section-title">{t("doc.refDocs")}</h2>
          <ul role="list" className="ap-refs">
            {doc.originDocPreview && (
              <li>
                <span className="ap-muted">{t("doc.origin")} </span>
                <Link {...approvalPaths.preview(doc.originDocPreview.id)}>{doc.originDocPreview.title}</Link>
              </li>
            )}
            {doc.refDocs.map((r) => (
              <li key={r.id}>
                <Link {...approvalPaths.preview(r.id)}>{r.title}</Link>
                {r.docNum && <span className="ap-muted"> {r.docNum}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {doc.files.length > 0 && (
        <section className="ap-section" aria-labelledby="ap-sec-files">
          <h2 id="ap-sec-files" className="ap-section-title">{t("doc.files", { count: doc.files.length })}</h2>
          <ul role="list" className="ap-files">
            {doc.files.map((f) => <li key={f.id}><FileLink docId={doc.id} file={f} /></li>)}
          </ul>
        </section>
      )}
      <section className="ap-section" aria-labelledby="ap-sec-history">
        <h2 id="ap-sec-history" className="ap-section-title">{t("doc.history")}</h2>
        <ol className="ap-history">
          {doc.draftedAt && (
            <li>
              <span className="ap-history-when">{formatMinute(doc.draftedAt)}</span>
              <span>{t("history.drafted", { name: doc.drafter.name })}</span>
            </li>
          )}
          {history.map((l) => (
            <li key={l.id}>
              <span className="ap-history-when">{formatMinute(l.actedAt)}</span>
              <span>
                {t(`history.${l.status}`, { name: l.actedBy?.userName ?? nameOf(l), approver: nameOf(l), defaultValue: `${nameOf(l)} · ${t(`lineStatus.${l.status}`)}` })}
              </span>
              {l.comment && <q className="ap-history-comment">{l.comment}</q>}
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
