// A message's text: line breaks kept, web addresses as links (new tab), mentions of members highlighted.
import { Fragment } from "react";

const URL_RE = /(https?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)\]])/g;

export function MessageText({ text, mentionNames }: { text: string; mentionNames: string[] }) {
  const names = mentionNames.filter(Boolean).sort((a, b) => b.length - a.length);
  const parts = text.split(URL_RE);
  return (
    <span className="msg-text">
      {parts.map((part, i) =>
        i % 2 === 1
          ? <a key={i} href={part} target="_blank" rel="noopener noreferrer">{part}</a>
          : <Fragment key={i}>{withMentions(part, names)}</Fragment>
      )}
    </span>
  );
}

function withMentions(s: string, names: string[]) {
  if (!names.length || !s.includes("@")) return s;
  const esc = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  const re = new RegExp(`(@(?:${esc.join("|")}))`, "g");
  return s.split(re).map((p, i) => (i % 2 === 1 ? <mark key={i} className="msg-mention">{p}</mark> : p));
}
