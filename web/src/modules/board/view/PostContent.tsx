// The post's content: HTML the server sanitised, shown in the page. Links open in a new tab (without access to
// this page); mentions (<span data-type="mention">, tiptap's node) are marked so they stand out; inline images
// keep the signed src the server set. The styles (headings, lists, tables, code, quotes) are view.css .bv-content.
import { useMemo } from "react";
import { useTranslation } from "react-i18next";

function prepare(html: string): string {
  const doc = new DOMParser().parseFromString(html, "text/html");
  for (const a of doc.body.querySelectorAll("a[href]")) {
    a.setAttribute("target", "_blank");
    a.setAttribute("rel", "noopener noreferrer");
  }
  for (const m of doc.body.querySelectorAll('span[data-type="mention"]')) m.classList.add("bv-mention");
  for (const img of doc.body.querySelectorAll("img")) {
    if (!img.hasAttribute("alt")) img.setAttribute("alt", "");
    img.setAttribute("loading", "lazy");
  }
  return doc.body.innerHTML;
}

export function PostContent({ html }: { html: string }) {
  const { t } = useTranslation("board");
  const prepared = useMemo(() => prepare(html), [html]);
  return <section className="bv-content" aria-label={t("view.content")} dangerouslySetInnerHTML={{ __html: prepared }} />;
}
