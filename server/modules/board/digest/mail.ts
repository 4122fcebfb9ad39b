// The daily digest mail, in the recipient's language (ko, en, id): one part for each kind of news, each line
// linking to its post; parts with nothing to tell are left out.
import type { Language } from "../../../../shared/locale.ts";
import type { AppDeps } from "../../../lib/context.ts";
import type { OutgoingMail } from "../../../lib/mailer.ts";
import { escapeHtml } from "../../mail/compose/mime.ts";
import { languageOf } from "../../mail/compose/mail-text.ts";
import { postLink } from "../reads/remind-mail.ts";
import type { Digest, DigestCount, DigestPost } from "./collect.ts";

interface Words {
  prefix: string;
  subject: string;
  greeting: (name: string) => string;
  newPosts: (n: number) => string;
  mentions: (n: number) => string;
  replies: string;
  reactions: string;
  mustRead: (n: number) => string;
  post: (p: DigestPost) => string;
  mention: (p: DigestPost) => string;
  replyCount: (c: DigestCount) => string;
  reactionCount: (c: DigestCount) => string;
  more: (n: number) => string;
  open: string;
}

const plural = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;

const TEXTS: Record<Language, Words> = {
  ko: {
    prefix: "게시판",
    subject: "오늘의 게시판 소식",
    greeting: (name) => `${name}님, 지난 소식 이후 게시판에 새로운 소식이 있습니다.`,
    newPosts: (n) => `팔로우한 게시판의 새 게시글 ${n}건`,
    mentions: (n) => `나를 언급한 글 ${n}건`,
    replies: "내 게시글의 새 댓글",
    reactions: "내 게시글의 반응",
    mustRead: (n) => `읽지 않은 필독 게시글 ${n}건`,
    post: (p) => `${p.title} - ${p.by} (${p.boardName})`,
    mention: (p) => `${p.title} - ${p.by}님이 언급 (${p.boardName})`,
    replyCount: (c) => `'${c.title}'에 댓글 ${c.count}개`,
    reactionCount: (c) => `'${c.title}'에 반응 ${c.count}개`,
    more: (n) => `외 ${n}건`,
    open: "게시판 열기",
  },
  en: {
    prefix: "Boards",
    subject: "Your daily board digest",
    greeting: (name) => `Hello ${name}, here is what happened on the boards since your last digest.`,
    newPosts: (n) => `${plural(n, "new post", "new posts")} in boards you follow`,
    mentions: (n) => `${plural(n, "mention", "mentions")} of you`,
    replies: "New replies to your posts",
    reactions: "Reactions to your posts",
    mustRead: (n) => `${plural(n, "must-read post", "must-read posts")} you have not read`,
    post: (p) => `${p.title} - ${p.by} (${p.boardName})`,
    mention: (p) => `${p.title} - mentioned by ${p.by} (${p.boardName})`,
    replyCount: (c) => `${plural(c.count, "new reply", "new replies")} on '${c.title}'`,
    reactionCount: (c) => `${plural(c.count, "reaction", "reactions")} on '${c.title}'`,
    more: (n) => `and ${n} more`,
    open: "Open the boards",
  },
  id: {
    prefix: "Papan",
    subject: "Ringkasan harian papan Anda",
    greeting: (name) => `Halo ${name}, berikut kabar terbaru di papan sejak ringkasan terakhir Anda.`,
    newPosts: (n) => `${n} postingan baru di papan yang Anda ikuti`,
    mentions: (n) => `${n} sebutan tentang Anda`,
    replies: "Balasan baru pada postingan Anda",
    reactions: "Reaksi pada postingan Anda",
    mustRead: (n) => `${n} postingan wajib baca yang belum Anda baca`,
    post: (p) => `${p.title} - ${p.by} (${p.boardName})`,
    mention: (p) => `${p.title} - disebut oleh ${p.by} (${p.boardName})`,
    replyCount: (c) => `${c.count} balasan baru pada '${c.title}'`,
    reactionCount: (c) => `${c.count} reaksi pada '${c.title}'`,
    more: (n) => `dan ${n} lainnya`,
    open: "Buka papan",
  },
};

interface Line {
  text: string;
  link: string;
}

interface Part {
  heading: string;
  lines: Line[];
  more: number;
}

export interface DigestMailInput {
  to: string;
  language: string;
  name: string;
}

export function digestMail(deps: AppDeps, m: DigestMailInput, d: Digest): OutgoingMail {
  const w = TEXTS[languageOf(m.language)];
  const link = (p: { postId: number; boardId: number }) => postLink(deps, p.postId, p.boardId);
  const parts: Part[] = [
    { heading: w.newPosts(d.newPosts.total), lines: d.newPosts.items.map((p) => ({ text: w.post(p), link: link(p) })), more: d.newPosts.total - d.newPosts.items.length },
    { heading: w.mentions(d.mentions.total), lines: d.mentions.items.map((p) => ({ text: w.mention(p), link: link(p) })), more: d.mentions.total - d.mentions.items.length },
    { heading: w.replies, lines: d.replies.map((c) => ({ text: w.replyCount(c), link: link(c) })), more: 0 },
    { heading: w.reactions, lines: d.reactions.map((c) => ({ text: w.reactionCount(c), link: link(c) })), more: 0 },
    { heading: w.mustRead(d.mustRead.total), lines: d.mustRead.items.map((p) => ({ text: w.post(p), link: link(p) })), more: d.mustRead.total - d.mustRead.items.length },
  ].filter((p) => p.lines.length > 0);
  const home = `${deps.config.PUBLIC_URL.replace(/\/$/, "")}/#/board`;
  const text = [
    w.greeting(m.name),
    ...parts.flatMap((p) => ["", `■ ${p.heading}`, ...p.lines.map((l) => `· ${l.text}\n  ${l.link}`), ...(p.more > 0 ? [`  ${w.more(p.more)}`] : [])]),
    "",
    `${w.open}: ${home}`,
  ].join("\n");
  const html = `<p>${escapeHtml(w.greeting(m.name))}</p>` +
    parts.map((p) =>
      `<h3>${escapeHtml(p.heading)}</h3><ul>` +
      p.lines.map((l) => `<li><a href="${escapeHtml(l.link)}">${escapeHtml(l.text)}</a></li>`).join("") +
      (p.more > 0 ? `<li>${escapeHtml(w.more(p.more))}</li>` : "") + `</ul>`
    ).join("") +
    `<p><a href="${escapeHtml(home)}">${escapeHtml(w.open)}</a></p>`;
  return { to: m.to, subject: `[${w.prefix}] ${w.subject}`, text, html };
}
