// A forgiving first pass over iCalendar text, before ical.js sees it: bytes to text (UTF-8, a BOM dropped),
// CRLF, LF or CR line ends, folded lines joined (RFC 5545 3.1: a line starting with a space or tab continues
// the one before), and the lines grouped into a tree of BEGIN/END components. ical.js parses a file all or
// nothing; splitting first lets each VEVENT be parsed on its own, so one broken event does not take the
// good ones with it. Unbalanced END lines are ignored; a component left open at the end is closed there.

export interface TextComponent {
  /** Upper-case: VCALENDAR, VEVENT, VTIMEZONE, VALARM, ... */
  name: string;
  /** The content lines of this component (unfolded), without its BEGIN/END and its subcomponents' lines. */
  props: string[];
  children: TextComponent[];
}

/** Text of the given bytes (UTF-8), or the string as given, without a leading byte-order mark. */
export function icsText(input: string | Uint8Array): string {
  const text = typeof input === "string" ? input : new TextDecoder("utf-8").decode(input);
  return text.replace(/^\uFEFF/, "");
}

/** Unfolded content lines; empty lines dropped. */
export function unfoldLines(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r\n|\n|\r/)) {
    if ((line.startsWith(" ") || line.startsWith("\t")) && out.length) out[out.length - 1] += line.slice(1);
    else if (line.trim()) out.push(line);
  }
  return out;
}

/** The name of a content line ("DTSTART;TZID=Asia/Seoul:..." → "DTSTART"), upper-case. */
export function lineName(line: string): string {
  const m = /^[A-Za-z0-9-]+/.exec(line);
  return m ? m[0].toUpperCase() : "";
}

/** The value of a content line: what follows the first colon outside a quoted parameter value. */
export function lineValue(line: string): string {
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === ":" && !quoted) return line.slice(i + 1);
  }
  return "";
}

/** True when the line has a name and a colon, the least ical.js needs to read it. */
export function isContentLine(line: string): boolean {
  if (!/^[A-Za-z0-9-]+[;:]/.test(line)) return false;
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (c === ":" && !quoted) return true;
  }
  return false;
}

/** The top-level components of a text (normally one or more VCALENDARs). */
export function parseTextTree(text: string): TextComponent[] {
  const roots: TextComponent[] = [];
  const stack: TextComponent[] = [];
  for (const line of unfoldLines(text)) {
    const name = lineName(line);
    if (name === "BEGIN" && line.includes(":")) {
      const comp: TextComponent = { name: lineValue(line).trim().toUpperCase(), props: [], children: [] };
      (stack.length ? stack[stack.length - 1].children : roots).push(comp);
      stack.push(comp);
    } else if (name === "END" && line.includes(":")) {
      const endName = lineValue(line).trim().toUpperCase();
      const at = stack.map((c) => c.name).lastIndexOf(endName);
      if (at >= 0) stack.length = at;
    } else if (stack.length) {
      stack[stack.length - 1].props.push(line);
    }
  }
  return roots;
}

/** The component as iCalendar text (CRLF line ends, unfolded lines; ical.js folds when it writes). */
export function textOf(comp: TextComponent): string {
  return [`BEGIN:${comp.name}`, ...comp.props, ...comp.children.map(textOf), `END:${comp.name}`].join("\r\n");
}

export interface ContentLine {
  /** Upper-case. */
  name: string;
  /** Parameters in order; keys upper-case, values as written (quotes kept). */
  params: { key: string; value: string }[];
  value: string;
}

/** A content line split into name, parameters and value; null when it is not one. */
export function splitLine(line: string): ContentLine | null {
  if (!isContentLine(line)) return null;
  const name = lineName(line);
  const params: { key: string; value: string }[] = [];
  let i = name.length;
  while (line[i] === ";") {
    let j = i + 1;
    let quoted = false;
    while (j < line.length && (quoted || (line[j] !== ";" && line[j] !== ":"))) {
      if (line[j] === '"') quoted = !quoted;
      j++;
    }
    const part = line.slice(i + 1, j);
    const eq = part.indexOf("=");
    params.push(eq < 0 ? { key: part.toUpperCase(), value: "" } : { key: part.slice(0, eq).toUpperCase(), value: part.slice(eq + 1) });
    i = j;
  }
  return { name, params, value: line.slice(i + 1) };
}

export function joinLine(l: ContentLine): string {
  return l.name + l.params.map((p) => `;${p.key}=${p.value}`).join("") + ":" + l.value;
}

/** A parameter's value without surrounding quotes, or null when absent. */
export function paramOf(l: ContentLine, key: string): string | null {
  const p = l.params.find((x) => x.key === key);
  return p ? p.value.replace(/^"(.*)"$/, "$1") : null;
}

/** Sets (or with null removes) a parameter; values with ; : or , are quoted. */
export function setParam(l: ContentLine, key: string, value: string | null): void {
  l.params = l.params.filter((p) => p.key !== key);
  if (value !== null) l.params.push({ key, value: /[;:,]/.test(value) ? `"${value.replace(/"/g, "")}"` : value });
}
