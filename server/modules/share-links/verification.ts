// Email verification for COMPANY links opened without signing in (000 §7: POST /api/share/links/verification
// with email and encrypt; GET /api/share/links/validation/{param} with email and verificationCode).
//
// 1. POST verification {email, encrypt = the link token}: when the address is an active user of the link's
//    company, a 6-digit code is mailed to it (stored hashed, valid 10 minutes); for any other address nothing
//    is stored or sent. The answers (here and in validate) are the same whether or not the address belongs
//    to the company, so they cannot be used to probe addresses.
// 2. GET validation/{token}?email&verificationCode: a right code marks the verification done and answers its
//    verificationId, which POST .../open accepts for 30 minutes. Five wrong codes spend it.
import {
  SHARE_LINK_CODE_MAX_ATTEMPTS, SHARE_LINK_CODE_RESEND_SECONDS, SHARE_LINK_CODE_TTL_MINUTES,
  SHARE_LINK_VERIFIED_TTL_MINUTES, type VerificationResult, type VerificationSent,
} from "../../../shared/share.ts";
import type { AppDeps } from "../../lib/context.ts";
import { sha256Hex, sixDigitCode } from "../../lib/encoding.ts";
import { AppError } from "../../lib/errors.ts";
import { forgetAttempts, MAX_WINDOW_MS, recentAttempts, recordAttempt, reserveAttempt } from "../auth/throttle.ts";
import * as repo from "./repo.ts";

const MINUTE = 60_000;
/** Codes one client address may ask for per link in the throttle window (15 minutes). */
const CODES_PER_ADDRESS = 10;


function codeMail(lang: string, code: string) {
  if (lang === "en") {
    return { subject: "Verification code for a shared link", text: `Your verification code is ${code}. It is valid for ${SHARE_LINK_CODE_TTL_MINUTES} minutes.` };
  }
  if (lang === "id") {
    return { subject: "Kode verifikasi tautan berbagi", text: `Kode verifikasi Anda adalah ${code}. Berlaku selama ${SHARE_LINK_CODE_TTL_MINUTES} menit.` };
  }
  return { subject: "공유 링크 인증 코드", text: `인증 코드는 ${code} 입니다. ${SHARE_LINK_CODE_TTL_MINUTES}분 동안 유효합니다.` };
}

async function companyLink(deps: AppDeps, token: string) {
  const link = token.length > 200 ? undefined : await repo.findByToken(deps.db, token);
  if (!link) throw new AppError(404, "shareLink.deleted");
  if (link.accessMode !== "COMPANY") throw new AppError(400, "shareLink.verification_unavailable");
  return link;
}

// What an address outside the link's company asks is kept only as throttle records (no code, no mail), so
// the resend wait and the tries of validate answer for it exactly as for an employee's address.
const askKey = (linkId: number, emailHash: string) => `linkask:${linkId}:${emailHash}`;
const tryKey = (linkId: number, emailHash: string) => `linktry:${linkId}:${emailHash}`;
/** How long an outside address's request is remembered (an employee's code row outlives its lifetime too). */
const ASK_MEMORY_MS = MAX_WINDOW_MS;

