// Properties and multistatus answers (RFC 4918 §9.1, §13, §14): what a PROPFIND (or a REPORT's <prop>) asks
// for, one <response> per resource with a propstat per status, PROPPATCH instructions, and the error bodies
// of preconditions (<D:error><C:valid-calendar-data/></D:error>).
import { child, clark, clarkOf, document, el, escapeXml, NS, type XmlElement } from "./xml.ts";

/** A property name in Clark notation and its parts. */
export interface PropName {
  ns: string;
  name: string;
  clark: string;
}

export type PropRequest =
  | { kind: "prop"; names: PropName[]; elements: Map<string, XmlElement> }
  | { kind: "allprop"; include: PropName[] }
  | { kind: "propname" };

/**
 * A resource's properties: Clark name → the XML inside the property element ("" for an empty one). A value
 * of null is a property the resource knows but does not have (404 when asked for).
 */
export type PropMap = Map<string, string | null>;

export const nameOf = (e: Pick<XmlElement, "ns" | "name">): PropName => ({ ns: e.ns, name: e.name, clark: clarkOf(e) });

export function splitClark(c: string): PropName {
  const end = c.indexOf("}");
  return { ns: c.slice(1, end), name: c.slice(end + 1), clark: c };
}

/** The <propfind> (or the <prop> of a REPORT) of a request body; no body: allprop (RFC 4918 §9.1). */
export function propRequestOf(root: XmlElement | null): PropRequest {
  if (!root) return { kind: "allprop", include: [] };
  const holder = root.ns === NS.DAV && root.name === "prop" ? root : undefined;
  const prop = holder ?? child(root, NS.DAV, "prop");
  if (prop) {
    return { kind: "prop", names: prop.children.map(nameOf), elements: new Map(prop.children.map((c) => [clarkOf(c), c])) };
  }
  if (child(root, NS.DAV, "propname")) return { kind: "propname" };
  return { kind: "allprop", include: (child(root, NS.DAV, "include")?.children ?? []).map(nameOf) };
}

/** Whether the request asks for this property (allprop takes everything but the costly ones). */
export function wants(req: PropRequest, c: string, costly = false): boolean {
  if (req.kind === "prop") return req.names.some((n) => n.clark === c);
  if (req.kind === "allprop") return !costly || req.include.some((n) => n.clark === c);
  return false;
}

/** One <D:response> with propstats for `req` out of the resource's properties. */
export function propResponse(href: string, props: PropMap, req: PropRequest): string {
  const ok: string[] = [];
  const missing: string[] = [];
  if (req.kind === "propname") {
    for (const [c, v] of props) if (v !== null) ok.push(el(splitClark(c).ns, splitClark(c).name));
  } else {
    const names = req.kind === "prop" ? req.names : [...props.keys()].map(splitClark).concat(req.include);
    const seen = new Set<string>();
    for (const n of names) {
      if (seen.has(n.clark)) continue;
      seen.add(n.clark);
      const v = props.get(n.clark);
      if (v === undefined || v === null) {
        if (req.kind === "prop" || req.include.some((i) => i.clark === n.clark)) missing.push(el(n.ns, n.name));
      } else ok.push(el(n.ns, n.name, v));
    }
  }
  const stats = [
    ok.length || !missing.length ? propstat(ok.join(""), 200) : "",
    missing.length ? propstat(missing.join(""), 404) : "",
  ];
  return el(NS.DAV, "response", hrefXml(href) + stats.join(""));
}

export function propstat(inner: string, status: number): string {
  return el(NS.DAV, "propstat", el(NS.DAV, "prop", inner) + statusXml(status));
}

/** A <D:response> with a status only (sync-collection's removed members, multiget's unknown hrefs). */
export function statusResponse(href: string, status: number): string {
  return el(NS.DAV, "response", hrefXml(href) + statusXml(status));
}

const REASONS: Record<number, string> = {
  200: "OK", 201: "Created", 204: "No Content", 403: "Forbidden", 404: "Not Found", 409: "Conflict",
  424: "Failed Dependency", 507: "Insufficient Storage",
};

export const statusXml = (status: number) => el(NS.DAV, "status", `HTTP/1.1 ${status} ${REASONS[status] ?? ""}`.trim());
export const hrefXml = (href: string) => el(NS.DAV, "href", escapeXml(href));

/** A 207 answer of these <response> elements (and a sync-token for sync-collection). */
export function multistatus(responses: string[], syncToken?: string): Response {
  const token = syncToken === undefined ? "" : el(NS.DAV, "sync-token", escapeXml(syncToken));
  return xmlResponse(207, el(NS.DAV, "multistatus", responses.join("") + token));
}

export function xmlResponse(status: number, rootElement: string, headers: Record<string, string> = {}): Response {
  return new Response(document(rootElement), { status, headers: { "content-type": "application/xml; charset=utf-8", ...headers } });
}

/** A precondition or postcondition failure: `status` with <D:error><ns:name/></D:error>. */
export function conditionError(status: number, ns: string, name: string): Response {
  return xmlResponse(status, el(NS.DAV, "error", el(ns, name)));
}

/** PROPPATCH's instructions in document order: set (with the new value's element) or remove. */
export function proppatchOf(root: XmlElement): { op: "set" | "remove"; name: PropName; value: XmlElement }[] {
  const out: { op: "set" | "remove"; name: PropName; value: XmlElement }[] = [];
  for (const part of root.children) {
    if (part.ns !== NS.DAV || (part.name !== "set" && part.name !== "remove")) continue;
    for (const p of child(part, NS.DAV, "prop")?.children ?? []) out.push({ op: part.name, name: nameOf(p), value: p });
  }
  return out;
}

/** The text of a property value (displayname, calendar-color); the whole text of its element. */
export const textValue = (e: XmlElement) => e.text.trim();

export { clark };
