// The card form's state and its checks (001 §3 fields, §5 rules): a name and an e-mail are required, every
// e-mail, phone, URL and the birthday checked by the shared rules (shared/contacts/cards.ts cardForm, the
// server's own), each problem shown at its field by the code's text.
import type { ContactCard } from "@shared/contacts/cards.ts";
import { cardForm } from "@shared/contacts/cards.ts";
import type { CardData } from "../api.ts";

export interface Tel {
  type: string;
  value: string;
}
export interface Address {
  type: string;
  post: string;
  region: string;
  locality: string;
  street: string;
  country: string;
}

export interface FormState {
  userName: string;
  emails: string[];
  tels: Tel[];
  addresses: Address[];
  urls: string[];
  company: string;
  organ: string;
  position: string;
  birthday: string;
  memo: string;
  importantStatus: boolean;
  groupIds: number[];
  /** A new photo as a data: URL, null to remove it, undefined to keep it. */
  photo?: string | null;
}

export const emptyAddress = (): Address => ({ type: "HOME", post: "", region: "", locality: "", street: "", country: "" });

export function stateOf(card: ContactCard | null, groupId?: number): FormState {
  if (!card) {
    return {
      userName: "", emails: [""], tels: [{ type: "CELL", value: "" }], addresses: [], urls: [], company: "", organ: "", position: "",
      birthday: "", memo: "", importantStatus: false, groupIds: groupId && groupId > 0 ? [groupId] : [],
    };
  }
  return {
    userName: card.userName,
    emails: card.emailList.length ? [...card.emailList] : [""],
    tels: card.telList.map((value, i) => ({ value, type: card.telTypeList[i] || "CELL" })),
    addresses: card.streetAddressList.map((street, i) => ({
      type: card.addrTypeList[i] || "HOME", street, post: card.postList[i] ?? "", locality: card.localityList[i] ?? "",
      region: card.regionList[i] ?? "", country: card.countryList[i] ?? "",
    })),
    urls: [...card.urlList],
    company: card.company,
    organ: card.organ,
    position: card.position,
    birthday: card.birthday,
    memo: card.memo,
    importantStatus: card.importantStatus,
    groupIds: card.contactGroupList.map((g) => g.id),
  };
}

const filled = (a: Address) => !!(a.post || a.region || a.locality || a.street || a.country);

export function dataOf(s: FormState): CardData {
  const tels = s.tels.filter((x) => x.value.trim());
  const addresses = s.addresses.filter(filled);
  return {
    userName: s.userName.trim(),
    emailList: s.emails.map((e) => e.trim()).filter(Boolean),
    telList: tels.map((x) => x.value.trim()),
    telTypeList: tels.map((x) => x.type),
    addrTypeList: addresses.map((a) => a.type),
    postList: addresses.map((a) => a.post.trim()),
    regionList: addresses.map((a) => a.region.trim()),
    localityList: addresses.map((a) => a.locality.trim()),
    streetAddressList: addresses.map((a) => a.street.trim()),
    countryList: addresses.map((a) => a.country.trim()),
    urlList: s.urls.map((u) => u.trim()).filter(Boolean),
    company: s.company.trim(),
    organ: s.organ.trim(),
    position: s.position.trim(),
    birthday: s.birthday.trim(),
    memo: s.memo.trim(),
    importantStatus: s.importantStatus,
    contactGroupIdList: s.groupIds,
    ...(s.photo !== undefined ? { photo: s.photo } : {}),
  };
}

/**
 * Problems by field, as error codes: "userName", "emailList" (none given), "emailList.2" (the third box of
 * the form), "telList.0", "urlList.1", "birthday", "memo"... The indexes are those of the form's boxes.
 */
export function problemsOf(s: FormState): Map<string, string> {
  const out = new Map<string, string>();
  // Check each box by its own index: empty boxes are dropped from the data, so map data positions back.
  const emailAt = s.emails.map((e, i) => [e.trim(), i] as const).filter(([e]) => e);
  const telAt = s.tels.map((x, i) => [x.value.trim(), i] as const).filter(([v]) => v);
  const urlAt = s.urls.map((u, i) => [u.trim(), i] as const).filter(([u]) => u);
  const boxOf: Record<string, readonly (readonly [string, number])[]> = { emailList: emailAt, telList: telAt, urlList: urlAt };
  const r = cardForm.safeParse(dataOf(s));
  if (r.success) return out;
  for (const issue of r.error.issues) {
    const [field, index] = issue.path as (string | number)[];
    const key = typeof index === "number" && boxOf[String(field)] ? `${String(field)}.${boxOf[String(field)][index]?.[1] ?? index}` : String(field);
    if (!out.has(key)) out.set(key, issue.message);
  }
  return out;
}
