// The document as paper (the view, the preview and the print view): the company's frame (templateFrame) with
// each <gw-slot name> filled from the document (FRAME_SLOTS: form name, number, department, drafter, dates,
// open range, receivers, title, the stamp boxes and the body), the body being templateBody with each
// <gw-field key> replaced by the content's value. The frame's labels (<gw-label key>, FRAME_LABELS) are the
// approval namespace's frame.<key> in the reader's language (an unknown key shows the Korean text inside). A
// frame without a body slot is shown above the standard layout (title, document information, stamp boxes, body).
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Document } from "@shared/approval/documents.ts";
import { FRAME_LABELS } from "@shared/approval/forms.ts";
import { formatDay } from "../format.ts";
import { safeHtml, type Slot } from "./safe-html.tsx";
import { FieldValue } from "./FieldValue.tsx";
import { Stamps } from "./Stamps.tsx";

function DocInfo({ doc }: { doc: Document }) {
  const { t } = useTranslation("approval");
  const rows: [string, ReactNode][] = [
    [t("doc.docNum"), doc.docNum ?? "—"],
    [t("doc.form"), doc.formName],
    [t("doc.drafter"), doc.drafter.name],
    [t("doc.draftOrgan"), doc.draftOrgan.name],
    [t("doc.draftedAt"), formatDay(doc.draftedAt) || "—"],
    [t("doc.completedAt"), formatDay(doc.completedAt) || "—"],
    [t("doc.openType"), t(`openType.${doc.openType}`)],
  ];
  return (
    <dl className="ap-doc-info">
      {rows.map(([k, v]) => (
        <div key={k} className="ap-doc-info-row">
          <dt>{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function DocumentPaper({ doc }: { doc: Document }) {
  const { t } = useTranslation("approval");
  const fields = new Map(doc.fields.map((f) => [f.key, f]));
  const fieldSlot: Slot = (tag, el) => {
    if (tag === "gw-label") {
      const key = el.getAttribute("key") ?? "";
      return (FRAME_LABELS as readonly string[]).includes(key) ? t(`frame.${key}`) : undefined;
    }
    if (tag !== "gw-field") return undefined;
    const key = el.getAttribute("key") ?? "";
    return <FieldValue field={fields.get(key)} value={doc.content[key]} docId={doc.id} files={doc.files} />;
  };
  const body = <div className="ap-doc-body">{safeHtml(doc.templateBody, fieldSlot)}</div>;
  const receivers = doc.lines.filter((l) => l.group === "RECEIVE").sort((a, b) => a.sortOrder - b.sortOrder)
    .map((l) => l.approver.isOrgan ? l.approver.organName : l.approver.userName).join(", ");
  const slots: Record<string, () => ReactNode> = {
    formName: () => doc.formName,
    docNum: () => doc.docNum ?? "",
    draftOrgan: () => doc.draftOrgan.name,
    drafter: () => doc.drafter.position ? `${doc.drafter.name} ${doc.drafter.position}` : doc.drafter.name,
    draftedAt: () => formatDay(doc.draftedAt),
    completedAt: () => formatDay(doc.completedAt),
    openType: () => t(`openType.${doc.openType}`),
    receivers: () => receivers,
    title: () => doc.title,
    stamps: () => <Stamps doc={doc} />,
    body: () => body,
  };
  const frameSlot: Slot = (tag, el) => {
    if (tag === "gw-slot") return slots[el.getAttribute("name") ?? ""]?.() ?? null;
    return fieldSlot(tag, el);
  };
  const frame = doc.templateFrame ?? "";
  if (/<gw-slot[^>]*name="body"/i.test(frame)) return <article className="ap-paper">{safeHtml(frame, frameSlot)}</article>;
  return (
    <article className="ap-paper">
      {frame.trim() && <div className="ap-frame">{safeHtml(frame, frameSlot)}</div>}
      <h2 className="ap-doc-title">{doc.title}</h2>
      <div className="ap-paper-head">
        <DocInfo doc={doc} />
        <Stamps doc={doc} />
      </div>
      {body}
    </article>
  );
}
