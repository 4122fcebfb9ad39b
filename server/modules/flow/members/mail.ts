// The mails of flow's memberships, in the recipient's language (ko, en, id): an invitation to a project (to the
// invited person) and an application to join a private project (to its MASTER). Each names the project and who
// sent it and links to the project list (/#/flow/projects), where the invitation is accepted or the application
// approved.
import type { Language } from "../../../../shared/locale.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { OutgoingMail } from "../../../lib/mailer.ts";
import { escapeHtml } from "../../mail/compose/mime.ts";
import { languageOf } from "../../mail/compose/mail-text.ts";

interface Texts {
  prefix: string;
  inviteSubject: (project: string) => string;
  inviteBody: (from: string, project: string) => string;
  applySubject: (project: string) => string;
  applyBody: (from: string, project: string) => string;
  open: string;
}

const TEXTS: Record<Language, Texts> = {
  ko: {
    prefix: "플로우",
    inviteSubject: (p) => `'${p}' 프로젝트에 초대되었습니다`,
    inviteBody: (from, p) => `${from}님이 '${p}' 프로젝트에 초대했습니다. 프로젝트 목록에서 초대를 수락하거나 거절할 수 있습니다.`,
    applySubject: (p) => `'${p}' 프로젝트 참여 요청`,
    applyBody: (from, p) => `${from}님이 '${p}' 프로젝트에 참여를 요청했습니다. 프로젝트 목록에서 승인하거나 거절할 수 있습니다.`,
    open: "프로젝트 보기",
  },
  en: {
    prefix: "Flow",
    inviteSubject: (p) => `You are invited to the project '${p}'`,
    inviteBody: (from, p) => `${from} invited you to the project '${p}'. You can accept or decline the invitation in the project list.`,
    applySubject: (p) => `Request to join the project '${p}'`,
    applyBody: (from, p) => `${from} asks to join the project '${p}'. You can approve or refuse the request in the project list.`,
    open: "Open the projects",
  },
  id: {
    prefix: "Flow",
    inviteSubject: (p) => `Anda diundang ke proyek '${p}'`,
    inviteBody: (from, p) => `${from} mengundang Anda ke proyek '${p}'. Anda dapat menerima atau menolak undangan di daftar proyek.`,
    applySubject: (p) => `Permintaan bergabung dengan proyek '${p}'`,
    applyBody: (from, p) => `${from} meminta bergabung dengan proyek '${p}'. Anda dapat menyetujui atau menolak permintaan di daftar proyek.`,
    open: "Buka daftar proyek",
  },
};

/** The web address of the project list. */
export function projectsLink(deps: AppDeps): string {
  return `${deps.config.PUBLIC_URL.replace(/\/$/, "")}/#/flow/projects`;
}

export interface MemberMailInput {
  /** The recipient's address and language (users.language_type). */
  to: string;
  language: string;
  /** Who invited or applied (their name). */
  from: string;
  project: string;
}

function mail(deps: AppDeps, m: MemberMailInput, subject: string, body: string, open: string, prefix: string): OutgoingMail {
  const link = projectsLink(deps);
  return {
    to: m.to,
    subject: `[${prefix}] ${subject}`,
    text: [body, "", `${open}: ${link}`].join("\n"),
    html: `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(open)}</a></p>`,
  };
}

export function invitationMail(deps: AppDeps, m: MemberMailInput): OutgoingMail {
  const w = TEXTS[languageOf(m.language)];
  return mail(deps, m, w.inviteSubject(m.project), w.inviteBody(m.from, m.project), w.open, w.prefix);
}

export function applicationMail(deps: AppDeps, m: MemberMailInput): OutgoingMail {
  const w = TEXTS[languageOf(m.language)];
  return mail(deps, m, w.applySubject(m.project), w.applyBody(m.from, m.project), w.open, w.prefix);
}
