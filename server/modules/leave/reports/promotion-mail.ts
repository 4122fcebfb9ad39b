// The §61 사용촉진 notice mail, in the employee's language (ko, en, id): their unused annual leave, when it
// expires, and what the round asks (round 1: set your dates and tell the company within 10 days; round 2: the
// company sets the dates of what is still unused), with a link to their leave dashboard.
import type { Language } from "../../../../shared/locale.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { OutgoingMail } from "../../../lib/mailer.ts";
import { escapeHtml } from "../../mail/compose/mime.ts";
import { languageOf } from "../../mail/compose/mail-text.ts";

interface Words {
  prefix: string;
  subject: (round: 1 | 2, days: number) => string;
  greeting: (name: string) => string;
  unused: (days: number, expiry: string) => string;
  ask: Record<1 | 2, string>;
  law: string;
  open: string;
}

const enDays = (d: number) => `${d} ${d === 1 ? "day" : "days"}`;

const TEXTS: Record<Language, Words> = {
  ko: {
    prefix: "연차휴가 사용촉진",
    subject: (r, d) => (r === 1 ? `미사용 연차 ${d}일의 사용 시기를 정해 주세요` : `미사용 연차 ${d}일의 사용 시기 지정 안내`),
    greeting: (n) => `${n}님,`,
    unused: (d, e) => `사용하지 않은 연차휴가가 ${d}일 남아 있습니다. 이 휴가는 ${e}까지 사용할 수 있으며, 그 뒤에는 소멸됩니다.`,
    ask: {
      1: "이 통지를 받은 날부터 10일 이내에 남은 휴가의 사용 시기를 정하여 회사에 알려 주시기 바랍니다.",
      2: "1차 촉구 후에도 사용 시기가 정해지지 않은 휴가는 회사가 사용 시기를 정하여 통보합니다. 인사 담당자와 사용 일정을 확인해 주세요.",
    },
    law: "근로기준법 제61조(연차 유급휴가의 사용 촉진)에 따른 통지입니다.",
    open: "내 휴가 현황 보기",
  },
  en: {
    prefix: "Annual leave reminder",
    subject: (r, d) => (r === 1 ? `Please schedule your ${enDays(d)} of unused annual leave` : `Your ${enDays(d)} of unused annual leave will be scheduled`),
    greeting: (n) => `Dear ${n},`,
    unused: (d, e) => `You have ${enDays(d)} of annual leave left unused. They can be used until ${e} and expire after that date.`,
    ask: {
      1: "Please decide when you will take the remaining days and tell the company within 10 days of this notice.",
      2: "Days still without dates after the first notice will be scheduled by the company. Please confirm the dates with HR.",
    },
    law: "This notice is given under Article 61 of the Labor Standards Act (promotion of the use of annual paid leave).",
    open: "Open my leave",
  },
  id: {
    prefix: "Pengingat cuti tahunan",
    subject: (r, d) => (r === 1 ? `Mohon jadwalkan ${d} hari cuti tahunan yang belum dipakai` : `${d} hari cuti tahunan Anda yang belum dipakai akan dijadwalkan`),
    greeting: (n) => `Yth. ${n},`,
    unused: (d, e) => `Anda masih memiliki ${d} hari cuti tahunan yang belum dipakai. Cuti ini dapat dipakai sampai ${e} dan hangus setelah tanggal itu.`,
    ask: {
      1: "Mohon tentukan kapan Anda akan mengambil sisa cuti dan beri tahu perusahaan dalam 10 hari sejak pemberitahuan ini.",
      2: "Hari cuti yang belum dijadwalkan setelah pemberitahuan pertama akan dijadwalkan oleh perusahaan. Mohon konfirmasi jadwalnya dengan HR.",
    },
    law: "Pemberitahuan ini diberikan berdasarkan Pasal 61 Undang-Undang Standar Ketenagakerjaan Korea.",
    open: "Buka cuti saya",
  },
};

export interface PromotionMailInput {
  to: string;
  language: string;
  name: string;
  userId: number;
  round: 1 | 2;
  unusedDays: number;
  /** The last day the leave may be used (validTo). */
  expiry: string;
}

export function promotionMail(deps: AppDeps, m: PromotionMailInput): OutgoingMail {
  const w = TEXTS[languageOf(m.language)];
  const link = `${deps.config.PUBLIC_URL.replace(/\/$/, "")}/#/leave/members/${m.userId}`;
  const paragraphs = [w.greeting(m.name), w.unused(m.unusedDays, m.expiry), w.ask[m.round], w.law];
  return {
    to: m.to,
    subject: `[${w.prefix}] ${w.subject(m.round, m.unusedDays)}`,
    text: [...paragraphs.flatMap((p) => [p, ""]), `${w.open}: ${link}`].join("\n"),
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("") + `<p><a href="${escapeHtml(link)}">${escapeHtml(w.open)}</a></p>`,
  };
}
