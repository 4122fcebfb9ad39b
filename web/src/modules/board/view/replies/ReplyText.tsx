// A reply's text as people read it: line breaks kept, "@[Name](user:12)" shown as a highlighted "@Name".
import { replyParts } from "../format.ts";

export function ReplyText({ text }: { text: string }) {
  return (
    <p className="bv-reply-text">
      {replyParts(text).map((p, i) => ("text" in p ? <span key={i}>{p.text}</span> : <span key={i} className="bv-mention" data-user-id={p.userId}>@{p.mention}</span>))}
    </p>
  );
}
