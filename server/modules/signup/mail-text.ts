// The verification-code mail, in the three languages.
import type { Language } from "../../../shared/users.ts";

const TEXT: Record<Language, { subject: string; body: (code: string, minutes: number) => string }> = {
  ko: {
    subject: "[Groupware] 이메일 인증 코드",
    body: (code, m) => `회사 가입을 위한 인증 코드는 ${code} 입니다.\n이 코드는 ${m}분 동안 유효합니다.\n직접 요청하지 않았다면 이 메일을 무시하세요.`,
  },
  en: {
    subject: "[Groupware] Your verification code",
    body: (code, m) => `Your verification code for the company sign-up is ${code}.\nIt is valid for ${m} minutes.\nIf you did not ask for it, ignore this mail.`,
  },
  id: {
    subject: "[Groupware] Kode verifikasi Anda",
    body: (code, m) => `Kode verifikasi untuk pendaftaran perusahaan adalah ${code}.\nKode ini berlaku selama ${m} menit.\nJika Anda tidak memintanya, abaikan email ini.`,
  },
};

export function verificationMail(lang: Language, code: string, minutes: number) {
  const t = TEXT[lang];
  return { subject: t.subject, text: t.body(code, minutes) };
}
