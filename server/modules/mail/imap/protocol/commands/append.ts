// APPEND (with UIDPLUS APPENDUID): mailbox, optional flag list, optional date-time, the message literal
// (up to MAX_MESSAGE_BYTES: the parser refuses bigger ones with NO [TOOBIG] before they are sent).
import { type Args, flagsOf, textOf } from "../args.ts";
import { parseDateTime } from "../format.ts";
import { ParseError } from "../parser.ts";
import { no, type Session } from "../session.ts";

export async function append(s: Session, a: Args): Promise<string> {
  const name = a.mailbox();
  let flags: string[] = [];
  let date: Date | undefined;
  if (a.peek()?.t === "list") flags = flagsOf(a.list("flags"));
  const maybeDate = a.peek();
  if (maybeDate && maybeDate.t === "string" && a.tokens.indexOf(maybeDate) < a.tokens.length - 1) {
    a.next();
    const d = parseDateTime(textOf(maybeDate));
    if (!d) throw new ParseError("bad date-time");
    date = d;
  }
  const msg = a.next("message");
  if (msg.t !== "string") throw new ParseError("the message must be a literal");
  a.end();
  if (!msg.v.length) throw no("Empty message");
  const box = await s.store.findMailbox(s.me, name);
  if (!box) throw no("[TRYCREATE] No such mailbox");
  const r = await s.store.append(s.me, box.folderId, new Uint8Array(msg.v), flags.filter((f) => f !== "\\Recent"), date);
  const uid = r.pairs[0]?.[1];
  return uid ? `OK [APPENDUID ${r.uidValidity} ${uid}] APPEND completed` : "OK APPEND completed";
}
