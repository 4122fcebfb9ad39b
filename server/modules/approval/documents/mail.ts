// The notice mail of an approval step, in the recipient's language (ko, en, id): what happened to which
// document, and a link that opens it in the recipient's box.
import type { ApprovalNoticeKind, BoxKey } from "../../../../shared/approval/constants.ts";
import type { Language } from "../../../../shared/locale.ts";
import type { OutgoingMail } from "../../../lib/mailer.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { escapeHtml } from "../../mail/compose/mime.ts";
import { languageOf } from "../../mail/compose/mail-text.ts";

const TEXTS: Record<Language, Record<ApprovalNoticeKind, string> & { prefix: string; open: string; drafter: string; num: string }> = {
  ko: {
    prefix: "전자결재",
    TURN: "결재할 문서가 도착했습니다",
    HELP_TURN: "협조 요청 문서가 도착했습니다",
    COMPLETED: "기안한 문서의 결재가 완료되었습니다",
    REJECTED: "기안한 문서가 반려되었습니다",
    RETURNED: "기안한 문서가 반송되었습니다",
    RECEIVE: "수신 문서가 도착했습니다",
    CC: "참조 문서가 도착했습니다",
    SHARE: "공람 문서가 도착했습니다",
    open: "문서 열기",
    drafter: "기안자",
    num: "문서번호",
  },
  en: {
    prefix: "Approval",
    TURN: "A document is waiting for your approval",
    HELP_TURN: "A document asks for your cooperation",
    COMPLETED: "Your document was approved",
    REJECTED: "Your document was rejected",
    RETURNED: "Your document was returned",
    RECEIVE: "A document was sent to you to receive",
    CC: "You were copied on a document",
    SHARE: "A document was shared with you",
    open: "Open the document",
    drafter: "Drafter",
    num: "Document number",
  },
  id: {
    prefix: "Persetujuan",
    TURN: "Sebuah dokumen menunggu persetujuan Anda",
    HELP_TURN: "Sebuah dokumen meminta kerja sama Anda",
    COMPLETED: "Dokumen Anda telah disetujui",
    REJECTED: "Dokumen Anda ditolak",
    RETURNED: "Dokumen Anda dikembalikan",
    RECEIVE: "Sebuah dokumen dikirim kepada Anda untuk diterima",
    CC: "Anda mendapat tembusan sebuah dokumen",
    SHARE: "Sebuah dokumen dibagikan kepada Anda",
    open: "Buka dokumen",
    drafter: "Pembuat",
    num: "Nomor dokumen",
  },
};

export interface ApprovalMailInput {
  to: string;
  language: string;
  kind: ApprovalNoticeKind;
  box: BoxKey;
  docId: number;
  title: string;
  doc_num: string | null;
  drafter: string;
}

/** The link that opens the document in a box (the web's hash route doc/list/{boxKey}/{docId}). */
export function documentLink(deps: AppDeps, box: BoxKey, docId: number): string {
  return `${deps.config.PUBLIC_URL.replace(/\/$/, "")}/#/approval/doc/list/${box}/${docId}`;
}

export function approvalMail(deps: AppDeps, m: ApprovalMailInput): OutgoingMail {
  const w = TEXTS[languageOf(m.language)];
  const link = documentLink(deps, m.box, m.docId);
  const facts: [string, string][] = [[w.drafter, m.drafter], ...(m.doc_num ? [[w.num, m.doc_num] as [string, string]] : [])];
  return {
    to: m.to,
    subject: `[${w.prefix}] ${w[m.kind]}: ${m.title}`,
    text: [`${w[m.kind]}.`, "", m.title, ...facts.map(([k, v]) => `${k}: ${v}`), "", `${w.open}: ${link}`].join("\n"),
    html: `<p>${escapeHtml(w[m.kind])}.</p><p><b>${escapeHtml(m.title)}</b><br>` +
      facts.map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(v)}`).join("<br>") +
      `</p><p><a href="${escapeHtml(link)}">${escapeHtml(w.open)}</a></p>`,
  };
}
