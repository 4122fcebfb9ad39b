// The texts the forwarding approval makes outside the UI, in ko, en and id: the approval mail a new target
// gets (from the user, with the acceptance link) and the small pages the link opens.
import MailComposer from "nodemailer/lib/mail-composer";
import { FORWARD_LINK_DAYS } from "../../../../shared/mail/forward.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { escapeHtml, newMessageId } from "../compose/mime.ts";

type Lang = "ko" | "en" | "id";

const TEXTS: Record<Lang, Record<string, string>> = {
  ko: {
    subject: "[메일 자동 전달 요청] {name}",
    body: "{name}({owner}) 님이 받는 메일을 이 주소({target})로 자동 전달하려고 합니다.\n수락하려면 {days}일 안에 아래 링크를 여세요.\n\n{link}\n\n요청한 적이 없다면 이 메일을 무시하세요. 수락하기 전에는 메일이 전달되지 않습니다.",
    confirmTitle: "메일 자동 전달 수락",
    confirmText: "{name}({owner}) 님이 받는 메일을 {target}(으)로 전달받으시겠습니까?",
    confirmButton: "수락",
    doneTitle: "수락했습니다",
    doneText: "이제 {name}({owner}) 님이 받는 메일이 {target}(으)로 전달됩니다.",
    invalidTitle: "링크를 사용할 수 없습니다",
    invalidText: "이미 사용했거나 만료된 링크입니다. 요청한 분에게 승인 메일을 다시 보내 달라고 하세요.",
  },
  en: {
    subject: "[Forwarding request] {name}",
    body: "{name} ({owner}) wants to forward the mail they receive to this address ({target}).\nTo accept, open the link below within {days} days.\n\n{link}\n\nIf you did not expect this, ignore this mail. Nothing is forwarded until you accept.",
    confirmTitle: "Accept mail forwarding",
    confirmText: "Receive the mail of {name} ({owner}) at {target}?",
    confirmButton: "Accept",
    doneTitle: "Accepted",
    doneText: "Mail received by {name} ({owner}) is now forwarded to {target}.",
    invalidTitle: "This link cannot be used",
    invalidText: "The link was already used or has expired. Ask the sender to send the approval mail again.",
  },
  id: {
    subject: "[Permintaan penerusan] {name}",
    body: "{name} ({owner}) ingin meneruskan email yang diterimanya ke alamat ini ({target}).\nUntuk menerima, buka tautan di bawah dalam {days} hari.\n\n{link}\n\nJika Anda tidak mengharapkannya, abaikan email ini. Tidak ada yang diteruskan sebelum Anda menerima.",
    confirmTitle: "Terima penerusan email",
    confirmText: "Terima email milik {name} ({owner}) di {target}?",
    confirmButton: "Terima",
    doneTitle: "Diterima",
    doneText: "Email yang diterima {name} ({owner}) kini diteruskan ke {target}.",
    invalidTitle: "Tautan ini tidak dapat digunakan",
    invalidText: "Tautan sudah digunakan atau kedaluwarsa. Minta pengirim mengirim ulang email persetujuan.",
  },
};

export function langOf(value: string | null | undefined): Lang {
  for (const part of (value ?? "").toLowerCase().split(/[,;\s]+/)) {
    const l = part.slice(0, 2);
    if (l === "ko" || l === "en" || l === "id") return l;
  }
  return "ko";
}

function fill(text: string, vars: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (_, k) => vars[k] ?? "");
}

export function acceptLink(deps: AppDeps, token: string): string {
  return `${deps.config.PUBLIC_URL.replace(/\/$/, "")}/api/mail/forward/accept?token=${encodeURIComponent(token)}`;
}

export async function approvalMail(
  deps: AppDeps,
  o: { lang: string; ownerName: string; owner: string; target: string; link: string },
): Promise<Uint8Array> {
  const t = TEXTS[langOf(o.lang)];
  const vars = { name: o.ownerName, owner: o.owner, target: o.target, link: o.link, days: String(FORWARD_LINK_DAYS) };
  const text = fill(t.body, vars);
  const html = `<div>${fill(escapeHtml(t.body), { ...mapEscaped(vars), link: `<a href="${escapeHtml(o.link)}">${escapeHtml(o.link)}</a>` })
    .replace(/\n/g, "<br>")}</div>`;
  const node = new MailComposer({
    from: { name: o.ownerName, address: o.owner },
    to: o.target,
    subject: fill(t.subject, vars),
    text,
    html,
    messageId: `<${newMessageId(deps)}>`,
    date: deps.clock.now(),
    headers: { "Auto-Submitted": "auto-generated" },
  }).compile();
  const built = await new Promise<Buffer>((ok, fail) => node.build((err, m) => err ? fail(err) : ok(m)));
  return new Uint8Array(built.buffer, built.byteOffset, built.byteLength);
}

function mapEscaped(vars: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, escapeHtml(v)]));
}

export type AcceptPage = "confirm" | "done" | "invalid";

/** The suite's icon (the same as web/index.html's), inline: without it the browser asks for a missing /favicon.ico. */
const FAVICON = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' " +
  "rx='7' fill='%23FFA624'/%3E%3Cpath d='M8 11l8 6 8-6v11H8z' fill='white'/%3E%3C/svg%3E";

/** The page the acceptance link opens: a confirmation with a button (link scanners do not accept), the result. */
export function acceptPage(kind: AcceptPage, lang: string, v: { name?: string; owner?: string; target?: string; token?: string }): string {
  const t = TEXTS[langOf(lang)];
  const vars = mapEscaped({ name: v.name ?? "", owner: v.owner ?? "", target: v.target ?? "" });
  const title = t[`${kind}Title`];
  const text = fill(escapeHtml(t[`${kind}Text`]), vars);
  const form = kind === "confirm"
    ? `<form method="post" action="accept"><input type="hidden" name="token" value="${escapeHtml(v.token ?? "")}"><button type="submit">${escapeHtml(t.confirmButton)}</button></form>`
    : "";
  return `<!doctype html><html lang="${langOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeHtml(title)}</title><link rel="icon" href="${FAVICON}"><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1f2328}` +
    `button{font:inherit;padding:.5rem 1.25rem;border-radius:6px;border:0;background:#2563eb;color:#fff;cursor:pointer}</style></head>` +
    `<body><h1>${escapeHtml(title)}</h1><p>${text}</p>${form}</body></html>`;
}
