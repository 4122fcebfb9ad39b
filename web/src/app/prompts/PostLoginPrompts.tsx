// Prompts after sign-in (000 §4): a forced password change when one is requested; a mandatory one-time
// password setup when the company requires MFA and the user has neither a bypass nor two-factor on.
// Social-login users (JOIN_TYPE other than NORMAL) skip both.
import type { CompanyInfo } from "@shared/company.ts";
import type { UserInfo } from "@shared/users.ts";
import { ForcedPasswordDialog } from "./ForcedPasswordDialog.tsx";
import { OtpSetupDialog } from "./OtpSetupDialog.tsx";

/** The prompt the user must get through first, if any; the shell then shows nothing else (Shell.tsx). */
export function mandatoryPrompt(me: UserInfo, company?: CompanyInfo): "password" | "otp" | null {
  if (me.JOIN_TYPE !== "NORMAL" || me.switchedFrom) return null;
  if (me.requestPasswordChange) return "password";
  if (company?.security.mfa && !me.bypassTwoFactor && !me.twoFactorAuth) return "otp";
  return null;
}

export function PostLoginPrompts({ me, company }: { me: UserInfo; company?: CompanyInfo }) {
  const prompt = mandatoryPrompt(me, company);
  if (prompt === "password") return <ForcedPasswordDialog />;
  if (prompt === "otp") return <OtpSetupDialog mandatory />;
  return null;
}
