// A .eml attachment shown as a mail (002 §2 viewer; GET file/{id}/view/eml): subject, from, to, cc and date,
// the HTML (sanitised on the server like the mail reader's) in a sandboxed frame without scripts under the mail
// reader's frame policy (../../mail/view/frame-doc.ts; remote images stay blocked), and the attachments listed.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TaskFile } from "@shared/flow/task-details.ts";
import { formatBytes } from "../../../lib/bytes.ts";
import { frameDocument } from "../../mail/view/frame-doc.ts";
import * as flowApi from "../api.ts";
import { flowErrorText } from "../errors.ts";

const who = (a: { name: string; address: string }) => (a.name ? `${a.name} <${a.address}>` : a.address);

export function EmlViewer({ projectId, taskId, file }: { projectId: number; taskId: number; file: TaskFile }) {
  const { t, i18n } = useTranslation("flow");
  const q = useQuery({
    queryKey: ["flow", "eml", projectId, taskId, file.fileId],
    queryFn: ({ signal }) => flowApi.emlView(projectId, taskId, file.fileId, signal),
    retry: false,
  });
  const m = q.data;
  const doc = useMemo(() => m ? frameDocument(m.html, { origin: location.origin, remoteImages: false, lang: i18n.language }) : "", [m, i18n.language]);
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(240);
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    const fit = () => {
      const d = el.contentDocument;
      if (d?.documentElement) setHeight(Math.max(d.documentElement.scrollHeight, d.body?.scrollHeight ?? 0) + 4);
    };
    el.addEventListener("load", fit);
    if (el.contentDocument?.readyState === "complete") fit();
    return () => el.removeEventListener("load", fit);
  }, [doc]);

  if (q.isPending) return <p className="fl-muted">{t("common.loading")}</p>;
  if (q.isError || !m) return <p className="fl-error" role="alert">{flowErrorText(q.error, "files.loadFailed")}</p>;
  const date = m.date ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(m.date) : "";
  return (
    <article className="fl-eml" aria-labelledby="fl-eml-subject">
      <h2 id="fl-eml-subject" className="fl-eml-subject">{m.subject || t("files.noSubject")}</h2>
      <dl className="fl-eml-fields">
        <dt>{t("files.from")}</dt>
        <dd>{m.from ? who(m.from) : ""}</dd>
        <dt>{t("files.to")}</dt>
        <dd>{m.to.map(who).join(", ")}</dd>
        {m.cc.length > 0 && (
          <>
            <dt>{t("files.cc")}</dt>
            <dd>{m.cc.map(who).join(", ")}</dd>
          </>
        )}
        <dt>{t("files.date")}</dt>
        <dd>{date}</dd>
      </dl>
      <iframe ref={frame} className="fl-eml-frame" title={t("files.mailBody", { subject: m.subject })}
        sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox" referrerPolicy="no-referrer" srcDoc={doc} style={{ height }} />
      {m.attachments.length > 0 && (
        <section aria-labelledby="fl-eml-attach">
          <h3 id="fl-eml-attach" className="fl-eml-attach-title">{t("files.attachments", { count: m.attachments.length })}</h3>
          <ul className="fl-eml-attachments">
            {m.attachments.map((a, i) => <li key={i}>{a.name} <span className="fl-muted">{formatBytes(a.size, i18n.language)}</span></li>)}
          </ul>
        </section>
      )}
    </article>
  );
}
