// Rows of a table (a CSV file, a sheet of .xls/.xlsx) → cards, by their header row. Known headings: Google
// Contacts' CSV (old "Given Name"/"E-mail 1 - Value" and new "First Name"/"Organization Name" forms; several
// values of one cell joined by " ::: "), Outlook's CSV (English and Korean headings: Business Phone, Mobile
// Phone, E-mail Address, Business Street ..., 성/이름, 전자 메일 주소, 휴대폰), and this suite's own export
// (이름, 이메일, 전화번호, 회사, 부서, 직급, 주소, 홈페이지, 메모, 생일: shared/contacts/inout.ts SHEET_COLUMNS).
import type { ImportedCard } from "../../../../shared/contacts/inout.ts";

type Setter = (card: Work, value: string, header: string) => void;

interface Work extends ImportedCard {
  first: string;
  middle: string;
  last: string;
  /** Address parts by the address's key (Business, Home, Other, Address 1, ...). */
  addr: Map<string, { type: string; street: string; locality: string; region: string; post: string; country: string; formatted: string }>;
  /** Google: "Phone 1 - Type" before "Phone 1 - Value": the type of each numbered phone. */
  phoneTypes: Map<string, string>;
}

/** Several values of one cell: Google joins them with " ::: ", this suite's .xlsx export with line breaks. */
const split = (v: string) => v.split(/ ::: |\r?\n/).map((s) => s.trim()).filter(Boolean);

function telTypeOf(text: string): string {
  const t = text.toUpperCase();
  if (/FAX|팩스/.test(t)) return "FAX";
  if (/MOBILE|CELL|휴대|핸드폰/.test(t)) return "CELL";
  if (/PAGER|호출/.test(t)) return "PAGER";
  if (/MAIN|대표/.test(t)) return "MAIN";
  if (/BUSINESS|WORK|COMPANY|회사|직장/.test(t)) return "WORK";
  if (/HOME|집|자택/.test(t)) return "HOME";
  return /OTHER|기타/.test(t) ? "OTHER" : "CELL";
}

function addrOf(w: Work, key: string) {
  let a = w.addr.get(key);
  if (!a) {
    const type = /business|work|회사|직장/i.test(key) ? "WORK" : /home|집|자택/i.test(key) ? "HOME" : /other|기타/i.test(key) ? "OTHER" : "HOME";
    a = { type, street: "", locality: "", region: "", post: "", country: "", formatted: "" };
    w.addr.set(key, a);
  }
  return a;
}

/** Heading patterns (lower case) → what the column holds. The first match wins. */
const COLUMNS: [RegExp, Setter][] = [
  [/^(name|full name|display name|표시 이름|이름 \(전체\))$/, (w, v) => (w.userName = v)],
  [/^(first name|given name|이름)$/, (w, v) => (w.first = v)],
  [/^(middle name|additional name|중간 이름)$/, (w, v) => (w.middle = v)],
  [/^(last name|family name|surname|성)$/, (w, v) => (w.last = v)],
  [/^(phonetic (first|given) name|given name yomi|yomi first name)$/, (w, v) => (w.phoneticName = `${w.phoneticName} ${v}`.trim())],
  [/^(phonetic (last|family) name|family name yomi|yomi last name)$/, (w, v) => (w.phoneticName = `${v} ${w.phoneticName}`.trim())],
  [/^(e-?mail( \d+)?( - value)?|e-?mail( \d+)? address|전자 ?메일( \d+)?( 주소)?|이메일( \d+)?)$/, (w, v) => w.emailList.push(...split(v))],
  [/^phone \d+ - (type|label)$/, (w, v, h) => w.phoneTypes.set(h.replace(/ - (type|label)$/, ""), v)],
  [/^phone \d+ - value$/, (w, v, h) => {
    for (const n of split(v)) {
      w.telList.push(n);
      w.telTypeList.push(telTypeOf(w.phoneTypes.get(h.replace(/ - value$/, "")) ?? ""));
    }
  }],
  [/(phone|fax|pager|mobile|전화|휴대폰|핸드폰|팩스)/, (w, v, h) => {
    for (const n of split(v)) {
      w.telList.push(n);
      w.telTypeList.push(telTypeOf(h));
    }
  }],
  [/^(company|organization( 1)? - name|organization name|회사|회사명|회사 이름)$/, (w, v) => (w.company = v)],
  [/^(department|organization( 1)? - department|organization department|부서)$/, (w, v) => (w.organ = v)],
  [/^(job title|title|organization( 1)? - title|organization title|직급|직함|직위|직책|직위\/직책)$/, (w, v) => (w.position = v)],
  [/^(web ?page|website( \d+)? - value|homepage|url|홈페이지|웹 페이지)$/, (w, v) => w.urlList.push(...split(v))],
  [/^(notes?|memo|메모|참고|노트)$/, (w, v) => (w.memo = v)],
  [/^(birthday|생일)$/, (w, v) => (w.birthday = birthdayOf(v))],
  [/^(address|주소)$/, (w, v) => (addrOf(w, "주소").formatted = v)],
  [/^(address \d+) - formatted$/, (w, v, h) => (addrOf(w, h.replace(/ - formatted$/, "")).formatted = v)],
  [/^(address \d+) - (type|label)$/, (w, v, h) => (addrOf(w, h.replace(/ - (type|label)$/, "")).type = telTypeOf(v) === "WORK" ? "WORK" : telTypeOf(v) === "HOME" ? "HOME" : "OTHER")],
  [/^(address \d+) - (street|extended address)$/, (w, v, h) => {
    const a = addrOf(w, h.replace(/ - .*$/, ""));
    a.street = [a.street, v].filter(Boolean).join(" ");
  }],
  [/^(address \d+) - city$/, (w, v, h) => (addrOf(w, h.replace(/ - .*$/, "")).locality = v)],
  [/^(address \d+) - region$/, (w, v, h) => (addrOf(w, h.replace(/ - .*$/, "")).region = v)],
  [/^(address \d+) - postal code$/, (w, v, h) => (addrOf(w, h.replace(/ - .*$/, "")).post = v)],
  [/^(address \d+) - country$/, (w, v, h) => (addrOf(w, h.replace(/ - .*$/, "")).country = v)],
  [/^(business|home|other) street( \d)?$/, (w, v, h) => {
    const a = addrOf(w, h.split(" ")[0]);
    a.street = [a.street, v].filter(Boolean).join(" ");
  }],
  [/^(business|home|other) city$/, (w, v, h) => (addrOf(w, h.split(" ")[0]).locality = v)],
  [/^(business|home|other) state$/, (w, v, h) => (addrOf(w, h.split(" ")[0]).region = v)],
  [/^(business|home|other) postal code$/, (w, v, h) => (addrOf(w, h.split(" ")[0]).post = v)],
  [/^(business|home|other) country(\/region)?$/, (w, v, h) => (addrOf(w, h.split(" ")[0]).country = v)],
  [/^(회사|집|기타) (번지|주소)$/, (w, v, h) => (addrOf(w, h.split(" ")[0]).street = v)],
  [/^(회사|집|기타) (구\/군\/시|시\/구\/군)$/, (w, v, h) => (addrOf(w, h.split(" ")[0]).locality = v)],
  [/^(회사|집|기타) (시\/도)$/, (w, v, h) => (addrOf(w, h.split(" ")[0]).region = v)],
  [/^(회사|집|기타) 우편 ?번호$/, (w, v, h) => (addrOf(w, h.split(" ")[0]).post = v)],
  [/^(회사|집|기타) 국가(\/지역)?$/, (w, v, h) => (addrOf(w, h.split(" ")[0]).country = v)],
];

