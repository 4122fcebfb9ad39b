// Cards → a vCard file, 3.0 (RFC 2426: what most phones and Outlook import) or 4.0 (RFC 6350). Text is
// escaped (\\ \, \n; \; inside N, ADR, ORG), lines are folded at 75 octets without splitting a UTF-8
// character, CRLF line ends. Phone types MAIN and OTHER are written as iPhone writes them (TYPE=MAIN).
// Korean names: N carries the surname and the given name (김;민수), FN the name as shown.
import type { CardView } from "../cards/repo.ts";
import { base64Of, type Photo } from "../cards/photo.ts";
import { escComponent as part, escText as esc, foldLine as fold } from "./vcard-text.ts";

function nameParts(c: CardView): [string, string] {
  if (c.lastName || c.firstName) return [c.lastName, c.firstName];
  const n = c.userName.trim();
  if (/^[\uac00-\ud7a3]{2,4}$/.test(n)) return [n.slice(0, 1), n.slice(1)];
  const parts = n.split(/\s+/);
  return parts.length > 1 ? [parts.at(-1)!, parts.slice(0, -1).join(" ")] : ["", n];
}

const TEL_TYPES_3: Record<string, string> = { CELL: "CELL", HOME: "HOME", WORK: "WORK", FAX: "FAX", MAIN: "MAIN", PAGER: "PAGER", OTHER: "OTHER" };

export function vcardOf(c: CardView, version: "3.0" | "4.0", photo: Photo | null): string {
  const v4 = version === "4.0";
  const type = (t: string) => (v4 ? `;TYPE=${t.toLowerCase()}` : `;TYPE=${t}`);
  const lines = ["BEGIN:VCARD", `VERSION:${version}`, `UID:${v4 ? `urn:uuid:${c.uid.replace(/^urn:uuid:/, "")}` : c.uid}`];
  const [family, given] = nameParts(c);
  lines.push(`FN:${esc(c.userName)}`, `N:${part(family)};${part(given)};;;`);
  if (c.phoneticName) lines.push(`X-PHONETIC-LAST-NAME:${esc(c.phoneticName)}`);
  for (const e of c.emails) lines.push(`EMAIL${v4 ? "" : ";TYPE=INTERNET"}:${esc(e)}`);
  for (const t of c.tels) {
    const kind = TEL_TYPES_3[t.type] ?? "OTHER";
    lines.push(v4 ? `TEL;VALUE=uri${type(kind)}:tel:${t.number.replace(/[^\d+*#,;a-zA-Z-]/g, "-")}` : `TEL${type(kind)}:${esc(t.number)}`);
  }
  for (const a of c.addresses) {
    lines.push(`ADR${type(a.type === "OTHER" ? (v4 ? "other" : "POSTAL") : a.type)}:;;${part(a.street)};${part(a.locality)};${part(a.region)};${part(a.post)};${part(a.country)}`);
  }
  if (c.company || c.organ) lines.push(`ORG:${part(c.company)}${c.organ ? `;${part(c.organ)}` : ""}`);
  if (c.position) lines.push(`TITLE:${esc(c.position)}`);
  for (const u of c.urls) lines.push(`URL:${u}`);
  if (c.memo) lines.push(`NOTE:${esc(c.memo)}`);
  if (c.birthday) lines.push(`BDAY:${v4 ? (c.birthday.startsWith("--") ? `--${c.birthday.slice(2).replace("-", "")}` : c.birthday.replace(/-/g, "")) : c.birthday}`);
  if (photo) {
    const b64 = base64Of(photo.data);
    lines.push(v4 ? `PHOTO:data:${photo.mime};base64,${b64}` : `PHOTO;ENCODING=b;TYPE=${photo.mime.split("/")[1].toUpperCase()}:${b64}`);
  }
  lines.push(`REV:${c.updatedAt.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`, "END:VCARD");
  return lines.map(fold).join("\r\n") + "\r\n";
}
