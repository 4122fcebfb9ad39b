// Sign-in (OAuth token flow) and company sign-up: constants and request schemas.
import { z } from "zod";
import { DOMAIN_PATTERN } from "./company.ts";
import { isValidEmail, languageParam, loginId, password } from "./users.ts";

export { OAUTH_BASIC_HEADER, OAUTH_CLIENT_ID, OAUTH_CLIENT_SECRET, type TokenResponse } from "./oauth.ts";

/** POST /oauth/key: RSA-OAEP (SHA-256) public key the client may use to encrypt the password in transit. */
export interface PasswordKeyResponse {
  keyId: string;
  algorithm: "RSA-OAEP-256";
  publicKey: string;
}

export const tokenRequest = z.discriminatedUnion("grant_type", [
  z.object({
    grant_type: z.literal("password"),
    username: z.string({ error: "auth.credentials_required" }).trim().min(1, "auth.credentials_required").max(320),
    password: z.string({ error: "auth.credentials_required" }).min(1, "auth.credentials_required").max(1024),
    authentication_code: z.string().trim().max(10).optional(),
  }),
  z.object({
    grant_type: z.literal("refresh_token"),
    refresh_token: z.string({ error: "auth.invalid_grant" }).min(1, "auth.invalid_grant").max(200),
  }),
]);

// Sign-in throttling within a sliding window: wrong passwords for one account from one client address lock
// that address out of the account (so a stranger cannot lock the owner out from elsewhere); the account from
// all addresses together has a much higher ceiling, and one address a ceiling across all accounts. The locked
// answer is 429 auth.too_many_attempts with params.retryAfterSeconds and a Retry-After header.
export const LOGIN_WINDOW_MINUTES = 15;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_IP = 5;
export const LOGIN_MAX_FAILURES_PER_ACCOUNT = 50;
export const LOGIN_MAX_FAILURES_PER_IP = 30;

// Sign-up
export const SIGNUP_CODE_TTL_MINUTES = 10;
export const SIGNUP_CODE_RESEND_SECONDS = 60;
export const SIGNUP_CODE_MAX_ATTEMPTS = 5;
export const SIGNUP_TOKEN_TTL_MINUTES = 60;
// Code mails (POST /api/signup/email/code, no sign-in) per hour: to one address, from one client address, and
// in all; beyond them 429 common.rate_limited with params.retryAfterSeconds.
export const SIGNUP_CODES_PER_EMAIL_PER_HOUR = 5;
export const SIGNUP_CODES_PER_IP_PER_HOUR = 10;
export const SIGNUP_CODES_PER_HOUR = 300;

export const signupEmail = z.string({ error: "signup.email_invalid" }).trim().toLowerCase().max(254).refine(isValidEmail, "signup.email_invalid");

export const signupCodeRequest = z.object({ email: signupEmail, languageType: languageParam.optional() });
export const signupVerifyRequest = z.object({
  email: signupEmail,
  code: z.string({ error: "signup.code_required" }).trim().regex(/^\d{6}$/, "signup.code_required"),
});
const signupDomain = z.string({ error: "signup.domain_invalid" }).trim().toLowerCase().refine((d) => DOMAIN_PATTERN.test(d), "signup.domain_invalid");
export const domainCheckQuery = z.object({ domain: signupDomain });

const accepted = z.union([z.literal(true), z.literal("true")], { message: "signup.agreement_required" });

export const signupRequest = z
  .object({
    email: signupEmail,
    verificationToken: z.string({ error: "signup.verification_failed" }).min(1, "signup.verification_failed"),
    name: z.string({ error: "signup.name_required" }).trim().min(1, "signup.name_required").max(60, "signup.name_required"),
    companyName: z.string({ error: "signup.company_name_required" }).trim().min(1, "signup.company_name_required").max(100, "signup.company_name_required"),
    domain: signupDomain,
    adminId: z.string({ error: "signup.admin_id_invalid" }).trim().refine((v) => loginId.safeParse(v).success, "signup.admin_id_invalid")
      .transform((s) => s.toLowerCase()),
    password,
    passwordConfirm: z.string({ error: "signup.password_confirm_mismatch" }),
    agreeTerms: accepted,
    agreePrivacy: accepted,
    languageType: languageParam.optional(),
  })
  .refine((v) => v.password === v.passwordConfirm, { path: ["passwordConfirm"], message: "signup.password_confirm_mismatch" });

export interface SignupResult {
  companyId: number;
  username: string;
  domain: string;
}
