// The quoted original of a reply or forward, shown read-only below the editor in a sandboxed frame (no
// scripts; its own styles stay inside; the reader's content policy, so remote images do not load) and sent
// verbatim after what the user wrote. It can be left out.
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../../ui/Button.tsx";
import { frameDocument } from "../view/frame-doc.ts";

export function Quote({ html, onRemove }: { html: string; onRemove(): void }) {
  const { t, i18n } = useTranslation("mail");
  const doc = useMemo(() => frameDocument(html, { origin: location.origin, remoteImages: false, lang: i18n.language }), [html, i18n.language]);
  const [height, setHeight] = useState(160);
  return (
    <section className="cmp-quote" aria-label={t("compose.quote")}>
      <div className="cmp-quote-head">
        <span className="cmp-muted">{t("compose.quote")}</span>
        <Button variant="ghost" className="cmp-small" onPress={onRemove}>{t("compose.removeQuote")}</Button>
      </div>
      <iframe
        className="cmp-quote-frame"
        title={t("compose.quote")}
        sandbox="allow-same-origin"
        srcDoc={doc}
        style={{ height }}
        onLoad={(e) => {
          const doc = e.currentTarget.contentDocument;
          if (doc) setHeight(Math.min(Math.max(doc.documentElement.scrollHeight + 4, 80), 600));
        }}
      />
    </section>
  );
}
