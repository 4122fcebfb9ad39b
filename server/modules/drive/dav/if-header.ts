// The If header (RFC 4918 §10.4): lists of conditions (lock tokens and ETags, each maybe negated), untagged
// (about the request's resource) or tagged with a resource's URL. The header holds when any list holds; a
// list holds when all its conditions do. parseIf answers null for a header that cannot be read (400).
export interface Condition {
  not: boolean;
  /** A state token (<opaquelocktoken:...>, <DAV:no-lock>) or an entity tag ([...]). */
  kind: "token" | "etag";
  value: string;
}

export interface IfList {
  /** The tagged resource's URL; null: the request's resource. */
  resource: string | null;
  conditions: Condition[];
}

export function parseIf(header: string): IfList[] | null {
  const lists: IfList[] = [];
  let resource: string | null = null;
  let i = 0;
  const s = header;
  const skip = () => {
    while (i < s.length && /\s/.test(s[i])) i++;
  };
  for (;;) {
    skip();
    if (i >= s.length) break;
    if (s[i] === "<") {
      const end = s.indexOf(">", i);
      if (end < 0) return null;
      resource = s.slice(i + 1, end);
      i = end + 1;
      continue;
    }
    if (s[i] !== "(") return null;
    i++;
    const conditions: Condition[] = [];
    for (;;) {
      skip();
      if (i >= s.length) return null;
      if (s[i] === ")") {
        i++;
        break;
      }
      let not = false;
      if (/^not\b/i.test(s.slice(i, i + 4))) {
        not = true;
        i += 3;
        skip();
      }
      if (s[i] === "<") {
        const end = s.indexOf(">", i);
        if (end < 0) return null;
        conditions.push({ not, kind: "token", value: s.slice(i + 1, end).trim() });
        i = end + 1;
      } else if (s[i] === "[") {
        const end = s.indexOf("]", i);
        if (end < 0) return null;
        conditions.push({ not, kind: "etag", value: s.slice(i + 1, end).trim().replace(/^W\//, "") });
        i = end + 1;
      } else return null;
    }
    if (!conditions.length) return null;
    lists.push({ resource, conditions });
  }
  return lists.length ? lists : null;
}

/** Every lock token the header names (submitted tokens, whatever their lists' outcome). */
export function tokensOf(lists: IfList[]): Set<string> {
  const out = new Set<string>();
  for (const l of lists) for (const c of l.conditions) if (c.kind === "token" && !c.not) out.add(c.value);
  return out;
}

export interface ResourceState {
  etag: string | null;
  /** The tokens of the locks covering the resource ("opaquelocktoken:..." form). */
  tokens: Set<string>;
}

/** Whether the header holds, given the state of the resources it names (null: the request's resource). */
export async function ifHolds(lists: IfList[], stateOf: (resource: string | null) => Promise<ResourceState>): Promise<boolean> {
  for (const list of lists) {
    const state = await stateOf(list.resource);
    const holds = list.conditions.every((c) => {
      const match = c.kind === "token" ? state.tokens.has(c.value) : state.etag !== null && state.etag === c.value;
      return c.not ? !match : match;
    });
    if (holds) return true;
  }
  return false;
}
