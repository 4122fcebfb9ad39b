// The send checks of 000 §5, in the spec's order, before anything goes to the server:
//   1 a scheduled time later than now and within 5 years (mail.100);
//   2 unless to-me, organisation / group addresses (and addresses on the company's own domains that were not
//     picked as a person) are asked about (GET api/mails/v2/recipients/check); one reaching nobody is flagged
//     invalid (mail.575);
//   3 at least one To (mail.367);  4 no invalid address in To, Cc, Bcc (mail.368 / 369 / 370);
//   then the secure-mail password, the large files' password (when the company asks for one: isLargeAttPw),
//   and 5 an empty subject asks for confirmation (mail.371); confirming sends it
//   with the 'untitled' placeholder as the subject.
import { domainOf } from "./domain.ts";
import { checkRecipient } from "./api.ts";
import { reserveValid, securePasswordValid } from "./ComposeOptions.tsx";
import { addressOf, type ComposeState, hasLargeFiles, type Recipient, RECIPIENT_KINDS } from "./state.ts";

export type CheckOutcome =
  | { ok: true; subject: string }
  | { ok: false; message: { key: string; errorCode?: boolean }; flagged?: Pick<ComposeState, "to" | "cc" | "bcc"> };

export interface CheckContext {
  toMe: boolean;
  companyDomains: string[];
  /** The company's isLargeAttPw: large files go out behind a password the sender sets. */
  largeFilePassword?: boolean;
  /** Asks the user (mail.371); resolves true to send without a subject. */
  confirmEmptySubject(): Promise<boolean>;
  untitled: string;
}

const needsServerCheck = (r: Recipient, domains: Set<string>) =>
  r.valid && !r.person && (r.group || domains.has(domainOf(addressOf(r))));

export async function runSendChecks(s: ComposeState, ctx: CheckContext): Promise<CheckOutcome> {
  if (s.isReserve && !reserveValid(s.reserveDate)) return { ok: false, message: { key: "mail.100", errorCode: true } };

  if (!ctx.toMe) {
    const domains = new Set(ctx.companyDomains.map((d) => d.toLowerCase()));
    const asks = new Map<string, Promise<boolean>>();
    for (const kind of RECIPIENT_KINDS) {
      for (const r of s[kind]) {
        const a = addressOf(r);
        if (needsServerCheck(r, domains) && !asks.has(a)) {
          asks.set(a, checkRecipient(a).then((c) => c.result > 0, () => true));
        }
      }
    }
    const reachable = new Map<string, boolean>();
    await Promise.all([...asks].map(async ([a, p]) => reachable.set(a, await p)));
    if ([...reachable.values()].some((ok) => !ok)) {
      const flag = (list: Recipient[]) => list.map((r) => (reachable.get(addressOf(r)) === false ? { ...r, unreachable: true } : r));
      return { ok: false, message: { key: "mail.575", errorCode: true }, flagged: { to: flag(s.to), cc: flag(s.cc), bcc: flag(s.bcc) } };
    }
  }

  if (!s.to.length) return { ok: false, message: { key: "mail.367", errorCode: true } };
  const codes = { to: "mail.368", cc: "mail.369", bcc: "mail.370" } as const;
  for (const kind of RECIPIENT_KINDS) {
    if (s[kind].some((r) => !r.valid || r.unreachable)) return { ok: false, message: { key: codes[kind], errorCode: true } };
  }
  if (s.isSecure && !securePasswordValid(s.securePw)) return { ok: false, message: { key: "mail.secure_password_invalid", errorCode: true } };
  if (ctx.largeFilePassword && hasLargeFiles(s) && !securePasswordValid(s.largeFilePw)) {
    return { ok: false, message: { key: "mail.large_password_invalid", errorCode: true } };
  }

  if (!s.subject.trim()) {
    if (!(await ctx.confirmEmptySubject())) return { ok: false, message: { key: "" } };
    return { ok: true, subject: ctx.untitled };
  }
  return { ok: true, subject: s.subject };
}
