// The body of an opened mail. HTML goes into a sandboxed frame (no scripts; same origin only so the page
// can size the frame to its content) with remote images blocked until the reader presses "show images";
// plain text is shown pre-wrapped with its links made clickable. The quoted history of a reply or forward
// (MailView.quoteContent, split off by the server) stays folded under a "show quoted text" toggle; unfolded, it
// is rendered after the content in the same frame (HTML) or block (text), under the same policy.
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/Button.tsx";
import { MailIcon } from "../icons.tsx";
import { frameDocument, hasRemoteImages } from "./frame-doc.ts";

export function MailBody({ content, contentType, subject, quoteContent, onLoaded }: {
  content: string;
  contentType: "html" | "text";
  subject: string;
  /** The quoted history, folded until the reader asks for it. */
  quoteContent?: string | null;
  /** Called once the body is laid out (images of the frame included). */
  onLoaded?: () => void;
}) {
  const { t } = useTranslation("mail");
  const [showQuote, setShowQuote] = useState(false);
  const quote = quoteContent || "";
  const toggle = quote && (
    <Button variant="ghost" className="mr-small-btn mr-quote-toggle" aria-expanded={showQuote} onPress={() => setShowQuote((v) => !v)}>
      <span aria-hidden="true" className="mr-quote-dots">···</span>
      {showQuote ? t("view.quote.hide") : t("view.quote.show")}
    </Button>
  );
  if (contentType === "text") {
    return (
      <>
        <TextBody text={content} onLoaded={onLoaded} />
        {toggle}
        {showQuote && <TextBody text={quote} quoted />}
      </>
    );
  }
  return (
    <>
      <HtmlBody html={showQuote ? content + quote : content} subject={subject} onLoaded={onLoaded} />
      {toggle}
    </>
  );
}

function HtmlBody({ html, subject, onLoaded }: { html: string; subject: string; onLoaded?: () => void }) {
  const { t, i18n } = useTranslation("mail");
  const [remote, setRemote] = useState(false);
  const [height, setHeight] = useState(120);
  const frame = useRef<HTMLIFrameElement>(null);
  const blocked = !remote && hasRemoteImages(html);
  const doc = useMemo(
    () => frameDocument(html, { origin: location.origin, remoteImages: remote, lang: i18n.language }),
    [html, remote, i18n.language],
  );

  // Sizes the frame to its document, again whenever that document changes size (late images, fonts).
  useEffect(() => {
    const el = frame.current;
    if (!el) return;
    let observer: ResizeObserver | undefined;
    const fit = () => {
      const d = el.contentDocument;
      if (!d?.documentElement) return;
      setHeight(Math.max(d.documentElement.scrollHeight, d.body?.scrollHeight ?? 0) + 4);
    };
    const onLoad = () => {
      fit();
      observer?.disconnect();
      const body = el.contentDocument?.body;
      if (body) {
        observer = new ResizeObserver(fit);
        observer.observe(body);
      }
      onLoaded?.();
    };
    el.addEventListener("load", onLoad);
    // The frame may have finished before this ran.
    if (el.contentDocument?.URL === "about:srcdoc" && el.contentDocument.readyState === "complete") onLoad();
    return () => {
      el.removeEventListener("load", onLoad);
      observer?.disconnect();
    };
  }, [doc, onLoaded]);

  return (
    <div className="mr-body">
      {blocked && (
        <div className="mr-images-bar" role="status">
          <MailIcon name="image" size={16} />
          <span>{t("view.images.blocked")}</span>
          <Button variant="secondary" className="mr-small-btn" onPress={() => setRemote(true)}>{t("view.images.show")}</Button>
        </div>
      )}
      <iframe
        ref={frame}
        className="mr-frame"
        title={t("view.bodyFrame", { subject })}
        sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox"
        referrerPolicy="no-referrer"
        srcDoc={doc}
        style={{ height }}
      />
    </div>
  );
}

const LINK = /\b(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]]|mailto:[^\s<>"']+)/gi;

function TextBody({ text, onLoaded, quoted }: { text: string; onLoaded?: () => void; quoted?: boolean }) {
  useEffect(() => onLoaded?.(), [onLoaded]);
  const parts = useMemo(() => {
    const out: (string | { href: string })[] = [];
    let last = 0;
    for (const m of text.matchAll(LINK)) {
      if (m.index > last) out.push(text.slice(last, m.index));
      out.push({ href: m[0] });
      last = m.index + m[0].length;
    }
    if (last < text.length) out.push(text.slice(last));
    return out;
  }, [text]);
  return (
    <div className={`mr-body mr-text${quoted ? " mr-text-quote" : ""}`}>
      {parts.map((p, i) =>
        typeof p === "string" ? p : (
          <a key={i} href={p.href} target="_blank" rel="noopener noreferrer">{p.href}</a>
        )
      )}
    </div>
  );
}
