// Creates (once) the DKIM signing key of a company mail domain and prints the DNS TXT record to publish:
//   deno task dkim:key --domain acme.com [--selector gw]
// Run it again to print the record of the existing key; outbound mail from the domain is signed with it.
import { args, runScript, UsageError } from "./lib/cli.ts";
import { DEFAULT_DKIM_SELECTOR, dkimTxtRecord, ensureDkimKey } from "../server/modules/mail/outbound/dkim.ts";
import { DOMAIN_PATTERN } from "../shared/company.ts";

const USAGE = "Usage: deno task dkim:key --domain DOMAIN [--selector SELECTOR]";

await runScript(async (deps) => {
  const v = args({ domain: { type: "string" }, selector: { type: "string" }, help: { type: "boolean" } }, USAGE);
  const domain = (v.domain ?? "").trim().toLowerCase();
  const selector = (v.selector ?? DEFAULT_DKIM_SELECTOR).trim();
  if (!DOMAIN_PATTERN.test(domain)) throw new UsageError(`--domain: a mail domain is required\n\n${USAGE}`);
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/i.test(selector)) throw new UsageError(`--selector: letters, digits and dashes\n\n${USAGE}`);
  const key = await ensureDkimKey(deps.db, domain, deps.clock.now(), selector);
  const record = dkimTxtRecord(key);
  console.log(`DKIM key of ${key.domain} (selector ${key.selector}). Publish this DNS TXT record:`);
  console.log(`${record.name}. IN TXT "${record.value}"`);
});
