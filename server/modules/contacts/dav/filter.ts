// addressbook-query filters (RFC 6352 §10.5) on a card's vCard as a client gets it: prop-filter by property
// name (FN, EMAIL, TEL, N, ORG... and X- properties), is-not-defined, text-match (collations i;octet,
// i;ascii-casemap and the default i;unicode-casemap; match-type equals, contains, starts-with, ends-with;
// negate-condition) and param-filter, combined by the test attributes (anyof by default, allof). Before the
// cards are read, the filter is narrowed for the database where it can be (prefilterOf): text-matches on FN,
// EMAIL and TEL with the default collation become LIKEs on the card's search_text (the same NFKC, lower-case
// text of its name, addresses and phones), a superset the exact match then checks.
import { DavError } from "../../../dav/provider.ts";
import { child, children, NS, type XmlElement } from "../../../dav/xml.ts";
import { contentLines, nameOfLine } from "./vcard.ts";

interface Prop {
  name: string;
  params: Map<string, string[]>;
  value: string;
}

/** The vCard's properties with their parameters and unescaped values. */
export function propsOf(vcard: string): Prop[] {
  return contentLines(vcard).map((line) => {
    let at = -1;
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      if (line[i] === '"') quoted = !quoted;
      else if (line[i] === ":" && !quoted) {
        at = i;
        break;
      }
    }
    const head = at < 0 ? line : line.slice(0, at);
    const params = new Map<string, string[]>();
    for (const p of head.split(";").slice(1)) {
      const eq = p.indexOf("=");
      const key = (eq < 0 ? "TYPE" : p.slice(0, eq)).toUpperCase();
      const vals = (eq < 0 ? p : p.slice(eq + 1)).split(",").map((v) => v.replace(/^"|"$/g, ""));
      params.set(key, [...(params.get(key) ?? []), ...vals]);
    }
    const raw = at < 0 ? "" : line.slice(at + 1);
    const value = raw.replace(/\\([\\,;nN])/g, (_, c: string) => (c === "n" || c === "N" ? "\n" : c));
    return { name: nameOfLine(line)[1], params, value };
  });
}

function fold(s: string, collation: string): string {
  if (collation === "i;octet") return s;
  if (collation === "i;ascii-casemap") return s.replace(/[A-Z]/g, (c) => c.toLowerCase());
  if (collation === "i;unicode-casemap") return s.normalize("NFKC").toLowerCase();
  throw new DavError(403, { ns: NS.CARDDAV, name: "supported-collation" });
}

function textMatches(value: string, m: XmlElement): boolean {
  const collation = m.attrs.get("collation") ?? "i;unicode-casemap";
  const v = fold(value, collation);
  const needle = fold(m.text, collation);
  const type = m.attrs.get("match-type") ?? "contains";
  let hit: boolean;
  if (type === "equals") hit = v === needle;
  else if (type === "contains") hit = v.includes(needle);
  else if (type === "starts-with") hit = v.startsWith(needle);
  else if (type === "ends-with") hit = v.endsWith(needle);
  else throw new DavError(403, { ns: NS.CARDDAV, name: "supported-filter" });
  return m.attrs.get("negate-condition") === "yes" ? !hit : hit;
}

const allOf = (e: XmlElement) => e.attrs.get("test") === "allof";

function combine(e: XmlElement, tests: boolean[]): boolean {
  if (!tests.length) return true;
  return allOf(e) ? tests.every(Boolean) : tests.some(Boolean);
}

function paramMatches(p: Prop, f: XmlElement): boolean {
  const values = p.params.get((f.attrs.get("name") ?? "").toUpperCase()) ?? [];
  if (child(f, NS.CARDDAV, "is-not-defined")) return values.length === 0;
  if (!values.length) return false;
  const tm = child(f, NS.CARDDAV, "text-match");
  return !tm || values.some((v) => textMatches(v, tm));
}

function propFilterMatches(props: Prop[], f: XmlElement): boolean {
  const name = (f.attrs.get("name") ?? "").toUpperCase();
  if (!name) throw new DavError(400, { ns: NS.CARDDAV, name: "valid-filter" });
  const matching = props.filter((p) => p.name === name);
  if (child(f, NS.CARDDAV, "is-not-defined")) return matching.length === 0;
  if (!matching.length) return false;
  const textMatches_ = children(f, NS.CARDDAV, "text-match");
  const paramFilters = children(f, NS.CARDDAV, "param-filter");
  // Each test is true when some instance of the property passes it (RFC 6352 §10.5.1).
  const tests = [
    ...textMatches_.map((tm) => matching.some((p) => textMatches(p.value, tm))),
    ...paramFilters.map((pf) => matching.some((p) => paramMatches(p, pf))),
  ];
  return combine(f, tests);
}

/** Whether the vCard matches the <CR:filter>; no filter or an empty one matches every card. */
export function matches(vcard: string, filter: XmlElement | undefined): boolean {
  if (!filter) return true;
  const propFilters = children(filter, NS.CARDDAV, "prop-filter");
  if (!propFilters.length) return true;
  const props = propsOf(vcard);
  return combine(filter, propFilters.map((f) => propFilterMatches(props, f)));
}

/** A condition on search_text: every (all) or some of its parts; a string is "contains this folded text". */
export interface Prefilter {
  all: boolean;
  parts: (Prefilter | string)[];
}

/** Properties whose every value is in the card's search_text (FN: its name; EMAIL; TEL as vCard 3.0 writes it). */
const IN_SEARCH_TEXT = new Set(["FN", "EMAIL", "TEL"]);
/** Properties every card has. */
const ALWAYS = new Set(["FN", "UID", "VERSION"]);

function propPrefilter(f: XmlElement): Prefilter | undefined {
  const name = (f.attrs.get("name") ?? "").toUpperCase();
  if (!IN_SEARCH_TEXT.has(name) || child(f, NS.CARDDAV, "is-not-defined")) return undefined;
  const usable = (tm: XmlElement) => (tm.attrs.get("collation") ?? "i;unicode-casemap") === "i;unicode-casemap" && tm.attrs.get("negate-condition") !== "yes";
  const tms = children(f, NS.CARDDAV, "text-match");
  const needles = tms.filter(usable).map((tm) => fold(tm.text, "i;unicode-casemap"));
  if (allOf(f)) return needles.length ? { all: true, parts: needles } : undefined;
  const others = tms.length - needles.length + children(f, NS.CARDDAV, "param-filter").length;
  return needles.length && !others ? { all: false, parts: needles } : undefined;
}

/** The database's narrowing of a filter; undefined when it cannot narrow. */
export function prefilterOf(filter: XmlElement): Prefilter | undefined {
  const parts = children(filter, NS.CARDDAV, "prop-filter").map(propPrefilter);
  if (!parts.length) return undefined;
  if (allOf(filter)) {
    const known = parts.filter((p): p is Prefilter => !!p);
    return known.length ? { all: true, parts: known } : undefined;
  }
  return parts.every((p) => !!p) ? { all: false, parts: parts as Prefilter[] } : undefined;
}

/** Whether the filter matches every card without reading it (tsdav's default: FN is defined). */
export function matchesEveryCard(filter: XmlElement): boolean {
  const pfs = children(filter, NS.CARDDAV, "prop-filter");
  const always = pfs.map((f) => ALWAYS.has((f.attrs.get("name") ?? "").toUpperCase()) && f.children.length === 0);
  return !pfs.length || (allOf(filter) ? always.every(Boolean) : always.some(Boolean));
}
