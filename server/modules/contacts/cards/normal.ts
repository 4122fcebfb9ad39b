// A card as the server keeps it (one shape for the private and the customer book): the parallel lists of
// cardData zipped into phones and addresses, empty values dropped, addresses lower-cased and de-duplicated
// (001 §5: two addresses are equal ignoring case and the angle-bracket name), and the columns derived from
// it for sorting, the consonant tabs and search (db/schema/contacts.ts says which and why).
import type { CardAddress, CardTel } from "../../../../db/schema/contacts.ts";
import { type CardInput, displayNameOf } from "../../../../shared/contacts/cards.ts";
import { consonantOf, initialsOf, sortKeyOf } from "../../../../shared/contacts/hangul.ts";
import { extractAddress } from "../../../../shared/users.ts";
import { lexemes, vectorLiteral } from "../../../lib/search-tokens.ts";

export interface NormalCard {
  userName: string;
  firstName: string;
  lastName: string;
  phoneticName: string;
  emails: string[];
  tels: CardTel[];
  addresses: CardAddress[];
  urls: string[];
  company: string;
  organ: string;
  position: string;
  memo: string;
  birthday: string;
  important: boolean;
}

export function normalEmail(e: string): string {
  return extractAddress(e).toLowerCase();
}

export function telDigits(t: string): string {
  return t.replace(/[^\d]/g, "");
}

function distinct<T>(list: T[], key: (v: T) => string): T[] {
  const seen = new Set<string>();
  return list.filter((v) => {
    const k = key(v);
    if (!k || seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** The birthday as stored: YYYY-MM-DD or --MM-DD. */
export function normalBirthday(b: string): string {
  const m = /^(\d{4}|--)-?(\d{2})-?(\d{2})$/.exec(b.trim());
  if (!m) return "";
  return m[1] === "--" ? `--${m[2]}-${m[3]}` : `${m[1]}-${m[2]}-${m[3]}`;
}

export function normalOf(c: CardInput): NormalCard {
  const tels = c.telList.map((number, i): CardTel => ({ number: number.trim(), type: c.telTypeList[i] || "CELL" }));
  const n = Math.max(c.addrTypeList.length, c.postList.length, c.localityList.length, c.streetAddressList.length, c.regionList.length, c.countryList.length);
  const addresses: CardAddress[] = [];
  for (let i = 0; i < n; i++) {
    addresses.push({
      type: c.addrTypeList[i] || "HOME",
      post: c.postList[i] ?? "",
      locality: c.localityList[i] ?? "",
      street: c.streetAddressList[i] ?? "",
      region: c.regionList[i] ?? "",
      country: c.countryList[i] ?? "",
    });
  }
  return {
    userName: displayNameOf(c) || normalEmail(c.emailList.find((e) => e) ?? ""),
    firstName: c.firstName,
    lastName: c.lastName,
    phoneticName: c.phoneticName,
    emails: distinct(c.emailList.map(normalEmail), (e) => e),
    tels: distinct(tels, (t) => telDigits(t.number) || t.number),
    addresses: distinct(addresses, addressKey),
    urls: distinct(c.urlList.map((u) => u.trim()), (u) => u.toLowerCase()),
    company: c.company,
    organ: c.organ,
    position: c.position,
    memo: c.memo,
    birthday: normalBirthday(c.birthday),
    important: c.importantStatus,
  };
}

export function addressKey(a: CardAddress): string {
  const parts = [a.post, a.locality, a.street, a.region, a.country].map((p) => p.trim().toLowerCase());
  return parts.some((p) => p) ? parts.join("\u0001") : "";
}

/** The card in the API's shape of lists (001 §3). */
export function listsOf(c: Pick<NormalCard, "emails" | "tels" | "addresses" | "urls">) {
  return {
    emailList: c.emails,
    telList: c.tels.map((t) => t.number),
    telTypeList: c.tels.map((t) => t.type),
    addrTypeList: c.addresses.map((a) => a.type),
    postList: c.addresses.map((a) => a.post),
    localityList: c.addresses.map((a) => a.locality),
    streetAddressList: c.addresses.map((a) => a.street),
    regionList: c.addresses.map((a) => a.region),
    countryList: c.addresses.map((a) => a.country),
    urlList: c.urls,
  };
}

export function normalizeText(t: string): string {
  return t.normalize("NFKC").toLowerCase();
}

/** The derived columns of a card. */
export function derivedOf(c: NormalCard) {
  const name = c.userName;
  const phones = c.tels.flatMap((t) => {
    const d = telDigits(t.number);
    // The whole number, and its last 8 digits (010-1234-5678 is found by 12345678 too).
    return [t.number, d, d.length > 8 ? d.slice(-8) : ""];
  }).filter(Boolean);
  const initials = initialsOf(name);
  const names = [name, c.phoneticName, c.firstName, c.lastName].filter(Boolean).join(" ");
  return {
    sortKey: sortKeyOf(name),
    sortEmail: c.emails[0] ?? "",
    consonant: consonantOf(name),
    initials,
    searchText: normalizeText([names, ...c.emails, ...phones, c.company, c.organ].join("\n")),
    searchVector: vectorLiteral([
      [lexemes(`${names} ${initials}`, 200), "A"],
      [lexemes(c.emails.join(" "), 200), "B"],
      [lexemes(phones.join(" "), 100), "C"],
      [lexemes(`${c.company} ${c.organ}`, 100), "D"],
    ]),
  };
}
