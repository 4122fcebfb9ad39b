// Time-based one-time passwords (RFC 6238, 6 digits, 30 s), with replay protection by time step.
import * as OTPAuth from "otpauth";

const PERIOD = 30;

export function newTotpSecret(): string {
  return new OTPAuth.Secret({ size: 20 }).base32;
}

export function totpUri(secret: string, account: string, issuer: string): string {
  return new OTPAuth.TOTP({ issuer, label: account, secret: OTPAuth.Secret.fromBase32(secret), period: PERIOD, digits: 6 }).toString();
}

export function totpCode(secret: string, at: Date): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), period: PERIOD, digits: 6 }).generate({ timestamp: at.getTime() });
}

/** The accepted time step, or null. One step of drift either way is tolerated; steps at or before `lastStep` are refused. */
export function checkTotp(secret: string, code: string, at: Date, lastStep: number | null): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), period: PERIOD, digits: 6 });
  const delta = totp.validate({ token: code, timestamp: at.getTime(), window: 1 });
  if (delta === null) return null;
  const step = Math.floor(at.getTime() / 1000 / PERIOD) + delta;
  if (lastStep !== null && step <= lastStep) return null;
  return step;
}
