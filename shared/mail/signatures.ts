// Mail signatures (000 §3 "Signature", §5 "Signatures", §7 "Mail settings", §8 mail.378-385, §9): at most 5 per
// user, a title of at most 20 characters, HTML contents (sanitised by the server). One signature may be the
// default for new mail and one for replies and forwards; setting one clears the others.
//
//   GET    /api/mail/config/sign                          → SignatureList (oldest first)
//   POST   /api/mail/config/sign   (form or JSON: title, signStyle, contents) → 201 Signature
//   PUT    /api/mail/config/sign/{id}  (title, signStyle, contents)          → Signature
//   PUT    /api/mail/config/sign/{id}/useNewMail       ({ useNewMail?: boolean }; absent toggles) → SignatureList
//   PUT    /api/mail/config/sign/{id}/useReplyForward  ({ useReplyForward?: boolean }; absent toggles) → SignatureList
//   DELETE /api/mail/config/sign/{id}                                        → 204
//   Errors: 400 mail.380 title missing, 400 mail.381 title longer than 20, 409 mail.382 already 5 signatures,
//   400 mail.signature_contents_too_long, 404 common.404 (a missing or another user's id). mail.378 (load),
//   mail.379 (add), mail.383 (update), mail.384 (delete), mail.385 (default change) are the UI's texts when
//   those calls fail otherwise.
import { z } from "zod";

export const MAX_SIGNATURES = 5;
export const SIGNATURE_TITLE_MAX = 20;
/** Characters of HTML a signature may hold (images as data: URLs included). */
export const SIGNATURE_CONTENTS_MAX = 200_000;

/**
 * How the signature is set off from the mail text when inserted: DEFAULT as written, LINE with a rule above
 * it, BOX in a light frame.
 */
export const SIGN_STYLES = ["DEFAULT", "LINE", "BOX"] as const;
export type SignStyle = (typeof SIGN_STYLES)[number];

export interface Signature {
  id: number;
  title: string;
  signStyle: SignStyle;
  /** Sanitised HTML. */
  contents: string;
  useNewMail: boolean;
  useReplyForward: boolean;
}

export interface SignatureList {
  signatures: Signature[];
}

export const SIGNATURES_ERROR_MESSAGES = {
  "mail.378": "The signatures could not be loaded.",
  "mail.379": "The signature could not be added.",
  "mail.380": "Enter a signature title.",
  "mail.381": `A signature title has at most ${SIGNATURE_TITLE_MAX} characters.`,
  "mail.382": `You can have at most ${MAX_SIGNATURES} signatures.`,
  "mail.383": "The signature could not be changed.",
  "mail.384": "The signature could not be deleted.",
  "mail.385": "The default signature could not be changed.",
  "mail.signature_contents_too_long": "The signature is too long.",
} as const;

const flag = z.union([z.boolean(), z.enum(["true", "false", "1", "0", "Y", "N"]), z.literal(1), z.literal(0)])
  .transform((v) => v === true || v === "true" || v === "1" || v === 1 || v === "Y");

export const signatureBody = z.object({
  title: z.string({ message: "mail.380" }).trim().min(1, "mail.380").max(SIGNATURE_TITLE_MAX, "mail.381"),
  signStyle: z.preprocess((v) => (v === undefined || v === null || v === "" ? "DEFAULT" : v), z.enum(SIGN_STYLES)),
  contents: z.string().max(SIGNATURE_CONTENTS_MAX, "mail.signature_contents_too_long").default(""),
});
export type SignatureBody = z.infer<typeof signatureBody>;

export const useNewMailBody = z.object({ useNewMail: flag.optional() });
export const useReplyForwardBody = z.object({ useReplyForward: flag.optional() });

/** Which default a signature is for. */
export type SignatureUse = "useNewMail" | "useReplyForward";

/** The attribute of the element that wraps an inserted signature in a compose body (the picker finds it). */
export const SIGNATURE_MARK = "data-mail-signature";
