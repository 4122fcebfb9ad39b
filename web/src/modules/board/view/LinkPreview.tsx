// The preview card of a post's first external link (issue 28: the og call, GET og?url, read server-side): the
// page's image, site, title and description, the whole card a link opening in a new tab. Nothing shows while it
// loads, when the call fails or when the page has nothing to show; an image that does not load is left out.
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ogQuery } from "../queries.ts";

/** The first http(s) link of the content that leads away from this app, or null. */
export function firstExternalLink(html: string, origin = location.origin): string | null {
  const doc = new DOMParser().parseFromString(html, "text/html");
  for (const a of doc.body.querySelectorAll("a[href]")) {
    let url: URL;
    try {
      url = new URL(a.getAttribute("href") ?? "", origin);
    } catch {
      continue;
    }
    if ((url.protocol === "http:" || url.protocol === "https:") && url.origin !== origin) return url.href;
  }
  return null;
}

export function LinkPreview({ html }: { html: string }) {
  const url = useMemo(() => firstExternalLink(html), [html]);
  return url ? <PreviewCard url={url} /> : null;
}

function PreviewCard({ url }: { url: string }) {
  const { t } = useTranslation("board");
  const og = useQuery(ogQuery(url)).data;
  const [imageFailed, setImageFailed] = useState(false);
  if (!og || (!og.title && !og.description && !og.image)) return null;
  const host = new URL(url).host;
  const image = og.image && !imageFailed && /^https?:\/\//i.test(og.image) ? og.image : null;
  return (
    <aside className="bv-og" aria-label={t("view.linkPreview")}>
      <a className="bv-og-card" href={url} target="_blank" rel="noopener noreferrer">
        {image && <img className="bv-og-image" src={image} alt="" loading="lazy" referrerPolicy="no-referrer" onError={() => setImageFailed(true)} />}
        <span className="bv-og-text">
          <span className="bv-og-site">{og.siteName || host}</span>
          <span className="bv-og-title">{og.title || host}</span>
          {og.description && <span className="bv-og-desc">{og.description}</span>}
        </span>
      </a>
    </aside>
  );
}
