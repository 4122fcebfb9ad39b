// vCard 2.1, 3.0 and 4.0 → cards, as phones and mail programs write them: several cards per file; folded
// lines (RFC 6350 §3.2) and vCard 2.1's quoted-printable soft breaks; ENCODING=QUOTED-PRINTABLE with
// CHARSET=EUC-KR/CP949/UTF-8 (old Korean phones); 8-bit text in the file's charset; bare 2.1 parameters
// (TEL;CELL;PREF); iPhone's grouped item1.EMAIL with item1.X-ABLabel; PHOTO inline as base64 (2.1/3.0) or a
// data: URI (4.0); X-PHONETIC-* readings; Outlook's X-MS-* names ignored. A card without BEGIN/END pairing
// (a truncated file) is read up to where it ends.
import type { ImportedCard } from "../../../../shared/contacts/inout.ts";
import { decodeBase64, type Photo, photoOfBytes } from "../cards/photo.ts";
import { decodeWith, quotedPrintableBytes } from "./decode.ts";
import { components } from "./vcard-text.ts";

export interface ReadCard {
  card: ImportedCard;
  photo: Photo | null;
  uid: string | null;
}

/** The longest name-and-parameters part of a line read. */
const MAX_HEAD = 1000;

interface Prop {
  group: string;
  name: string;
  params: Map<string, string[]>;
  /** Parameter values given bare (vCard 2.1: TEL;CELL;PREF). */
  types: string[];
  value: string;
}

/** Physical lines → logical lines: folding (a line starting with space or tab continues the previous) and QP soft breaks. */
function logicalLines(text: string): string[] {
  const raw = text.replace(/\r\n?/g, "\n").split("\n");
  const out: string[] = [];
  for (let i = 0; i < raw.length; i++) {
    let line = raw[i];
    if ((line.startsWith(" ") || line.startsWith("\t")) && out.length) {
      out[out.length - 1] += line.slice(1);
      continue;
    }
    // Quoted-printable: a line ending in "=" continues on the next physical line.
    if (/ENCODING=QUOTED-PRINTABLE|;QUOTED-PRINTABLE[;:]/i.test(line.split(":")[0] ?? "")) {
      while (line.endsWith("=") && i + 1 < raw.length) line = line.slice(0, -1) + raw[++i];
    }
    out.push(line);
  }
  return out;
}

function parseProp(line: string): Prop | null {
  // NAME and parameters end at the first ":" outside double quotes.
  let at = -1;
  let quoted = false;
  for (let i = 0; i < line.length && i <= MAX_HEAD; i++) {
    if (line[i] === '"') quoted = !quoted;
    else if (line[i] === ":" && !quoted) {
      at = i;
      break;
    }
  }
  // A property's name and parameters are short; a longer head is no vCard line (and would make the splits below
  // slow), so it is skipped.
  if (at < 0 || at > MAX_HEAD) return null;
  const head = line.slice(0, at);
  const value = line.slice(at + 1);
  const parts = head.split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  const [groupName, ...paramParts] = parts;
  const dot = groupName.lastIndexOf(".");
  const group = dot >= 0 ? groupName.slice(0, dot).toLowerCase() : "";
  const name = (dot >= 0 ? groupName.slice(dot + 1) : groupName).toUpperCase();
  const params = new Map<string, string[]>();
  const types: string[] = [];
  for (const p of paramParts) {
    const eq = p.indexOf("=");
    if (eq < 0) {
      types.push(p.toUpperCase());
      continue;
    }
    const key = p.slice(0, eq).toUpperCase();
    const vals = p.slice(eq + 1).split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/).map((v) => v.replace(/^"|"$/g, ""));
    params.set(key, [...(params.get(key) ?? []), ...vals]);
  }
  return { group, name, params, types, value };
}

function typesOf(p: Prop): string[] {
  const list = [...p.types, ...(p.params.get("TYPE") ?? [])].flatMap((t) => t.split(",")).map((t) => t.toUpperCase().trim());
  // 2.1 writes ENCODING and CHARSET bare too.
  return list.filter((t) => t && !["QUOTED-PRINTABLE", "BASE64", "B", "8BIT", "7BIT"].includes(t) && !t.startsWith("CHARSET"));
}

function encodingOf(p: Prop): string {
  const e = (p.params.get("ENCODING")?.[0] ?? p.types.find((t) => ["QUOTED-PRINTABLE", "BASE64", "B"].includes(t)) ?? "").toUpperCase();
  return e === "B" ? "BASE64" : e;
}

/** The property's text: quoted-printable decoded in its CHARSET (else UTF-8 if valid, else CP949). */
function textOf(p: Prop): string {
  if (encodingOf(p) === "QUOTED-PRINTABLE") return decodeWith(quotedPrintableBytes(p.value), p.params.get("CHARSET")?.[0]);
  return p.value;
}

/** Unescaped text of a single-valued property (no separator: "" never matches a character). */
const unescape = (v: string) => components(v, "")[0];

function telType(types: string[], label: string): string {
  const all = [...types, label.toUpperCase()].join(" ");
  if (/FAX|팩스/.test(all)) return "FAX";
  if (/CELL|MOBILE|IPHONE|휴대/.test(all)) return "CELL";
  if (/PAGER/.test(all)) return "PAGER";
  if (/MAIN/.test(all)) return "MAIN";
  if (/WORK|회사|직장/.test(all)) return "WORK";
  if (/HOME|집/.test(all)) return "HOME";
  if (/OTHER|기타/.test(all)) return "OTHER";
  if (types.includes("VOICE") || types.length === 0) return "CELL";
  return "OTHER";
}

