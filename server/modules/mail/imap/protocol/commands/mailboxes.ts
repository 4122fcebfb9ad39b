// Mailbox commands: LIST (patterns * and %, LIST "" "" for the delimiter, RETURN (SPECIAL-USE SUBSCRIBED
// CHILDREN)), LSUB, STATUS, CREATE, DELETE, RENAME, SUBSCRIBE, UNSUBSCRIBE. Names are decoded from modified
// UTF-7 on the way in and encoded on the way out; the delimiter is "/".
import type { MailboxInfo } from "../../store/types.ts";
import { type Args, mailboxName, textOf } from "../args.ts";
import { flagList, mailbox as wireName } from "../format.ts";
import { ParseError } from "../parser.ts";
import { bad, no, type Session } from "../session.ts";

/** A LIST pattern (reference + mailbox, decoded) as a regular expression. */
function patternRegex(pattern: string): RegExp {
  let re = "";
  for (const ch of pattern) {
    if (ch === "*") re += ".*";
    else if (ch === "%") re += "[^/]*";
    else re += ch.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${re}$`, "su");
}

function matches(box: MailboxInfo, re: RegExp): boolean {
  return re.test(box.name);
}

async function listing(s: Session, a: Args, lsubOnly: boolean): Promise<string> {
  const word = lsubOnly ? "LSUB" : "LIST";
  const selection: string[] = [];
  if (!lsubOnly && a.peek()?.t === "list") {
    for (const t of a.list("selection options")) selection.push(textOf(t).toUpperCase());
  }
  const reference = mailboxName(a.astring("reference"));
  const rawPattern = a.next("pattern");
  const patterns = rawPattern.t === "list" ? rawPattern.v.map(textOf) : [textOf(rawPattern)];
  const returns = new Set<string>();
  if (!a.done) {
    if (a.atom().toUpperCase() !== "RETURN") throw new ParseError("expected RETURN");
    for (const t of a.list("return options")) returns.add(textOf(t).toUpperCase());
  }
  a.end();
  const subscribedOnly = lsubOnly || selection.includes("SUBSCRIBED");
  const showSubscribed = returns.has("SUBSCRIBED") || selection.includes("SUBSCRIBED");

  if (patterns.length === 1 && patterns[0] === "") {
    await s.send(`${word} (\\Noselect) "/" ""`);
    return `OK ${word} completed`;
  }
  const regexes = patterns.map((p) => {
    const full = mailboxName(p);
    const joined = reference && !full.startsWith("/") ? (reference.endsWith("/") ? reference : reference + "/") + full : full;
    return patternRegex(/^inbox$/i.test(joined) ? "INBOX" : joined.replace(/^inbox(?=\/)/i, "INBOX"));
  });
  const boxes = await s.store.listMailboxes(s.me);
  for (const box of boxes) {
    if (subscribedOnly && !box.subscribed) continue;
    if (!regexes.some((re) => matches(box, re))) continue;
    const attrs = [box.hasChildren ? "\\HasChildren" : "\\HasNoChildren"];
    if (box.specialUse && !lsubOnly) attrs.push(box.specialUse);
    if (showSubscribed && box.subscribed) attrs.push("\\Subscribed");
    await s.send(`${word} ${flagList(attrs)} "/" ${wireName(box.name)}`);
  }
  if (lsubOnly) {
    // RFC 3501 §6.3.9: with "%", a parent that is not subscribed but has a subscribed child below what the
    // pattern reaches is listed \Noselect.
    const listed = new Set(boxes.filter((b) => b.subscribed && regexes.some((re) => matches(b, re))).map((b) => b.name));
    for (const box of boxes) {
      if (!box.subscribed || listed.has(box.name)) continue;
      const parts = box.name.split("/");
      for (let n = parts.length - 1; n >= 1; n--) {
        const parent = parts.slice(0, n).join("/");
        if (listed.has(parent) || !regexes.some((re) => re.test(parent))) continue;
        listed.add(parent);
        await s.send(`LSUB (\\Noselect) "/" ${wireName(parent)}`);
      }
    }
  }
  return `OK ${word} completed`;
}

export const list = (s: Session, a: Args) => listing(s, a, false);
export const lsub = (s: Session, a: Args) => listing(s, a, true);

async function find(s: Session, name: string): Promise<MailboxInfo> {
  const box = await s.store.findMailbox(s.me, name);
  if (!box) throw no("[NONEXISTENT] No such mailbox");
  return box;
}

export async function status(s: Session, a: Args): Promise<string> {
  const name = a.mailbox();
  const items = a.list("status items").map((t) => textOf(t).toUpperCase());
  a.end();
  const box = await find(s, name);
  const st = await s.store.status(s.me, box.folderId, s.me.config.imapMessageMaxLimit);
  const out: string[] = [];
  for (const item of items) {
    switch (item) {
      case "MESSAGES": out.push(`MESSAGES ${st.messages}`); break;
      case "RECENT": out.push(`RECENT ${st.recent}`); break;
      case "UIDNEXT": out.push(`UIDNEXT ${st.uidNext}`); break;
      case "UIDVALIDITY": out.push(`UIDVALIDITY ${st.uidValidity}`); break;
      case "UNSEEN": out.push(`UNSEEN ${st.unseen}`); break;
      case "SIZE": out.push(`SIZE ${st.size}`); break;
      case "HIGHESTMODSEQ":
        s.condstore = true;
        out.push(`HIGHESTMODSEQ ${st.highestModseq}`);
        break;
      default: throw bad(`Unknown status item ${item}`);
    }
  }
  await s.send(`STATUS ${wireName(box.name)} (${out.join(" ")})`);
  return "OK STATUS completed";
}

function checkName(name: string): string {
  const clean = name.replace(/\/+$/, "");
  if (!clean || clean.split("/").some((p) => !p.trim())) throw no("[CANNOT] Invalid mailbox name");
  return clean;
}

export async function create(s: Session, a: Args): Promise<string> {
  const name = checkName(a.mailbox());
  a.end();
  await s.store.createMailbox(s.me, name);
  return "OK CREATE completed";
}

export async function del(s: Session, a: Args): Promise<string> {
  const name = a.mailbox();
  a.end();
  const box = await find(s, name);
  if (box.system) throw no("[CANNOT] System mailboxes cannot be deleted");
  await s.store.deleteMailbox(s.me, box.folderId);
  if (s.selected?.info.folderId === box.folderId) {
    s.selected = null;
    s.state = "auth";
  }
  return "OK DELETE completed";
}

export async function rename(s: Session, a: Args): Promise<string> {
  const from = a.mailbox();
  const to = checkName(a.mailbox());
  a.end();
  const box = await find(s, from);
  if (box.system) throw no("[CANNOT] System mailboxes cannot be renamed");
  await s.store.renameMailbox(s.me, box.folderId, to);
  return "OK RENAME completed";
}

async function subscription(s: Session, a: Args, on: boolean): Promise<string> {
  const name = a.mailbox();
  a.end();
  const box = await find(s, name);
  await s.store.setSubscribed(s.me, box.folderId, on);
  return `OK ${on ? "SUBSCRIBE" : "UNSUBSCRIBE"} completed`;
}

export const subscribe = (s: Session, a: Args) => subscription(s, a, true);
export const unsubscribe = (s: Session, a: Args) => subscription(s, a, false);
