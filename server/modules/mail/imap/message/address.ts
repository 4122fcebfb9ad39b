// RFC 5322 address lists as the IMAP ENVELOPE wants them: (name adl mailbox host) per mailbox, and for a group
// a start marker (NIL NIL "group name" NIL) and an end marker (NIL NIL NIL NIL). Lenient like real servers:
// a bare word without "@" is a mailbox with host MISSING_DOMAIN, a comment after an address stands in for a
// missing display name, an unterminated group or angle address ends at the end of the value. Encoded words are
// left as they are. Checked against dovecot's answers (tests/mail/clients/imap-message).

export interface EnvelopeAddress {
  name: string | null;
  adl: string | null;
  mailbox: string | null;
  host: string | null;
}

type Token = {
  kind: "atom" | "quoted" | "comment" | "special" | "literal"; // literal: [domain literal] with its brackets
  text: string;
  /** Whitespace or a comment came before it (display names keep one space there). */
  space: boolean;
};

function tokenize(s: string): Token[] {
  const out: Token[] = [];
  let i = 0;
  let space = false;
  const push = (kind: Token["kind"], text: string) => {
    out.push({ kind, text, space });
    space = kind === "comment";
  };
  while (i < s.length) {
    const c = s[i];
    if (c === " " || c === "\t" || c === "\r" || c === "\n") {
      space = true;
      i++;
    } else if (c === '"') {
      let t = "";
      for (i++; i < s.length && s[i] !== '"'; i++) {
        if (s[i] === "\\" && i + 1 < s.length) i++;
        t += s[i];
      }
      i++;
      push("quoted", t);
    } else if (c === "(") {
      let depth = 1;
      let t = "";
      for (i++; i < s.length; i++) {
        const d = s[i];
        if (d === "\\" && i + 1 < s.length) {
          t += s[++i];
          continue;
        }
        if (d === "(") depth++;
        else if (d === ")" && --depth === 0) break;
        t += d;
      }
      i++;
      push("comment", t);
    } else if (c === "[") {
      const close = s.indexOf("]", i);
      const stop = close < 0 ? s.length : close + 1;
      push("literal", s.slice(i, stop));
      i = stop;
    } else if ("<>@,;:.".includes(c)) {
      push("special", c);
      i++;
    } else {
      let j = i;
      while (j < s.length && !` \t\r\n"()[<>@,;:.`.includes(s[j])) j++;
      push("atom", s.slice(i, j));
      i = j;
    }
  }
  return out;
}

const isSpecial = (t: Token | undefined, c: string) =>
  t !== undefined && t.kind === "special" && t.text === c;

/** Parses an address list header value into ENVELOPE addresses (groups as start/end markers). */
export function parseAddressList(value: string): EnvelopeAddress[] {
  const toks = tokenize(value);
  const out: EnvelopeAddress[] = [];
  let i = 0;
  let inGroup = false;
  while (i < toks.length) {
    const t = toks[i];
    if (isSpecial(t, ",")) {
      i++;
      continue;
    }
    if (isSpecial(t, ";")) {
      if (inGroup) out.push({ name: null, adl: null, mailbox: null, host: null });
      inGroup = false;
      i++;
      continue;
    }
    // Collect up to "<", ":", ",", ";" or the end.
    let j = i;
    while (j < toks.length && !["<", ":", ",", ";"].some((c) => isSpecial(toks[j], c))) j++;
    const run = toks.slice(i, j);
    const stop = toks[j];
    if (isSpecial(stop, ":") && !inGroup) {
      out.push({ name: null, adl: null, mailbox: phrase(run) ?? "", host: null });
      inGroup = true;
      i = j + 1;
      continue;
    }
    if (isSpecial(stop, "<")) {
      let k = j + 1;
      while (k < toks.length && !isSpecial(toks[k], ">")) k++;
      const inner = toks.slice(j + 1, k);
      let adl: string | null = null;
      let spec = inner;
      const colon = inner.findIndex((x) => isSpecial(x, ":"));
      if (colon >= 0 && isSpecial(inner[0], "@")) {
        adl = inner.slice(0, colon).map((x) => x.text).join("");
        spec = inner.slice(colon + 1);
      }
      const addr = addrSpec(spec);
      // Comments after ">" (up to the next "," or ";") can name an address without a phrase.
      let m = k + 1;
      const after: Token[] = [];
      while (m < toks.length && !isSpecial(toks[m], ",") && !isSpecial(toks[m], ";")) after.push(toks[m++]);
      const name = phrase(run) ?? lastComment([...run, ...after]);
      out.push({ name, adl, ...addr });
      i = m;
      continue;
    }
    if (run.length > 0) {
      const addr = addrSpec(run);
      // A comment names the address only when it follows the address (dovecot does the same).
      const first = run.findIndex((x) => x.kind !== "comment");
      if (first >= 0) out.push({ name: lastComment(run.slice(first)), adl: null, ...addr });
    }
    i = j;
  }
  if (inGroup) out.push({ name: null, adl: null, mailbox: null, host: null });
  return out;
}

/** A display name: its words (quoted strings unquoted) with one space where the value had any; null if none. */
function phrase(run: Token[]): string | null {
  let out = "";
  let any = false;
  for (const t of run) {
    if (t.kind === "comment") continue;
    if (any && t.space) out += " ";
    out += t.text;
    any = true;
  }
  return any ? out : null;
}

function lastComment(run: Token[]): string | null {
  for (let i = run.length - 1; i >= 0; i--) if (run[i].kind === "comment") return run[i].text.trim() || null;
  return null;
}

/**
 * local@domain from tokens (comments ignored, a quoted local part unquoted). A missing host or mailbox is
 * said as MISSING_DOMAIN / MISSING_MAILBOX, as dovecot does: NIL host would read as a group marker.
 */
function addrSpec(run: Token[]): { mailbox: string | null; host: string | null } {
  const words = run.filter((t) => t.kind !== "comment");
  const at = words.findIndex((t) => t.kind === "special" && t.text === "@");
  const local = (at < 0 ? words : words.slice(0, at)).map((t) => t.text).join("");
  const host = at < 0 ? "" : words.slice(at + 1).map((t) => t.text).join("");
  return { mailbox: local === "" ? "MISSING_MAILBOX" : local, host: host === "" ? "MISSING_DOMAIN" : host };
}