function birthdayOf(v: string): string {
  const t = v.trim();
  let m = /^(\d{4})[-./ ]?(\d{1,2})[-./ ]?(\d{1,2})/.exec(t);
  if (m) return `${m[1]}-${m[2].padStart(2, "0")}-${m[3].padStart(2, "0")}`;
  m = /^--(\d{2})-?(\d{2})$/.exec(t);
  if (m) return `--${m[1]}-${m[2]}`;
  // Outlook's US form: M/D/YYYY.
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(t);
  return m ? `${m[3]}-${m[1].padStart(2, "0")}-${m[2].padStart(2, "0")}` : "";
}

/** Whether the first row is a header this reader knows (at least a name or an e-mail column). */
export function knownHeader(row: string[]): boolean {
  const hs = row.map((h) => h.trim().toLowerCase());
  return hs.some((h) => COLUMNS.slice(0, 7).some(([re]) => re.test(h)));
}

export function cardsOfRows(rows: string[][]): ImportedCard[] {
  if (rows.length === 0) return [];
  const headers = rows[0].map((h) => h.replace(/^\ufeff/, "").trim().toLowerCase());
  const hasLast = headers.some((h) => /^(last name|family name|surname|성)$/.test(h));
  const setters = headers.map((h) => {
    // "이름" alone is the whole name; beside "성" it is the given name (Korean Outlook).
    if (h === "이름" && !hasLast) return COLUMNS[0][1];
    return COLUMNS.find(([re]) => re.test(h))?.[1] ?? null;
  });
  const out: ImportedCard[] = [];
  for (const row of rows.slice(1)) {
    const w: Work = {
      userName: "", phoneticName: "", emailList: [], telList: [], telTypeList: [], company: "", organ: "", position: "",
      addrTypeList: [], postList: [], localityList: [], streetAddressList: [], regionList: [], countryList: [], urlList: [],
      memo: "", birthday: "", hasPhoto: false, first: "", middle: "", last: "", addr: new Map(), phoneTypes: new Map(),
    };
    row.forEach((cell, i) => {
      const v = String(cell ?? "").trim();
      if (v && setters[i]) setters[i]!(w, v, headers[i]);
    });
    if (!w.userName) {
      const hangul = /[\uac00-\ud7a3]/.test(w.last + w.first);
      w.userName = (hangul ? `${w.last}${w.first}` : [w.first, w.middle, w.last].filter(Boolean).join(" ")).trim();
    }
    for (const a of w.addr.values()) {
      const street = a.street || (!a.locality && !a.region && !a.post && !a.country ? a.formatted : "");
      if (!street && !a.locality && !a.region && !a.post && !a.country) continue;
      w.addrTypeList.push(a.type);
      w.streetAddressList.push(street);
      w.localityList.push(a.locality);
      w.regionList.push(a.region);
      w.postList.push(a.post);
      w.countryList.push(a.country);
    }
    const { first: _f, middle: _m, last: _l, addr: _a, phoneTypes: _p, ...card } = w;
    out.push(card);
  }
  return out;
}
