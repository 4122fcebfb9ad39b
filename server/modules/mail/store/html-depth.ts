// Limits how deeply the elements of a mail's HTML nest before anything else parses it. htmlparser2 (under
// sanitize-html and the reader's quote split) keeps its stack of open elements with Array#unshift, so each
// open element costs as much as the depth so far: 100,000 unclosed <b> took 14 s to sanitise, and a message
// of a few MB of them would pass the preparation worker's time limit (prepare-pool.ts) and be answered 451
// at every try, for ever. A 10,000-level tree also overflows the call stack of the recursive walks that read
// the stored HTML (reading/quote.ts: 500 on opening the mail).
// What browsers do is kept: Blink stops nesting at 512 levels and puts deeper elements beside the deepest
// one. Here the start and end tags past MAX_HTML_DEPTH are dropped and their text stays in place, inside the
// deepest element kept, so nothing readable is lost. It reads the HTML once with htmlparser2's own Tokenizer
// (linear; the same tags, comments and raw-text elements as the parser sees) and only cuts tags out: the
// result is sanitised afterwards as any mail HTML is.
import { Tokenizer } from "htmlparser2";

/** Elements nested at most; newsletters built of tables rarely pass 40. */
export const MAX_HTML_DEPTH = 256;

const VOID = new Set([
  "area", "base", "basefont", "br", "col", "command", "embed", "frame", "hr", "image", "img", "input", "isindex",
  "keygen", "link", "meta", "param", "source", "track", "wbr",
]);
/** Elements a start tag of the same name closes (htmlparser2's openImpliesClose, for siblings). */
const SELF_CLOSING_SIBLINGS = new Set(["p", "li", "dt", "dd", "tr", "td", "th", "option", "optgroup", "tbody", "thead", "tfoot"]);

export function limitHtmlDepth(html: string, maxDepth = MAX_HTML_DEPTH): string {
  if (startTagsAtMost(html, maxDepth)) return html; // most mail: no deeper than it has tags, nothing to read
  const stack: string[] = []; // never longer than maxDepth: every search of it is bounded
  const dropped = new Map<string, number>(); // start tags cut, by name, whose end tags go too
  const cuts: number[] = []; // [start, end) pairs of the source to leave out
  let open = { name: "", start: 0 };
  const lower = (s: number, e: number) => html.slice(s, e).toLowerCase();
  const endOpen = (end: number) => {
    const { name, start } = open;
    if (!name || VOID.has(name)) return;
    if (SELF_CLOSING_SIBLINGS.has(name) && stack.at(-1) === name) stack.pop();
    if (stack.length < maxDepth) return void stack.push(name);
    cuts.push(start, end + 1);
    dropped.set(name, (dropped.get(name) ?? 0) + 1);
  };
  const noop = () => {};
  const tokenizer = new Tokenizer({ decodeEntities: false }, {
    onopentagname(s, e) {
      open = { name: lower(s, e), start: s - 1 };
    },
    onopentagend: endOpen,
    onselfclosingtag: endOpen, // <div/> opens a div in HTML
    onclosetag(s, e) {
      const name = lower(s, e);
      // The innermost open elements of a name are the dropped ones: their end tags go first.
      const cut = dropped.get(name) ?? 0;
      if (cut > 0) {
        dropped.set(name, cut - 1);
        cuts.push(html.lastIndexOf("<", s), e + 1);
        return;
      }
      const at = stack.lastIndexOf(name);
      if (at >= 0) stack.length = at;
    },
    onattribdata: noop,
    onattribentity: noop,
    onattribend: noop,
    onattribname: noop,
    oncdata: noop,
    oncomment: noop,
    ondeclaration: noop,
    onend: noop,
    onprocessinginstruction: noop,
    ontext: noop,
    ontextentity: noop,
  });
  tokenizer.write(html);
  tokenizer.end();
  if (!cuts.length) return html;
  const kept: string[] = [];
  let from = 0;
  for (let i = 0; i < cuts.length; i += 2) {
    kept.push(html.slice(from, cuts[i]));
    from = cuts[i + 1];
  }
  kept.push(html.slice(from));
  return kept.join("");
}

/**
 * Whether the HTML has at most `n` start tags ("<" and a letter): then no element can nest deeper than `n`.
 * A scan with indexOf, far cheaper than the tokenizer (the ingest bench's 10 KB body: ≈3 µs against ≈30 µs).
 */
function startTagsAtMost(html: string, n: number): boolean {
  let count = 0;
  for (let i = html.indexOf("<"); i >= 0; i = html.indexOf("<", i + 1)) {
    const c = html.charCodeAt(i + 1) | 0x20; // ASCII letters folded to lower case
    if (c >= 0x61 && c <= 0x7a && ++count > n) return false;
  }
  return true;
}
