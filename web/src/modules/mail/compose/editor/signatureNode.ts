// The inserted signature as a node of the compose editor: a block wrapper (div[data-mail-signature]) that keeps
// the signature's id and style through editing, so the signature picker can find it again, swap or remove it.
// The style attribute (inline, as mail needs) sets the signature off as its signStyle says.
import { Node } from "@tiptap/react";
import { SIGNATURE_MARK, type SignStyle } from "@shared/mail/signatures.ts";

/** Inline CSS of each signStyle (mail clients ignore style sheets). */
export const SIGN_STYLE_CSS: Record<SignStyle, string> = {
  DEFAULT: "margin-top: 16px",
  LINE: "margin-top: 16px; padding-top: 8px; border-top: 1px solid #c8ccd1",
  BOX: "margin-top: 16px; padding: 8px 12px; border: 1px solid #c8ccd1; border-radius: 4px",
};

const styleOf = (v: string | null): SignStyle => (v === "LINE" || v === "BOX" ? v : "DEFAULT");

export const MailSignature = Node.create({
  name: "mailSignature",
  group: "block",
  content: "block+",
  defining: true,
  addAttributes() {
    return {
      signatureId: {
        default: "",
        parseHTML: (el) => el.getAttribute(SIGNATURE_MARK) ?? "",
        renderHTML: (attrs) => ({ [SIGNATURE_MARK]: String(attrs.signatureId ?? "") }),
      },
      signStyle: {
        default: "DEFAULT",
        parseHTML: (el) => styleOf(el.getAttribute("data-sign-style")),
        renderHTML: (attrs) => {
          const style = styleOf(attrs.signStyle as string);
          return { "data-sign-style": style, style: SIGN_STYLE_CSS[style] };
        },
      },
    };
  },
  parseHTML() {
    return [{ tag: `div[${SIGNATURE_MARK}]` }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["div", HTMLAttributes, 0];
  },
});