function adrType(types: string[], label: string): string {
  const all = [...types, label.toUpperCase()].join(" ");
  if (/WORK|회사|직장/.test(all)) return "WORK";
  if (/HOME|집/.test(all)) return "HOME";
  return types.length || label ? "OTHER" : "HOME";
}

function empty(): ImportedCard {
  return {
    userName: "", phoneticName: "", emailList: [], telList: [], telTypeList: [], company: "", organ: "", position: "",
    addrTypeList: [], postList: [], localityList: [], streetAddressList: [], regionList: [], countryList: [], urlList: [],
    memo: "", birthday: "", hasPhoto: false,
  };
}

function birthdayOf(v: string): string {
  const t = v.trim();
  let m = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(t);
  if (m) return `${m[1]}-${m[2]}-${m[3]}`;
  m = /^--(\d{2})-?(\d{2})/.exec(t);
  return m ? `--${m[1]}-${m[2]}` : "";
}

function photoOf(p: Prop): Photo | null {
  const v = p.value.trim();
  const data = /^data:/i.test(v) ? /^data:[^,]*;base64,(.*)$/is.exec(v)?.[1] ?? null : encodingOf(p) === "BASE64" ? v : null;
  return data ? photoOfBytes(decodeBase64(data)) : null;
}

function cardOf(props: Prop[]): ReadCard {
  const card = empty();
  let photo: Photo | null = null;
  let uid: string | null = null;
  let given = "";
  let family = "";
  let phoneticFirst = "";
  let phoneticLast = "";
  const labels = new Map<string, string>();
  for (const p of props) if (p.name === "X-ABLABEL" && p.group) labels.set(p.group, textOf(p).replace(/^_\$!<|>!\$_$/g, ""));
  for (const p of props) {
    const label = p.group ? labels.get(p.group) ?? "" : "";
    switch (p.name) {
      case "FN":
        card.userName = unescape(textOf(p));
        break;
      case "N": {
        const [fam = "", giv = "", add = ""] = components(textOf(p), ";");
        family = fam;
        given = [giv, add].filter(Boolean).join(" ");
        break;
      }
      case "EMAIL":
        card.emailList.push(unescape(textOf(p)).replace(/^mailto:/i, ""));
        break;
      case "TEL":
        card.telList.push(unescape(textOf(p)).replace(/^tel:/i, ""));
        card.telTypeList.push(telType(typesOf(p), label));
        break;
      case "ADR": {
        const [, ext = "", street = "", locality = "", region = "", post = "", country = ""] = components(textOf(p), ";");
        card.addrTypeList.push(adrType(typesOf(p), label));
        card.streetAddressList.push([street, ext].filter(Boolean).join(" "));
        card.localityList.push(locality);
        card.regionList.push(region);
        card.postList.push(post);
        card.countryList.push(country);
        break;
      }
      case "ORG": {
        const [company = "", ...units] = components(textOf(p), ";");
        card.company = company;
        card.organ = units.filter(Boolean).join(" ");
        break;
      }
      case "TITLE":
        card.position = unescape(textOf(p));
        break;
      case "ROLE":
        if (!card.position) card.position = unescape(textOf(p));
        break;
      case "URL":
        card.urlList.push(unescape(textOf(p)));
        break;
      case "NOTE":
        card.memo = card.memo ? `${card.memo}\n${unescape(textOf(p))}` : unescape(textOf(p));
        break;
      case "BDAY":
        card.birthday = birthdayOf(textOf(p));
        break;
      case "PHOTO":
        photo ??= photoOf(p);
        break;
      case "UID":
        uid = unescape(textOf(p)).slice(0, 200);
        break;
      case "X-PHONETIC-FIRST-NAME":
        phoneticFirst = unescape(textOf(p));
        break;
      case "X-PHONETIC-LAST-NAME":
        phoneticLast = unescape(textOf(p));
        break;
    }
  }
  if (!card.userName) {
    const hangul = /[\uac00-\ud7a3]/.test(family + given);
    card.userName = (hangul ? `${family}${given}` : `${given} ${family}`).trim();
  }
  if (!card.userName && card.company) card.userName = card.company;
  card.phoneticName = [phoneticLast, phoneticFirst].filter(Boolean).join(" ");
  card.hasPhoto = photo !== null;
  return { card, photo, uid };
}

/** Every card of a vCard file's text. */
export function readVcards(text: string): ReadCard[] {
  const out: ReadCard[] = [];
  let props: Prop[] | null = null;
  for (const line of logicalLines(text)) {
    if (line.trim() === "") continue;
    const p = parseProp(line);
    if (!p) {
      // vCard 2.1 may continue a base64 PHOTO on lines that are not indented.
      const last = props?.at(-1);
      if (last && last.name === "PHOTO" && encodingOf(last) === "BASE64" && /^[A-Za-z0-9+/=\s]+$/.test(line)) last.value += line;
      continue;
    }
    if (p.name === "BEGIN" && p.value.trim().toUpperCase() === "VCARD") {
      if (props) out.push(cardOf(props));
      props = [];
    } else if (p.name === "END" && p.value.trim().toUpperCase() === "VCARD") {
      if (props) out.push(cardOf(props));
      props = null;
    } else if (props) props.push(p);
  }
  if (props?.length) out.push(cardOf(props));
  return out;
}

/** Whether a text looks like vCard. */
export function isVcardText(text: string): boolean {
  return /^\s*BEGIN:VCARD/im.test(text.slice(0, 2000));
}
