// The auto-sort rule calls (shared/mail/rules.ts documents each) and the list query of the settings tab.
import { queryOptions } from "@tanstack/react-query";
import type { MailRule, RuleConditions, RuleIgnored, RulePage } from "@shared/mail/rules.ts";
import { RULES_MAX } from "@shared/mail/rules.ts";
import { api } from "../../../../lib/api.ts";

const BASE = "/api/mail/config/rule";

/** Every rule (at most RULES_MAX), in sort order. */
export const rulesQuery = queryOptions({
  queryKey: ["mail", "rules"] as const,
  queryFn: async ({ signal }) => (await api<RulePage>(BASE, { query: { page: 0, pageSize: RULES_MAX }, signal })).rules,
});

export interface RuleBody {
  conditionOptions: RuleConditions;
  processOptions: { folderId: number };
}

export const addRule = (body: RuleBody) => api<MailRule | RuleIgnored>(BASE, { method: "POST", json: body });
export const changeRule = (id: number, body: RuleBody) => api<MailRule>(`${BASE}/${id}`, { method: "PUT", json: body });
export const moveRule = (id: number, target: number, isLast: boolean) =>
  api<RulePage>(`${BASE}/${id}/sortOrder/${target}`, { method: "PUT", json: { isLast } });
export const deleteRules = (ruleIds: number[]) => api<void>(BASE, { method: "DELETE", json: { ruleIds } });
