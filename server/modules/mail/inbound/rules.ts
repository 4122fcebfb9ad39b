// Step 3 of planDelivery (plan.ts): the recipient's auto-sort rules (shared/mail/rules.ts), in sort order,
// first match wins. From matches the From header's address; To the To recipients, Cc the Cc recipients, ToCc
// either. Addresses compare case-insensitively; an entry "@example.com" matches the whole domain. Within one
// option any entry matches; every option a rule gives must match. Pure: reads only the loaded settings.
import type { ParsedMessage } from "../store/parse.ts";
import type { InboundRule } from "./settings.ts";

export function matchRules(rules: InboundRule[], parsed: ParsedMessage): number | null {
  const from = [lower(parsed.from.address)].filter(Boolean);
  const to = parsed.to.map((a) => lower(a.address)).filter(Boolean);
  const cc = parsed.cc.map((a) => lower(a.address)).filter(Boolean);
  const fields: Record<string, string[]> = { From: from, To: to, Cc: cc, ToCc: [...to, ...cc] };
  for (const rule of rules) {
    const options = Object.entries(rule.conditionOptions).filter(([, list]) => list?.length);
    if (!options.length) continue;
    if (options.every(([key, list]) => (fields[key] ?? []).some((address) => list.some((entry) => matches(entry, address))))) {
      return rule.folderId;
    }
  }
  return null;
}

function matches(entry: string, address: string): boolean {
  const e = lower(entry);
  return e.startsWith("@") ? address.endsWith(e) : e === address;
}

function lower(s: string): string {
  return s.trim().toLowerCase();
}
