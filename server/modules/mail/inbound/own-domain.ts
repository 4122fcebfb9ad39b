// Mail from outside that claims the recipient company's own domain (issue 22). Inbound SMTP mail (never a
// colleague's, delivered locally by outbound/dispatch.ts, nor a mail program's submission) whose header From
// is on a domain of a company it is delivered to, but that passes neither SPF nor DKIM aligned with that domain
// (nor DMARC), is not what the company's own users send. The company's mail config says what happens
// (ownDomainSpoof): MARK delivers it as usual with mail_messages.auth_results.ownDomainUnverified set, which the
// reader shows as a warning (MailView.ownDomainUnverified); SPAM also files it in spam (inbound/plan.ts, as a
// sender-authentication failure: AUTH_FAIL).
import type { MailCompanyConfig } from "../../../../shared/company.ts";
import type { AppDeps } from "../../../lib/context.ts";
import { companyConfig } from "../../company/service.ts";
import type { AuthVerdicts } from "../smtp/auth.ts";
import { companyOfDomain, domainOf } from "../store/recipients.ts";

export type OwnDomainSpoof = MailCompanyConfig["ownDomainSpoof"];

/** Relaxed alignment (RFC 7489 3.1): the same domain, or one a subdomain of the other. */
export function aligned(domain: string | null, fromDomain: string): boolean {
  if (!domain) return false;
  const d = domain.toLowerCase();
  return d === fromDomain || d.endsWith(`.${fromDomain}`) || fromDomain.endsWith(`.${d}`);
}

/** Whether the verdicts show the From domain's own servers sent it: DMARC, or SPF or DKIM aligned with it. */
export function authenticatedFor(verdicts: AuthVerdicts | undefined, fromDomain: string): boolean {
  if (!verdicts) return false;
  if (verdicts.dmarc.result === "pass") return true;
  if (verdicts.spf.result === "pass" && aligned(verdicts.spf.domain, fromDomain)) return true;
  return verdicts.dkim.some((d) => d.result === "pass" && (d.aligned || aligned(d.domain, fromDomain)));
}

/**
 * The companies among `companyIds` whose own domain the From of this inbound message claims without passing
 * the checks, with what their setting does about it. Empty for nearly all mail (a domain look-up only for
 * mail that passed none of the checks).
 */
export async function ownDomainSpoofs(
  deps: AppDeps,
  msg: { fromAddress: string; verdicts?: AuthVerdicts; local: boolean },
  companyIds: number[],
): Promise<Map<number, OwnDomainSpoof>> {
  const found = new Map<number, OwnDomainSpoof>();
  if (msg.local || !msg.fromAddress.includes("@")) return found;
  const fromDomain = domainOf(msg.fromAddress);
  // Authenticated mail cannot be a spoof of its From domain: no look-up for it (most mail, once per message).
  if (authenticatedFor(msg.verdicts, fromDomain)) return found;
  const owner = await companyOfDomain(deps.db, fromDomain);
  if (owner === null || !companyIds.includes(owner)) return found;
  found.set(owner, ((await companyConfig(deps, owner, "mail")) as MailCompanyConfig).ownDomainSpoof);
  return found;
}