export async function sendCode(deps: AppDeps, input: { email: string; encrypt: string }, ip: string): Promise<VerificationSent> {
  const link = await companyLink(deps, input.encrypt);
  const now = deps.clock.now();
  const user = await repo.activeUserByAddress(deps.db, link.companyId, input.email);
  const emailHash = await sha256Hex(input.email);
  const lastAt = user
    ? (await repo.latestVerification(deps.db, link.id, input.email))?.createdAt
    : (await recentAttempts(deps, askKey(link.id, emailHash), ASK_MEMORY_MS)).last;
  if (lastAt && now.getTime() - lastAt.getTime() < SHARE_LINK_CODE_RESEND_SECONDS * 1000) {
    throw new AppError(429, "shareLink.code_too_soon", {
      retryAfterSeconds: Math.ceil((lastAt.getTime() + SHARE_LINK_CODE_RESEND_SECONDS * 1000 - now.getTime()) / 1000),
    });
  }
  const sendKey = `linkmail:${link.id}:${ip}`;
  await reserveAttempt(deps, [{ key: sendKey, max: CODES_PER_ADDRESS }], "common.rate_limited");
  const expiresAt = new Date(now.getTime() + SHARE_LINK_CODE_TTL_MINUTES * MINUTE);
  if (user) {
    const code = sixDigitCode();
    const id = crypto.randomUUID();
    await repo.insertVerification(deps.db, { id, linkId: link.id, email: input.email, codeHash: await sha256Hex(`${id}:${code}`), createdAt: now, expiresAt });
    try {
      await deps.mailer.send({ to: input.email, ...codeMail(user.languageType, code) });
    } catch (e) {
      deps.log.error(`share link code mail to ${input.email} failed`, e);
      await repo.removeVerification(deps.db, id);
      throw new AppError(502, "shareLink.code_send_failed");
    }
  } else {
    // A new request starts its tries afresh, as a new code row would.
    await forgetAttempts(deps, [tryKey(link.id, emailHash)]);
    await recordAttempt(deps, askKey(link.id, emailHash), ASK_MEMORY_MS);
  }
  return { expiresAtMillis: expiresAt.getTime(), resendAfterSeconds: SHARE_LINK_CODE_RESEND_SECONDS };
}

/** validate for an address with no code row: the answers an employee's wrong code would get. */
async function validateWithoutCode(deps: AppDeps, linkId: number, email: string): Promise<never> {
  const emailHash = await sha256Hex(email);
  const asked = (await recentAttempts(deps, askKey(linkId, emailHash), ASK_MEMORY_MS)).last;
  if (!asked) throw new AppError(400, "shareLink.code_invalid");
  const ttl = SHARE_LINK_CODE_TTL_MINUTES * MINUTE;
  if (asked.getTime() + ttl <= deps.clock.now().getTime()) throw new AppError(400, "shareLink.code_expired");
  try {
    await reserveAttempt(deps, [{ key: tryKey(linkId, emailHash), max: SHARE_LINK_CODE_MAX_ATTEMPTS, windowMs: ttl }]);
  } catch (e) {
    if (e instanceof AppError && e.status === 429) throw new AppError(400, "shareLink.code_expired");
    throw e;
  }
  const tries = (await recentAttempts(deps, tryKey(linkId, emailHash), ttl)).n;
  throw new AppError(400, "shareLink.code_invalid", { attemptsLeft: SHARE_LINK_CODE_MAX_ATTEMPTS - tries });
}

export async function validate(deps: AppDeps, token: string, input: { email: string; verificationCode: string }): Promise<VerificationResult> {
  const link = await companyLink(deps, token);
  const now = deps.clock.now();
  const row = await repo.latestVerification(deps.db, link.id, input.email);
  if (!row) return await validateWithoutCode(deps, link.id, input.email);
  if (row.verifiedAt) {
    const until = row.verifiedAt.getTime() + SHARE_LINK_VERIFIED_TTL_MINUTES * MINUTE;
    if (until > now.getTime() && (await sha256Hex(`${row.id}:${input.verificationCode}`)) === row.codeHash) {
      return { verified: true, verificationId: row.id, expiresAtMillis: until };
    }
    throw new AppError(400, "shareLink.code_expired");
  }
  if (row.expiresAt <= now) throw new AppError(400, "shareLink.code_expired");
  // The try is counted before the code is compared, atomically, so parallel guesses share the five tries.
  const tries = await repo.claimVerificationTry(deps.db, row.id, SHARE_LINK_CODE_MAX_ATTEMPTS);
  if (tries === null) throw new AppError(400, "shareLink.code_expired");
  // Codes for addresses that are not employees of the link's company are never mailed, and never valid.
  const employee = await repo.activeUserByAddress(deps.db, link.companyId, input.email);
  if (!employee || (await sha256Hex(`${row.id}:${input.verificationCode}`)) !== row.codeHash) {
    throw new AppError(400, "shareLink.code_invalid", { attemptsLeft: SHARE_LINK_CODE_MAX_ATTEMPTS - tries });
  }
  await repo.updateVerification(deps.db, row.id, { verifiedAt: now });
  return { verified: true, verificationId: row.id, expiresAtMillis: now.getTime() + SHARE_LINK_VERIFIED_TTL_MINUTES * MINUTE };
}
