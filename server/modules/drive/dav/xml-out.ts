// An element read from a request written back as XML with its own namespace declarations (no prefix of the
// answer is assumed): dead property values and a lock's DAV:owner are given back as the client sent them.
import { escapeXml, type XmlElement } from "../../../dav/xml.ts";

export function serialize(e: XmlElement): string {
  const prefixes = new Map<string, string>();
  return write(e, prefixes);
}

function write(e: XmlElement, inScope: Map<string, string>): string {
  const scope = new Map(inScope);
  let decl = "";
  let qname = e.name;
  if (e.ns) {
    let p = scope.get(e.ns);
    if (!p) {
      p = `n${scope.size}`;
      scope.set(e.ns, p);
      decl = ` xmlns:${p}="${escapeXml(e.ns)}"`;
    }
    qname = `${p}:${e.name}`;
  }
  const attrs = [...e.attrs].map(([k, v]) => ` ${k}="${escapeXml(v)}"`).join("");
  const inner = escapeXml(e.text) + e.children.map((c) => write(c, scope)).join("");
  return inner === "" ? `<${qname}${decl}${attrs}/>` : `<${qname}${decl}${attrs}>${inner}</${qname}>`;
}

/** The inside of a serialized element (what goes between the property element's tags of an answer). */
export function innerOf(e: XmlElement): string {
  return escapeXml(e.text) + e.children.map((c) => write(c, new Map())).join("");
}
