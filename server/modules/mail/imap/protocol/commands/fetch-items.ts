// FETCH attributes (RFC 3501 §6.4.5, RFC 7162 MODSEQ): the macros ALL/FAST/FULL, the simple items, and
// BODY[section]<start.length> / BODY.PEEK[...] / RFC822(.HEADER/.TEXT) parsed into what to send and under
// which name.
import type { SectionSpec } from "../../message/index.ts";
import { type Token } from "../parser.ts";
import { ParseError } from "../parser.ts";

export type SimpleItem = "FLAGS" | "UID" | "INTERNALDATE" | "RFC822.SIZE" | "ENVELOPE" | "BODYSTRUCTURE" | "BODY" | "MODSEQ";

export interface BodyItem {
  /** Name in the response, e.g. "BODY[1.MIME]<0>" or "RFC822". */
  name: string;
  spec: SectionSpec;
  /** Sets \Seen (BODY[...], RFC822, RFC822.TEXT). */
  setsSeen: boolean;
  partial?: { start: number; length: number };
}

export interface FetchItems {
  simple: Set<SimpleItem>;
  bodies: BodyItem[];
}

const SIMPLE = new Set<string>(["FLAGS", "UID", "INTERNALDATE", "RFC822.SIZE", "ENVELOPE", "BODYSTRUCTURE", "BODY", "MODSEQ"]);
const MACROS: Record<string, SimpleItem[]> = {
  ALL: ["FLAGS", "INTERNALDATE", "RFC822.SIZE", "ENVELOPE"],
  FAST: ["FLAGS", "INTERNALDATE", "RFC822.SIZE"],
  FULL: ["FLAGS", "INTERNALDATE", "RFC822.SIZE", "ENVELOPE", "BODY"],
};

/** "1.2.HEADER.FIELDS (A B)" → spec. */
export function parseSection(text: string): SectionSpec {
  const m = /^((?:\d+\.)*\d+)?(?:\.?(HEADER\.FIELDS\.NOT|HEADER\.FIELDS|HEADER|TEXT|MIME))?(?:\s+\(([^)]*)\))?$/i.exec(text.trim());
  if (!m || (m[1] === undefined && m[2] === undefined && text.trim() !== "")) throw new ParseError(`bad section ${text}`);
  if (m[1] && m[2] && !text.trim().slice(m[1].length).startsWith(".")) throw new ParseError(`bad section ${text}`);
  const path = m[1] ? m[1].split(".").map(Number) : [];
  if (path.some((n) => n === 0)) throw new ParseError("part numbers start at 1");
  const part = m[2]?.toUpperCase() as SectionSpec["part"];
  if (part === "MIME" && !path.length) throw new ParseError("MIME needs a part number");
  const isFields = part === "HEADER.FIELDS" || part === "HEADER.FIELDS.NOT";
  if (isFields !== (m[3] !== undefined)) throw new ParseError("HEADER.FIELDS needs a field list");
  const fields = isFields ? m[3].split(/\s+/).filter(Boolean).map((f) => f.replace(/^"|"$/g, "")) : undefined;
  if (isFields && !fields!.length) throw new ParseError("empty field list");
  return { path, ...(part ? { part } : {}), ...(fields ? { fields } : {}) };
}

function bodyItem(atom: string): BodyItem {
  const m = /^(BODY|BODY\.PEEK|BINARY|BINARY\.PEEK)\[([^\]]*)\](?:<(\d+)\.(\d+)>)?$/i.exec(atom);
  if (!m || m[1].toUpperCase().startsWith("BINARY")) throw new ParseError(`unknown fetch item ${atom}`);
  const spec = parseSection(m[2]);
  const partial = m[3] !== undefined ? { start: Number(m[3]), length: Number(m[4]) } : undefined;
  if (partial && partial.length === 0) throw new ParseError("partial length must be positive");
  return {
    name: `BODY[${m[2]}]${partial ? `<${partial.start}>` : ""}`,
    spec,
    setsSeen: m[1].toUpperCase() === "BODY",
    ...(partial ? { partial } : {}),
  };
}

export function parseFetchItems(token: Token): FetchItems {
  const items: FetchItems = { simple: new Set(), bodies: [] };
  const atoms: string[] = [];
  if (token.t === "list") {
    for (const t of token.v) {
      if (t.t !== "atom") throw new ParseError("fetch items are atoms");
      atoms.push(t.v);
    }
  } else if (token.t === "atom") {
    const macro = MACROS[token.v.toUpperCase()];
    if (macro) {
      for (const s of macro) items.simple.add(s);
      return items;
    }
    atoms.push(token.v);
  } else throw new ParseError("bad fetch items");
  if (!atoms.length) throw new ParseError("no fetch items");
  for (const atom of atoms) {
    const upper = atom.toUpperCase();
    if (SIMPLE.has(upper)) items.simple.add(upper as SimpleItem);
    else if (upper === "RFC822") items.bodies.push({ name: "RFC822", spec: { path: [] }, setsSeen: true });
    else if (upper === "RFC822.HEADER") items.bodies.push({ name: "RFC822.HEADER", spec: { path: [], part: "HEADER" }, setsSeen: false });
    else if (upper === "RFC822.TEXT") items.bodies.push({ name: "RFC822.TEXT", spec: { path: [], part: "TEXT" }, setsSeen: true });
    else if (upper.startsWith("BODY[") || upper.startsWith("BODY.PEEK[") || upper.startsWith("BINARY")) items.bodies.push(bodyItem(atom));
    else throw new ParseError(`unknown fetch item ${atom}`);
  }
  return items;
}
