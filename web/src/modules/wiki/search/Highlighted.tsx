// The server's highlighted text (shared/wiki/search.ts: HTML-escaped text with each match in <em>…</em>) as
// React elements: only <em>…</em> becomes an element, every other character stays text (entities decoded), so
// nothing of a document's content is ever parsed as HTML.
const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

export function unescapeHtml(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]{2,5});/gi, (all, e: string) => {
    if (e[0] === "#") {
      const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
    }
    return ENTITIES[e.toLowerCase()] ?? all;
  });
}

/** Plain runs and highlighted runs, in order. */
export function highlightParts(html: string): { text: string; hit: boolean }[] {
  const parts: { text: string; hit: boolean }[] = [];
  const re = /<em>([\s\S]*?)<\/em>/g;
  let at = 0;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    if (m.index > at) parts.push({ text: unescapeHtml(html.slice(at, m.index)), hit: false });
    parts.push({ text: unescapeHtml(m[1]), hit: true });
    at = m.index + m[0].length;
  }
  if (at < html.length) parts.push({ text: unescapeHtml(html.slice(at)), hit: false });
  return parts.filter((p) => p.text);
}

export function Highlighted({ html }: { html: string }) {
  return <>{highlightParts(html).map((p, i) => p.hit ? <em key={i} className="wk-hl">{p.text}</em> : <span key={i}>{p.text}</span>)}</>;
}
