// Away reply (000 §3 "Away config", §7 Away, §8 mail.542/543): while on and within [start, end] (either end
// open when null), each sender gets one automatic reply (RFC 3834: Auto-Submitted: auto-replied, "Re: " subject,
// In-Reply-To/References) per period; saving the config starts a new period (updatedTimeMillis). Never sent to
// bounces, mailing lists, automatic mail, spam or the user themself.
//
//   GET /api/mail/config/away                                  → AwayConfig
//   PUT /api/mail/config/away  (JSON or form: useAway, startTimeMillis, endTimeMillis, contents) → AwayConfig
// Errors: 400 mail.542 (a time that is not a time or outside [0, AWAY_TIME_MAX_MILLIS], or the end not after
//         the start),
//         400 mail.543 (the reply text empty while on, or longer than AWAY_CONTENTS_MAX).
import { z } from "zod";

/** Characters of the reply text (not in the spec; chosen here). */
export const AWAY_CONTENTS_MAX = 4000;
/** Latest time a period may name: 9999-12-31T23:59:59.999Z (later ones are not valid dates in PostgreSQL). */
export const AWAY_TIME_MAX_MILLIS = 253_402_300_799_999;

export interface AwayConfig {
  useAway: boolean;
  startTimeMillis: number | null;
  endTimeMillis: number | null;
  /** Plain text of the reply. */
  contents: string;
  updatedTimeMillis: number | null;
}

export const AWAY_ERROR_MESSAGES = {
  "mail.542": "Check the period: the end must be after the start.",
  "mail.543": "Enter the reply text (up to 4000 characters).",
} as const;

const bool = z.union([z.boolean(), z.enum(["true", "false", "1", "0", "Y", "N"]).transform((v) => v === "true" || v === "1" || v === "Y")]);
/** Epoch milliseconds, or null (open end) for null, "" or absent. */
const millis = z.preprocess(
  (v) => v === "" || v === null || v === undefined ? null : typeof v === "string" ? Number(v) : v,
  z.number({ message: "mail.542" }).int("mail.542").min(0, "mail.542").max(AWAY_TIME_MAX_MILLIS, "mail.542").nullable(),
);

export const awayInput = z.object({
  useAway: bool.default(false),
  startTimeMillis: millis,
  endTimeMillis: millis,
  contents: z.string().max(AWAY_CONTENTS_MAX, "mail.543").default(""),
}).refine((a) => a.startTimeMillis === null || a.endTimeMillis === null || a.endTimeMillis > a.startTimeMillis, { message: "mail.542", path: ["endTimeMillis"] })
  .refine((a) => !a.useAway || a.contents.trim().length > 0, { message: "mail.543", path: ["contents"] });
export type AwayInput = z.infer<typeof awayInput>;
