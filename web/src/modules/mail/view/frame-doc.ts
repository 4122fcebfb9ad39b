// The document of the reader frame: the mail's sanitised HTML (sanitised at ingest, on the server) inside a
// page whose Content-Security-Policy lets nothing load but the mail's own inline images (data: and this
// origin's /api/mail-inline/) until the reader allows remote images. No script can run: the frame is
// sandboxed without allow-scripts, and the policy has no script source. Links open in a new tab.

/** The policy of the frame; `remoteImages` adds http: and https: images. */
export function framePolicy(origin: string, remoteImages: boolean): string {
  const img = ["data:", `${origin}/api/mail-inline/`, ...(remoteImages ? ["https:", "http:"] : [])].join(" ");
  return [
    "default-src 'none'",
    `img-src ${img}`,
    "style-src 'unsafe-inline'",
    "font-src data:",
    "script-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join("; ");
}

const BASE_STYLE = `
html { color-scheme: light; }
body { margin: 0; padding: 4px 2px 16px; font-family: "Malgun Gothic", "Apple SD Gothic Neo", "Noto Sans KR", system-ui, sans-serif;
  font-size: 14px; line-height: 1.6; color: #1f2329; overflow-wrap: anywhere; word-break: break-word; }
img { max-width: 100%; height: auto; }
table { max-width: 100%; }
pre { white-space: pre-wrap; }
blockquote { margin: 0 0 0 4px; padding-left: 12px; border-left: 3px solid #dfe3e8; color: #5b6470; }
a { color: #1a5fd0; }
`;

/** The frame's srcdoc. */
export function frameDocument(html: string, opts: { origin: string; remoteImages: boolean; lang: string }): string {
  return `<!doctype html><html lang="${opts.lang.replace(/[^a-z-]/gi, "")}"><head><meta charset="utf-8">` +
    `<meta http-equiv="Content-Security-Policy" content="${framePolicy(opts.origin, opts.remoteImages)}">` +
    `<base target="_blank"><meta name="referrer" content="no-referrer"><style>${BASE_STYLE}</style></head><body>${html}</body></html>`;
}

/** True when the HTML asks for any remote image (an <img> or a CSS url() on http/https). */
export function hasRemoteImages(html: string): boolean {
  return /<img\b[^>]*\ssrc\s*=\s*["']?\s*(https?:)?\/\//i.test(html) || /url\(\s*["']?\s*(https?:)?\/\//i.test(html) ||
    /\sbackground\s*=\s*["']?\s*https?:/i.test(html);
}

/** The inline URL of one attachment as the server rewrote it into the HTML (cid: images). */
export function shownInBody(html: string, mailId: number, position: number): boolean {
  return html.includes(`/api/mail-inline/${mailId}/${position}?`);
}
