// Company sign-up (002 §2, §5, §8): a code sent by mail, the code checked, then company + domain + admin.
import {
  SIGNUP_CODE_MAX_ATTEMPTS, SIGNUP_CODE_RESEND_SECONDS, SIGNUP_CODE_TTL_MINUTES, SIGNUP_CODES_PER_EMAIL_PER_HOUR,
  SIGNUP_CODES_PER_HOUR, SIGNUP_CODES_PER_IP_PER_HOUR, SIGNUP_TOKEN_TTL_MINUTES, type SignupResult,
} from "../../../shared/auth.ts";
import type { Language } from "../../../shared/users.ts";
import type { AppDeps } from "../../lib/context.ts";
import { randomToken, sha256Hex, sixDigitCode } from "../../lib/encoding.ts";
import { AppError } from "../../lib/errors.ts";
import { isUniqueViolation } from "../../lib/db-errors.ts";
import { reserveAttempt } from "../auth/throttle.ts";
import * as companies from "../company/service.ts";
import { verificationMail } from "./mail-text.ts";
import * as repo from "./repo.ts";

const MINUTE = 60_000;

export async function sendCode(deps: AppDeps, email: string, ip: string, lang: Language = "ko") {
  const now = deps.clock.now();
  if (await companies.isSignupEmailInUse(deps, email)) throw new AppError(409, "signup.email_in_use");
  const last = await repo.latestFor(deps.db, email);
  if (last && now.getTime() - last.createdAt.getTime() < SIGNUP_CODE_RESEND_SECONDS * 1000) {
    throw new AppError(429, "signup.code_too_soon", { retryAfterSeconds: Math.ceil((last.createdAt.getTime() + SIGNUP_CODE_RESEND_SECONDS * 1000 - now.getTime()) / 1000) });
  }
  if ((await repo.countSince(deps.db, email, new Date(now.getTime() - 60 * MINUTE))) >= SIGNUP_CODES_PER_EMAIL_PER_HOUR) {
    throw new AppError(429, "common.rate_limited", { retryAfterSeconds: 3600 });
  }
  // Each mail sent counts on the client address and on the whole server, for an hour (a mail that could
  // not be sent gives its place back).
  const sending = await reserveAttempt(deps, [
    { key: `signup:ip:${ip}`, max: SIGNUP_CODES_PER_IP_PER_HOUR, windowMs: 60 * MINUTE },
    { key: "signup:all", max: SIGNUP_CODES_PER_HOUR, windowMs: 60 * MINUTE },
  ], "common.rate_limited");
  const code = sixDigitCode();
  const id = crypto.randomUUID();
  const expiresAt = new Date(now.getTime() + SIGNUP_CODE_TTL_MINUTES * MINUTE);
  await repo.insert(deps.db, { id, email, codeHash: await sha256Hex(`${id}:${code}`), createdAt: now, expiresAt });
  try {
    await deps.mailer.send({ to: email, ...verificationMail(lang, code, SIGNUP_CODE_TTL_MINUTES) });
  } catch (e) {
    deps.log.error(`sign-up code mail to ${email} failed`, e);
    await repo.remove(deps.db, id);
    await sending.release();
    throw new AppError(502, "signup.code_send_failed");
  }
  return { expiresAtMillis: expiresAt.getTime(), resendAfterSeconds: SIGNUP_CODE_RESEND_SECONDS };
}

export async function verifyCode(deps: AppDeps, email: string, code: string) {
  const now = deps.clock.now();
  const row = await repo.latestFor(deps.db, email);
  if (!row || row.verifiedAt) throw new AppError(400, "signup.verification_failed");
  if (row.expiresAt <= now) throw new AppError(400, "signup.code_expired");
  // The try is counted before the code is compared, atomically, so parallel guesses share the five tries.
  const tries = await repo.claimTry(deps.db, row.id, SIGNUP_CODE_MAX_ATTEMPTS);
  if (tries === null) throw new AppError(400, "signup.code_expired");
  if ((await sha256Hex(`${row.id}:${code}`)) !== row.codeHash) {
    throw new AppError(400, "signup.code_invalid", { attemptsLeft: SIGNUP_CODE_MAX_ATTEMPTS - tries });
  }
  const token = randomToken(24);
  await repo.update(deps.db, row.id, {
    verifiedAt: now,
    tokenHash: await sha256Hex(token),
    expiresAt: new Date(now.getTime() + SIGNUP_TOKEN_TTL_MINUTES * MINUTE),
  });
  return { verificationToken: token };
}

export async function signup(
  deps: AppDeps,
  input: { email: string; verificationToken: string; name: string; companyName: string; domain: string; adminId: string; password: string; languageType?: Language },
): Promise<SignupResult> {
  const now = deps.clock.now();
  const row = await repo.findByToken(deps.db, input.email, await sha256Hex(input.verificationToken));
  if (!row || row.expiresAt <= now) throw new AppError(400, "signup.verification_failed");
  if (await companies.isSignupEmailInUse(deps, input.email)) throw new AppError(409, "signup.email_in_use");
  if (await companies.isDomainInUse(deps, input.domain)) throw new AppError(409, "signup.domain_in_use");
  let created;
  try {
    created = await companies.createCompanyWithAdmin(deps, {
      name: input.companyName,
      domain: input.domain,
      signupEmail: input.email,
      admin: { loginId: input.adminId, name: input.name, password: input.password, personalEmail: input.email, languageType: input.languageType },
    });
  } catch (e) {
    if (e instanceof AppError && e.code === "company.domain_in_use") throw new AppError(409, "signup.domain_in_use");
    if (e instanceof AppError && e.code === "user.username_in_use") throw new AppError(409, "signup.domain_in_use");
    if (e instanceof AppError) throw e;
    // The unique address index: another sign-up with this email finished first.
    if (isUniqueViolation(e)) {
      throw new AppError(409, "signup.email_in_use");
    }
    throw e;
  }
  await repo.spend(deps.db, row.id, now);
  return { companyId: created.company.id, username: created.admin.username, domain: created.domain };
}
