// A page's preview from the start of its HTML: Open Graph (og:title, og:description, og:image, og:site_name),
// then Twitter cards, then <title> and <meta name="description">. The bytes are decoded by the charset the
// page declares (the Content-Type header, a byte order mark, or a <meta> in its first bytes, as browsers do):
// Korean sites still serve EUC-KR (TextDecoder knows it, and its alias ks_c_5601-1987).
import { Parser } from "htmlparser2";

export interface PageMeta {
  title: string | null;
  description: string | null;
  image: string | null;
  siteName: string | null;
}

const TITLE_MAX = 300;
const DESCRIPTION_MAX = 1000;
const SITE_NAME_MAX = 100;
const IMAGE_URL_MAX = 2000;
/** How far a <meta charset> is looked for (the HTML standard's prescan reads 1024 bytes; some pages need more). */
const PRESCAN_BYTES = 4096;

function charsetOfContentType(contentType: string): string | null {
  const m = /charset\s*=\s*["']?([\w.:-]+)/i.exec(contentType);
  return m ? m[1].toLowerCase() : null;
}

/** The charset a page declares in a <meta> near its start (read as Latin-1 so every byte stays one character). */
function charsetOfMeta(bytes: Uint8Array): string | null {
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, PRESCAN_BYTES));
  for (const tag of head.match(/<meta\b[^>]*>/gi) ?? []) {
    const direct = /\bcharset\s*=\s*["']?\s*([\w.:-]+)/i.exec(tag);
    if (direct) return direct[1].toLowerCase();
  }
  return null;
}

function decoderFor(label: string | null): TextDecoder {
  if (label) {
    try {
      return new TextDecoder(label);
    } catch { /* an unknown label: fall back to UTF-8 */ }
  }
  return new TextDecoder("utf-8");
}

/** The page's text: the charset of the header, else a BOM, else a <meta>, else UTF-8. */
export function decodeHtml(bytes: Uint8Array, contentType: string): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return new TextDecoder("utf-8").decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder("utf-16be").decode(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder("utf-16le").decode(bytes);
  // A body cut at the byte limit may end inside a character: the decoder's replacement is harmless there.
  return decoderFor(charsetOfContentType(contentType) ?? charsetOfMeta(bytes)).decode(bytes);
}

const clean = (s: string | undefined, max: number): string | null => {
  const t = (s ?? "").replace(/\s+/g, " ").trim();
  return t ? [...t].slice(0, max).join("") : null;
};

/** An image address made absolute against the page; only http(s). */
function imageUrl(raw: string | undefined, pageUrl: string): string | null {
  const s = raw?.trim();
  if (!s) return null;
  try {
    const u = new URL(s, pageUrl);
    if (u.protocol !== "http:" && u.protocol !== "https:") return null;
    return u.href.length <= IMAGE_URL_MAX ? u.href : null;
  } catch {
    return null;
  }
}

/** The preview fields of an HTML page read from pageUrl. */
export function parseMeta(html: string, pageUrl: string): PageMeta {
  const props = new Map<string, string>();
  let title: string | undefined;
  let inTitle = false;
  let titleText = "";
  let svgDepth = 0;
  const parser = new Parser({
    onopentag(name, attrs) {
      if (name === "svg") svgDepth++;
      if (name === "title" && svgDepth === 0 && title === undefined) {
        inTitle = true;
        titleText = "";
      }
      if (name !== "meta") return;
      const key = (attrs.property ?? attrs.name ?? attrs.itemprop ?? "").trim().toLowerCase();
      const content = attrs.content;
      // The first of each wins (pages repeat og:image for alternatives, the first is the main one).
      if (key && content !== undefined && !props.has(key)) props.set(key, content);
    },
    ontext(text) {
      if (inTitle) titleText += text;
    },
    onclosetag(name) {
      if (name === "svg" && svgDepth > 0) svgDepth--;
      if (name === "title" && inTitle) {
        inTitle = false;
        title = titleText;
      }
    },
  }, { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true });
  parser.write(html);
  parser.end();
  if (inTitle) title = titleText;
  const first = (...keys: string[]) => keys.map((k) => props.get(k)).find((v) => v !== undefined && v.trim() !== "");
  return {
    title: clean(first("og:title", "twitter:title") ?? title, TITLE_MAX),
    description: clean(first("og:description", "twitter:description", "description"), DESCRIPTION_MAX),
    image: imageUrl(first("og:image", "og:image:url", "og:image:secure_url", "twitter:image", "twitter:image:src"), pageUrl),
    siteName: clean(first("og:site_name", "application-name"), SITE_NAME_MAX),
  };
}
