// Auto-sort rules (shared/mail/rules.ts): list in sort order, add (at most 100; further adds are ignored),
// change, move before another rule or to the end, delete. The target folder must be one of the caller's own
// folders of a type a rule may file into; a duplicate set of conditions is refused (409 mail.386).
import { conditionKey, type MailRule, normalizeConditions, RULE_FOLDER_TYPES, type RuleIgnored, type RuleInput, type RulePage, RULES_MAX } from "../../../../shared/mail/rules.ts";
import type { Caller } from "../../../lib/context.ts";
import { isUniqueViolation } from "../../../lib/db-errors.ts";
import { AppError } from "../../../lib/errors.ts";
import * as repo from "./repo.ts";

const DUPLICATE = "mail_rules_user_condition_uq";

function toRule(r: repo.RuleRow): MailRule {
  return { id: r.id, conditionOptions: r.conditionOptions, processOptions: { folderId: r.folderId }, sortOrder: r.sortOrder };
}

export async function listRules(caller: Caller, page: number, pageSize: number): Promise<RulePage> {
  const { db } = caller.deps;
  const [rows, totalCount] = await Promise.all([
    repo.listRules(db, caller.auth.userId, page * pageSize, pageSize),
    repo.countRules(db, caller.auth.userId),
  ]);
  return { rules: rows.map(toRule), page, pageSize, totalCount };
}

/** The conditions in stored form and their key; 400 mail.387 when no criterion is left. */
function conditionsOf(input: RuleInput) {
  const conditionOptions = normalizeConditions(input.conditionOptions);
  const key = conditionKey(conditionOptions);
  if (!key) throw new AppError(400, "mail.387");
  return { conditionOptions: conditionOptions as Record<string, string[]>, conditionKey: key };
}

async function checkFolder(caller: Caller, folderId: number): Promise<void> {
  const type = await repo.folderTypeOf(caller.deps.db, caller.auth.userId, folderId);
  if (!type || !(RULE_FOLDER_TYPES as readonly string[]).includes(type)) throw new AppError(404, "mail.389");
}

export async function addRule(caller: Caller, input: RuleInput): Promise<MailRule | RuleIgnored> {
  const cond = conditionsOf(input);
  await checkFolder(caller, input.processOptions.folderId);
  const { userId, companyId } = caller.auth;
  try {
    return await caller.deps.db.transaction(async (tx) => {
      await repo.lockOwner(tx, userId);
      const n = await repo.countRules(tx, userId);
      if (n >= RULES_MAX) return { ignored: true } as const;
      const last = (await repo.allRules(tx, userId)).at(-1);
      const row = await repo.insertRule(tx, {
        companyId,
        userId,
        ...cond,
        folderId: input.processOptions.folderId,
        sortOrder: (last?.sortOrder ?? 0) + 1,
        createdAt: caller.deps.clock.now(),
      });
      return toRule(row);
    });
  } catch (e) {
    if (isUniqueViolation(e, DUPLICATE)) throw new AppError(409, "mail.386");
    throw e;
  }
}

export async function changeRule(caller: Caller, id: number, input: RuleInput): Promise<MailRule> {
  const cond = conditionsOf(input);
  const { db } = caller.deps;
  if (!await repo.findRule(db, caller.auth.userId, id)) throw new AppError(404, "mail.388");
  await checkFolder(caller, input.processOptions.folderId);
  try {
    const row = await repo.updateRule(db, caller.auth.userId, id, { ...cond, folderId: input.processOptions.folderId });
    if (!row) throw new AppError(404, "mail.388");
    return toRule(row);
  } catch (e) {
    if (isUniqueViolation(e, DUPLICATE)) throw new AppError(409, "mail.386");
    throw e;
  }
}

/** Moves rule `id` just before rule `target`, or to the end when isLast; answers every rule in the new order. */
export async function moveRule(caller: Caller, id: number, target: number, isLast: boolean): Promise<RulePage> {
  const { userId } = caller.auth;
  await caller.deps.db.transaction(async (tx) => {
    await repo.lockOwner(tx, userId);
    const rows = await repo.allRules(tx, userId);
    const moving = rows.find((r) => r.id === id);
    if (!moving) throw new AppError(404, "mail.388");
    const rest = rows.filter((r) => r.id !== id).map((r) => r.id);
    if (isLast) {
      rest.push(id);
    } else {
      if (target === id) return;
      const at = rest.indexOf(target);
      if (at < 0) throw new AppError(404, "mail.388");
      rest.splice(at, 0, id);
    }
    await repo.renumber(tx, userId, rest);
  });
  return await listRules(caller, 0, RULES_MAX);
}

export async function deleteRules(caller: Caller, ids: number[]): Promise<void> {
  const { userId } = caller.auth;
  await caller.deps.db.transaction(async (tx) => {
    await repo.lockOwner(tx, userId);
    if (!await repo.deleteRules(tx, userId, ids)) return;
    await repo.renumber(tx, userId, (await repo.allRules(tx, userId)).map((r) => r.id));
  });
}
