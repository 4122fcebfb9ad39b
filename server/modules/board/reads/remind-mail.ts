// The must-read reminder mail, in the recipient's language (ko, en, id): which post of which board waits to
// be read, and a link that opens it.
import type { Language } from "../../../../shared/locale.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { OutgoingMail } from "../../../lib/mailer.ts";
import { escapeHtml } from "../../mail/compose/mime.ts";
import { languageOf } from "../../mail/compose/mail-text.ts";

const TEXTS: Record<Language, { prefix: string; subject: string; body: (from: string) => string; board: string; open: string }> = {
  ko: {
    prefix: "게시판",
    subject: "필독 게시글을 확인해 주세요",
    body: (from) => `${from}님이 아직 읽지 않은 필독 게시글의 확인을 요청했습니다.`,
    board: "게시판",
    open: "게시글 보기",
  },
  en: {
    prefix: "Boards",
    subject: "Please read this must-read post",
    body: (from) => `${from} asks you to read a must-read post you have not read yet.`,
    board: "Board",
    open: "Open the post",
  },
  id: {
    prefix: "Papan",
    subject: "Mohon baca postingan wajib baca ini",
    body: (from) => `${from} meminta Anda membaca postingan wajib baca yang belum Anda baca.`,
    board: "Papan",
    open: "Buka postingan",
  },
};

/** The web address of a post (/board/view/{postId}/{actionObj}). */
export function postLink(deps: AppDeps, postId: number, boardId: number): string {
  return `${deps.config.PUBLIC_URL.replace(/\/$/, "")}/#/board/view/${postId}/${encodeURIComponent(JSON.stringify({ boardId }))}`;
}

export interface RemindMailInput {
  to: string;
  language: string;
  from: string;
  title: string;
  boardName: string;
  postId: number;
  boardId: number;
}

export function remindMail(deps: AppDeps, m: RemindMailInput): OutgoingMail {
  const w = TEXTS[languageOf(m.language)];
  const link = postLink(deps, m.postId, m.boardId);
  return {
    to: m.to,
    subject: `[${w.prefix}] ${w.subject}: ${m.title}`,
    text: [w.body(m.from), "", m.title, `${w.board}: ${m.boardName}`, "", `${w.open}: ${link}`].join("\n"),
    html: `<p>${escapeHtml(w.body(m.from))}</p><p><b>${escapeHtml(m.title)}</b><br>${escapeHtml(w.board)}: ${escapeHtml(m.boardName)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(w.open)}</a></p>`,
  };
}
