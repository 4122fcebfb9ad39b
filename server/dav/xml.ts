// XML of the DAV front: a strict reader of request bodies with namespaces resolved (each element's namespace
// URI and local name, whatever prefixes the client chose), and the writing side (escaping, the namespaces the
// answers use). No package: fast-xml-parser does not resolve namespaces, and DAV bodies are small. A DOCTYPE is
// refused (no entity expansion), as is anything not well formed: the routes answer 400.

export const NS = {
  DAV: "DAV:",
  CALDAV: "urn:ietf:params:xml:ns:caldav",
  CARDDAV: "urn:ietf:params:xml:ns:carddav",
  CS: "http://calendarserver.org/ns/",
  APPLE: "http://apple.com/ns/ical/",
} as const;

/** The prefixes every answer declares on its root element. */
const PREFIXES: Record<string, string> = { [NS.DAV]: "D", [NS.CALDAV]: "C", [NS.CARDDAV]: "CR", [NS.CS]: "CS", [NS.APPLE]: "A" };

export const ROOT_NAMESPACES = Object.entries(PREFIXES).map(([uri, p]) => ` xmlns:${p}="${uri}"`).join("");

export interface XmlElement {
  ns: string;
  name: string;
  attrs: Map<string, string>;
  children: XmlElement[];
  /** The element's own text (character data and CDATA directly inside it). */
  text: string;
}

export class XmlError extends Error {}

/** Clark notation: "{DAV:}displayname". */
export const clark = (ns: string, name: string) => `{${ns}}${name}`;
export const clarkOf = (e: Pick<XmlElement, "ns" | "name">) => clark(e.ns, e.name);

const ENTITIES: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };

function decode(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+);/g, (_, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!Number.isFinite(code) || code < 1 || code > 0x10ffff) throw new XmlError("bad character reference");
      return String.fromCodePoint(code);
    }
    const v = ENTITIES[ref];
    if (v === undefined) throw new XmlError(`unknown entity ${ref}`);
    return v;
  });
}

const NAME = "[A-Za-z_][-A-Za-z0-9_.]*(?::[A-Za-z_][-A-Za-z0-9_.]*)?";
const TAG = new RegExp(`^<(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>`);
const ATTR = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, "g");

interface Open {
  el: XmlElement;
  qname: string;
  scope: Map<string, string>;
  raw: Map<string, string>;
}

/** Parses a document; its root element. Throws XmlError when it is not well formed. */
export function parseXml(input: string): XmlElement {
  // XML 1.0 §2.11: line ends reach the application as LF.
  let s = input.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const stack: Open[] = [];
  let root: XmlElement | null = null;
  let i = 0;
  const top = () => stack[stack.length - 1];
  while (i < s.length) {
    const lt = s.indexOf("<", i);
    const textEnd = lt === -1 ? s.length : lt;
    if (textEnd > i) {
      const text = s.slice(i, textEnd);
      if (stack.length) top().el.text += decode(text);
      else if (text.trim()) throw new XmlError("text outside the root element");
      i = textEnd;
      continue;
    }
    if (s.startsWith("<?", i)) {
      const end = s.indexOf("?>", i);
      if (end === -1) throw new XmlError("unterminated processing instruction");
      i = end + 2;
    } else if (s.startsWith("<!--", i)) {
      const end = s.indexOf("-->", i);
      if (end === -1) throw new XmlError("unterminated comment");
      i = end + 3;
    } else if (s.startsWith("<![CDATA[", i)) {
      const end = s.indexOf("]]>", i);
      if (end === -1 || !stack.length) throw new XmlError("bad CDATA section");
      top().el.text += s.slice(i + 9, end);
      i = end + 3;
    } else if (s.startsWith("<!", i)) {
      throw new XmlError("DOCTYPE and declarations are not accepted");
    } else if (s.startsWith("</", i)) {
      const m = /^<\/([^\s>]+)\s*>/.exec(s.slice(i, i + 300));
      if (!m || !stack.length || top().qname !== m[1]) throw new XmlError("mismatched end tag");
      stack.pop();
      i += m[0].length;
    } else {
      const m = TAG.exec(s.slice(i, i + 20_000));
      if (!m) throw new XmlError("bad start tag");
      if (!stack.length && root) throw new XmlError("a second root element");
      const raw = new Map<string, string>();
      for (const a of m[2].matchAll(ATTR)) {
        if (raw.has(a[1])) throw new XmlError("duplicate attribute");
        raw.set(a[1], decode(a[2] ?? a[3] ?? ""));
      }
      const scope = new Map(stack.length ? top().scope : [["xml", "http://www.w3.org/XML/1998/namespace"]]);
      for (const [k, v] of raw) {
        if (k === "xmlns") scope.set("", v);
        else if (k.startsWith("xmlns:")) {
          if (v === "") throw new XmlError(`empty namespace for prefix ${k.slice(6)}`); // Namespaces in XML 1.0 §3
          scope.set(k.slice(6), v);
        }
      }
      const [prefix, local] = m[1].includes(":") ? m[1].split(":") : ["", m[1]];
      const ns = scope.get(prefix);
      if (ns === undefined && prefix) throw new XmlError(`undeclared prefix ${prefix}`);
      const attrs = new Map<string, string>();
      for (const [k, v] of raw) if (k !== "xmlns" && !k.startsWith("xmlns:")) attrs.set(k.includes(":") ? k.split(":")[1] : k, v);
      const el: XmlElement = { ns: ns ?? "", name: local, attrs, children: [], text: "" };
      if (stack.length) top().el.children.push(el);
      else root = el;
      if (!m[3]) stack.push({ el, qname: m[1], scope, raw });
      i += m[0].length;
    }
  }
  s = "";
  if (stack.length || !root) throw new XmlError(root ? "unclosed element" : "no root element");
  return root;
}

/** The first child of that name. */
export function child(e: XmlElement | undefined, ns: string, name: string): XmlElement | undefined {
  return e?.children.find((c) => c.ns === ns && c.name === name);
}

export function children(e: XmlElement | undefined, ns: string, name: string): XmlElement[] {
  return e?.children.filter((c) => c.ns === ns && c.name === name) ?? [];
}

export function escapeXml(s: string): string {
  return s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/**
 * An element of a known namespace with the answer's prefix (`inner` already XML), or with a namespace
 * declaration of its own for one the answers do not declare.
 */
export function el(ns: string, name: string, inner = ""): string {
  const p = PREFIXES[ns];
  // No namespace (a WebDAV dead property may have none): an empty prefix cannot be declared, the default can.
  const open = p ? `${p}:${name}` : ns === "" ? `${name} xmlns=""` : `X:${name} xmlns:X="${escapeXml(ns)}"`;
  const close = p ? `${p}:${name}` : ns === "" ? name : `X:${name}`;
  return inner === "" ? `<${open}/>` : `<${open}>${inner}</${close}>`;
}

export const XML_DECL = `<?xml version="1.0" encoding="utf-8"?>\n`;

/** A whole answer document: `body` is the root element made with `el`; the shared namespaces go on the root. */
export function document(body: string): string {
  const close = body.search(/\/?>/);
  return XML_DECL + body.slice(0, close) + ROOT_NAMESPACES + body.slice(close);
}
