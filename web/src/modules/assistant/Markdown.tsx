// A model's answer as safe Markdown: the text is parsed into React elements, never into HTML, so raw HTML in an
// answer shows as text; links are kept only for http(s) and mailto addresses (a javascript: or data: link is
// plain text) and open in a new tab. Blocks: paragraphs, headings, lists, quotes, fenced code, tables, rules;
// inline: code, bold, italic, strike-through, links. An unfinished answer (streaming) renders as far as it goes.
import { Fragment, type ReactNode } from "react";

const SAFE_URL = /^(https?:\/\/|mailto:)/i;

export function safeHref(url: string): string | null {
  const u = url.trim();
  return SAFE_URL.test(u) && !/[\s<>"]/.test(u) ? u : null;
}

const INLINE = /(`+)([\s\S]*?)\1|\*\*([^*]+?)\*\*|__([^_]+?)__|~~([^~]+?)~~|\*([^*\s][^*]*?)\*|(?<![\w])_([^_\s][^_]*?)_(?![\w])|\[([^\]]*)\]\(([^)\s]+)\)|(https?:\/\/[^\s<>()]+[^\s<>().,;:!?'"])/g;

export function inline(text: string, key = "i"): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  let n = 0;
  for (const m of text.matchAll(INLINE)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    const k = `${key}-${n++}`;
    if (m[1]) out.push(<code key={k}>{m[2]}</code>);
    else if (m[3] ?? m[4]) out.push(<strong key={k}>{inline(m[3] ?? m[4], k)}</strong>);
    else if (m[5]) out.push(<del key={k}>{inline(m[5], k)}</del>);
    else if (m[6] ?? m[7]) out.push(<em key={k}>{inline(m[6] ?? m[7], k)}</em>);
    else if (m[9] !== undefined) {
      const href = safeHref(m[9]);
      out.push(href ? <a key={k} href={href} target="_blank" rel="noopener noreferrer nofollow">{inline(m[8] || href, k)}</a> : <Fragment key={k}>{m[0]}</Fragment>);
    } else if (m[10]) out.push(<a key={k} href={m[10]} target="_blank" rel="noopener noreferrer nofollow">{m[10]}</a>);
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** Inline text whose single line breaks are kept. */
function lines(text: string, key: string): ReactNode[] {
  return text.split("\n").flatMap((l, i) => (i ? [<br key={`${key}-br${i}`} />, ...inline(l, `${key}-${i}`)] : inline(l, `${key}-${i}`)));
}

const LIST_ITEM = /^(\s*)([-*+]|\d+[.)])\s+(.*)$/;
const TABLE_SEP = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;
const cells = (row: string) => row.trim().replace(/^\||\|$/g, "").split("|").map((c) => c.trim());

export function Markdown({ text }: { text: string }) {
  return <div className="asst-md">{blocks(text.replace(/\r\n?/g, "\n"))}</div>;
}

function blocks(src: string): ReactNode[] {
  const rows = src.split("\n");
  const out: ReactNode[] = [];
  let i = 0;
  let para: string[] = [];
  const flush = () => {
    if (para.length) out.push(<p key={`p${out.length}`}>{lines(para.join("\n"), `p${out.length}`)}</p>);
    para = [];
  };
  while (i < rows.length) {
    const row = rows[i];
    const fence = /^\s*(```|~~~)\s*([\w+-]*)/.exec(row);
    if (fence) {
      flush();
      const body: string[] = [];
      i++;
      while (i < rows.length && !rows[i].trim().startsWith(fence[1])) body.push(rows[i++]);
      i++;
      out.push(<pre key={`c${out.length}`} data-lang={fence[2] || undefined}><code>{body.join("\n")}</code></pre>);
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(row);
    if (heading) {
      flush();
      const level = Math.min(heading[1].length + 2, 6);
      const H = `h${level}` as "h3";
      out.push(<H key={`h${out.length}`}>{inline(heading[2].replace(/\s#+\s*$/, ""), `h${out.length}`)}</H>);
      i++;
      continue;
    }
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(row)) {
      flush();
      out.push(<hr key={`r${out.length}`} />);
      i++;
      continue;
    }
    if (/^\s*>/.test(row)) {
      flush();
      const body: string[] = [];
      while (i < rows.length && /^\s*>/.test(rows[i])) body.push(rows[i++].replace(/^\s*>\s?/, ""));
      out.push(<blockquote key={`q${out.length}`}>{blocks(body.join("\n"))}</blockquote>);
      continue;
    }
    if (row.includes("|") && i + 1 < rows.length && TABLE_SEP.test(rows[i + 1])) {
      flush();
      const head = cells(row);
      i += 2;
      const body: string[][] = [];
      while (i < rows.length && rows[i].includes("|") && rows[i].trim()) body.push(cells(rows[i++]));
      const k = `t${out.length}`;
      out.push(
        <div key={k} className="asst-md-table">
          <table>
            <thead><tr>{head.map((c, j) => <th key={j}>{inline(c, `${k}h${j}`)}</th>)}</tr></thead>
            <tbody>{body.map((r, ri) => <tr key={ri}>{head.map((_, j) => <td key={j}>{inline(r[j] ?? "", `${k}-${ri}-${j}`)}</td>)}</tr>)}</tbody>
          </table>
        </div>,
      );
      continue;
    }
    const item = LIST_ITEM.exec(row);
    if (item) {
      flush();
      const ordered = /\d/.test(item[2]);
      const items: string[] = [];
      const indent = item[1].length;
      while (i < rows.length) {
        const m = LIST_ITEM.exec(rows[i]);
        if (m && m[1].length <= indent + 1 && /\d/.test(m[2]) === ordered) {
          items.push(m[3]);
          i++;
        } else if (rows[i].trim() && /^\s+/.test(rows[i]) && items.length) {
          items[items.length - 1] += `\n${rows[i].replace(/^\s{1,4}/, "")}`;
          i++;
        } else break;
      }
      const k = `l${out.length}`;
      const children = items.map((it, j) => {
        const [first, ...rest] = it.split("\n");
        return <li key={j}>{inline(first, `${k}-${j}`)}{rest.length > 0 && blocks(rest.join("\n"))}</li>;
      });
      const start = ordered ? Number.parseInt(item[2], 10) : undefined;
      out.push(ordered ? <ol key={k} start={start !== 1 ? start : undefined}>{children}</ol> : <ul key={k}>{children}</ul>);
      continue;
    }
    if (!row.trim()) flush();
    else para.push(row);
    i++;
  }
  flush();
  return out;
}
