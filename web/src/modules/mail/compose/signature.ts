// Signatures in the compose body: the HTML of an inserted signature (the wrapper the editor's MailSignature
// node keeps), which default a fresh compose takes (new mail or reply/forward), and finding, swapping or
// removing the signature in the editor.
import type { Editor } from "@tiptap/react";
import { SIGNATURE_MARK, type Signature } from "@shared/mail/signatures.ts";
import type { ComposeType } from "@shared/mail/compose.ts";
import { SIGN_STYLE_CSS } from "./editor/signatureNode.ts";

const escapeAttr = (s: string) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

export function signatureHtml(sig: Pick<Signature, "id" | "signStyle" | "contents">): string {
  const inner = sig.contents.trim() || "<p></p>";
  return `<div ${SIGNATURE_MARK}="${sig.id}" data-sign-style="${escapeAttr(sig.signStyle)}" style="${SIGN_STYLE_CSS[sig.signStyle]}">${inner}</div>`;
}

/** The default signature of a fresh compose: useReplyForward for replies and forwards, useNewMail otherwise. */
export function defaultSignature(list: Signature[], composeType: ComposeType): Signature | null {
  const reply = composeType === "REPLY" || composeType === "FORWARD";
  return list.find((s) => (reply ? s.useReplyForward : s.useNewMail)) ?? null;
}

/** The body with the signature after what is there (an empty line first to write in); the quote stays below. */
export function withSignature(content: string, sig: Signature | null): string {
  if (!sig) return content;
  return `${content.trim() ? content : "<p></p>"}${signatureHtml(sig)}`;
}

/** The signature node of the editor, if any. */
export function findSignature(editor: Editor): { pos: number; size: number; id: string } | null {
  let found: { pos: number; size: number; id: string } | null = null;
  editor.state.doc.descendants((node, pos) => {
    if (found) return false;
    if (node.type.name === "mailSignature") {
      found = { pos, size: node.nodeSize, id: String(node.attrs.signatureId ?? "") };
      return false;
    }
    return true;
  });
  return found;
}

/** Puts `sig` where the signature is (or at the end), or removes the signature when `sig` is null. */
export function applySignature(editor: Editor, sig: Signature | null): void {
  const at = findSignature(editor);
  if (at) {
    const range = { from: at.pos, to: at.pos + at.size };
    if (sig) editor.chain().insertContentAt(range, signatureHtml(sig)).run();
    else editor.chain().deleteRange(range).run();
  } else if (sig) {
    editor.chain().insertContentAt(editor.state.doc.content.size, signatureHtml(sig)).run();
  }
}
