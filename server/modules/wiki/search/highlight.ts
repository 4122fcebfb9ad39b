// The highlighted title and text of a search hit (shared/wiki/search.ts): HTML-escaped, each match of a word of
// the keyword in <em>…</em>; the text is a window of about WINDOW characters around its first match. Korean
// words match anywhere, other words at a word's start, as the search found them (condition.ts).
import { normalizeWord, type Word } from "./condition.ts";

export const WINDOW = 200;
/** How much of the window comes before the first match. */
const BEFORE = 60;

const ESC: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]);
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;
const CJK = /[\p{Script=Hangul}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** A character that continues a non-CJK word (so a word matched at a word's start cannot begin after it). */
const inWord = (ch: string) => LETTER_OR_NUMBER.test(ch) && !CJK.test(ch);

/** Per character of `chars`, whether it is inside a match of a word. */
function marks(chars: string[], words: Word[]): boolean[] {
  // Per character, so positions found in the normalised text map back to characters whatever NFKC does.
  const lower = chars.map(normalizeWord);
  const charAt: number[] = [];
  lower.forEach((l, i) => {
    for (let k = 0; k < l.length; k++) charAt.push(i);
  });
  const text = lower.join("");
  const out = new Array<boolean>(chars.length).fill(false);
  for (const w of words) {
    if (!w.norm) continue;
    for (let at = text.indexOf(w.norm); at >= 0; at = text.indexOf(w.norm, at + 1)) {
      const first = charAt[at];
      if (w.prefix && first > 0 && inWord(chars[first - 1])) continue;
      const last = charAt[at + w.norm.length - 1];
      for (let i = first; i <= last; i++) out[i] = true;
    }
  }
  return out;
}

function render(chars: string[], marked: boolean[], from: number, to: number): string {
  let out = "";
  for (let i = from; i < to;) {
    let j = i;
    while (j < to && marked[j] === marked[i]) j++;
    const run = escape(chars.slice(i, j).join(""));
    out += marked[i] ? `<em>${run}</em>` : run;
    i = j;
  }
  return out;
}

export function highlightTitle(title: string, words: Word[]): string {
  const chars = Array.from(title);
  return render(chars, marks(chars, words), 0, chars.length);
}

/** The text (spaces collapsed) around its first match, at most WINDOW characters, "…" where cut. */
export function highlightText(plain: string, words: Word[]): string {
  const chars = Array.from(plain.replace(/\s+/g, " ").trim());
  const marked = marks(chars, words);
  if (chars.length <= WINDOW) return render(chars, marked, 0, chars.length);
  const first = Math.max(0, marked.indexOf(true));
  let start = Math.max(0, Math.min(first - BEFORE, chars.length - WINDOW));
  let end = Math.min(chars.length, start + WINDOW);
  // Not inside a match at either edge.
  while (start > 0 && marked[start] && marked[start - 1]) start--;
  while (end < chars.length && marked[end - 1] && marked[end]) end++;
  return `${start > 0 ? "…" : ""}${render(chars, marked, start, end)}${end < chars.length ? "…" : ""}`;
}
