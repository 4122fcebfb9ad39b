// The text of a file's content, for the search, bounded: text files (UTF-8, or CP949 when not valid UTF-8),
// PDF (unpdf: PDF.js's text layer, the first PDF_MAX_PAGES pages) and Office files (docx, xlsx, pptx, and
// Hancom's hwpx, are zips of XML: only the entries that hold text are inflated, each at most OFFICE_ENTRY_MAX
// bytes, with fflate).
// Answers at most TEXT_MAX characters; null when nothing could be read.
import { unzipSync } from "fflate";
import { getDocumentProxy } from "unpdf";
import { OFFICE_EXTENSIONS, TEXT_EXTENSIONS } from "./content.ts";

export const TEXT_MAX = 200_000;
const PDF_MAX_PAGES = 100;
const OFFICE_ENTRY_MAX = 20 * 1024 * 1024;
const OFFICE_TOTAL_MAX = 60 * 1024 * 1024;

function decodeText(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return new TextDecoder("euc-kr").decode(bytes);
  }
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
function unescapeXml(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) => {
    if (e[0] !== "#") return ENTITIES[e.toLowerCase()] ?? "";
    const code = e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}

/** The text runs of Office XML (w:t in Word, a:t in slides and drawings, t in a workbook's strings, hp:t in
 *  Hancom's sections), paragraphs apart. */
function xmlText(xml: string): string {
  const out: string[] = [];
  const re = /<(\/?)(w:p|a:p|hp:p|si|row|(?:w:|a:|hp:)?t)(?:\s[^>]*)?(\/?)>/g;
  let inText = false;
  let start = 0;
  for (let m = re.exec(xml); m; m = re.exec(xml)) {
    const [, closing, tag, selfClosing] = m;
    const isText = tag === "t" || tag === "w:t" || tag === "a:t" || tag === "hp:t";
    if (isText && !closing && !selfClosing) {
      inText = true;
      start = re.lastIndex;
    } else if (isText && closing && inText) {
      // A Hancom run may hold marks inside its text (<hp:tab/>, <hp:lineBreak/>): they become spaces.
      out.push(unescapeXml(xml.slice(start, m.index).replace(/<[^>]*>/g, " ")));
      inText = false;
    } else if (!isText && closing) out.push("\n");
  }
  return out.join("");
}

function officeEntries(extension: string, name: string): boolean {
  if (extension === "docx") return /^word\/(document|header\d*|footer\d*|footnotes|endnotes)\.xml$/.test(name);
  if (extension === "pptx") return /^ppt\/(slides\/slide\d+|notesSlides\/notesSlide\d+)\.xml$/.test(name);
  if (extension === "hwpx") return /^Contents\/section\d+\.xml$/.test(name);
  return name === "xl/sharedStrings.xml" || /^xl\/worksheets\/sheet\d+\.xml$/.test(name);
}

function officeText(extension: string, bytes: Uint8Array): string {
  let total = 0;
  const files = unzipSync(bytes, {
    filter: (f) => {
      if (!officeEntries(extension, f.name) || f.originalSize > OFFICE_ENTRY_MAX || total + f.originalSize > OFFICE_TOTAL_MAX) return false;
      total += f.originalSize;
      return true;
    },
  });
  const names = Object.keys(files).sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
  const dec = new TextDecoder();
  return names.map((n) => xmlText(dec.decode(files[n]))).join("\n");
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocumentProxy(bytes, { verbosity: 0 });
  try {
    const pages: string[] = [];
    let length = 0;
    for (let i = 1; i <= Math.min(doc.numPages, PDF_MAX_PAGES) && length < TEXT_MAX; i++) {
      const page = await doc.getPage(i);
      const content = await page.getTextContent();
      const text = content.items.map((it) => ("str" in it ? it.str + (it.hasEOL ? "\n" : "") : "")).join("");
      pages.push(text);
      length += text.length;
    }
    return pages.join("\n");
  } finally {
    // The document proxy frees its worker-side state with cleanup() (unpdf's proxy has no destroy()).
    await doc.cleanup();
  }
}

/** The content's text, or null when the kind has no extractor or the file could not be read. */
export async function extractContent(extension: string, bytes: Uint8Array): Promise<string | null> {
  let text: string;
  try {
    if (TEXT_EXTENSIONS.has(extension)) text = decodeText(bytes);
    else if (OFFICE_EXTENSIONS.has(extension)) text = officeText(extension, bytes);
    else if (extension === "pdf") text = await pdfText(bytes);
    else return null;
  } catch {
    return null;
  }
  // Text the database cannot store (NUL, lone surrogates) goes; whitespace runs shrink.
  text = text.replaceAll("\u0000", " ").replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "")
    .replace(/[ \t\r\f\v]+/g, " ").replace(/\n\s*\n+/g, "\n").trim();
  return text.slice(0, TEXT_MAX);
}
