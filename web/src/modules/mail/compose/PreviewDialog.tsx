// The preview before sending (MailConfig.previewBeforeSend, 000 §9 "Mail dialogs: preview"): the mail as it
// will go out — sender, recipients, subject, attachments and the body (in the reader's sandboxed frame, no
// remote images) — with send and cancel. Cancelling goes back to writing.
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/Button.tsx";
import { Dialog } from "../../../ui/Dialog.tsx";
import { frameDocument } from "../view/frame-doc.ts";
import { type ComposeState, RECIPIENT_KINDS } from "./state.ts";

export interface Preview {
  s: ComposeState;
  /** The subject that will be sent (the placeholder when the user chose to send without one). */
  subject: string;
  /** The body HTML that will be sent. */
  html: string;
  resolve(send: boolean): void;
}

/** The subject as the server writes it: the prefix first, unless the subject already starts with it. */
const fullSubject = (subject: string, prefix: string) => {
  const p = prefix.trim();
  return !p || subject.trim().startsWith(p) ? subject.trim() : `${p} ${subject.trim()}`;
};

export function PreviewDialog({ preview, onClose }: { preview: Preview; onClose(send: boolean): void }) {
  const { t, i18n } = useTranslation("mail");
  const { s } = preview;
  const doc = useMemo(() => frameDocument(preview.html, { origin: location.origin, remoteImages: false, lang: i18n.language }), [preview.html, i18n.language]);
  const [height, setHeight] = useState(200);
  const files = s.attachments.filter((a) => a.status === 2 || a.file);

  return (
    <Dialog title={t("compose.preview.title")} isOpen onClose={() => onClose(false)} width={760}>
      <dl className="cmp-preview-head">
        <dt>{t("compose.from")}</dt>
        <dd>{s.senderName ? `${s.senderName} <${s.senderEmail}>` : s.senderEmail}</dd>
        {RECIPIENT_KINDS.filter((k) => s[k].length).map((k) => [
          <dt key={`${k}-t`}>{t(`compose.${k}`)}</dt>,
          <dd key={`${k}-d`}>{s[k].map((r) => r.value).join(", ")}</dd>,
        ])}
        <dt>{t("compose.subject")}</dt>
        <dd className="cmp-preview-subject">{fullSubject(preview.subject, s.subjectFirst)}</dd>
        {files.length > 0 && (
          <>
            <dt>{t("compose.attachments")}</dt>
            <dd>{files.map((a) => a.name).join(", ")}</dd>
          </>
        )}
      </dl>
      <iframe className="cmp-preview-frame" title={t("compose.body")} sandbox="allow-same-origin" srcDoc={doc} style={{ height }}
        onLoad={(e) => {
          const d = e.currentTarget.contentDocument;
          if (d) setHeight(Math.min(Math.max(d.documentElement.scrollHeight + 4, 120), 480));
        }} />
      <div className="dialog-actions">
        <Button variant="secondary" onPress={() => onClose(false)}>{t("compose.cancel")}</Button>
        <Button autoFocus onPress={() => onClose(true)}>{s.isReserve ? t("compose.sendReserved") : t("compose.send")}</Button>
      </div>
    </Dialog>
  );
}
