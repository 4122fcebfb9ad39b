// Forwarding settings (shared/mail/forward.ts): the config with its targets, saving them (new targets are
// PENDING and get an approval mail with a fresh link; the token is kept only as its SHA-256), resending the
// approval mail, and accepting through the link. A target may never be the user's own address or alias.
// Approval mails to one address are at least FORWARD_APPROVAL_COOLDOWN_SECONDS apart (429): checked against
// the targets' requestedAt (any user's, any instance) and, for an address removed and added again, against
// the approval mails this process sent (a bounded memory; another instance only knows its own).
import { FORWARD_APPROVAL_COOLDOWN_SECONDS, FORWARD_LINK_DAYS, type ForwardConfig, type ForwardInput, type ForwardTargetStatus } from "../../../../shared/mail/forward.ts";
import type { AppDeps, Caller } from "../../../lib/context.ts";
import { randomToken, sha256Hex } from "../../../lib/encoding.ts";
import { AppError } from "../../../lib/errors.ts";
import { myAliases } from "../aliases/service.ts";
import { sendStored } from "../outbound/send-stored.ts";
import { acceptLink, approvalMail } from "./approval.ts";
import * as repo from "./repo.ts";

export async function getForward(caller: Caller): Promise<ForwardConfig> {
  const { db } = caller.deps;
  const [config, targets] = await Promise.all([repo.configOf(db, caller.auth.userId), repo.targetsOf(db, caller.auth.userId)]);
  return {
    useYN: config?.useYn ?? false,
    saveOriginal: config?.saveOriginal ?? true,
    targets: targets.map((t) => ({
      address: t.address,
      status: t.status as ForwardTargetStatus,
      requestedTimeMillis: t.requestedAt.getTime(),
      acceptedTimeMillis: t.acceptedAt?.getTime() ?? null,
    })),
  };
}

export async function saveForward(caller: Caller, input: ForwardInput): Promise<ForwardConfig> {
  await refuseOwnAddresses(caller, input.targets);
  const { db, clock } = caller.deps;
  const { userId, companyId } = caller.auth;
  const now = clock.now();
  const known = new Set((await repo.targetsOf(db, userId)).map((t) => t.address));
  await refuseCoolingDown(caller.deps, input.targets.filter((a) => !known.has(a)));
  const added = await db.transaction(async (tx) => {
    await repo.lockConfig(tx, userId, companyId, now);
    const existing = (await repo.targetsOf(tx, userId)).map((t) => t.address);
    await repo.deleteTargets(tx, userId, existing.filter((a) => !input.targets.includes(a)));
    const fresh: { address: string; token: string }[] = [];
    for (const address of input.targets.filter((a) => !existing.includes(a))) {
      const token = randomToken();
      await repo.insertTarget(tx, { companyId, userId, address, status: "PENDING", tokenHash: await sha256Hex(token), requestedAt: now });
      fresh.push({ address, token });
    }
    await repo.saveConfig(tx, { userId, companyId, useYn: input.useYN, saveOriginal: input.saveOriginal, updatedAt: now });
    return fresh;
  });
  await sendApprovals(caller, added);
  return await getForward(caller);
}

export async function resendApproval(caller: Caller, targets: string[]): Promise<ForwardConfig> {
  const { db, clock } = caller.deps;
  const pending = new Set((await repo.targetsOf(db, caller.auth.userId)).filter((t) => t.status === "PENDING").map((t) => t.address));
  if (targets.some((a) => !pending.has(a))) throw new AppError(409, "mail.529");
  await refuseCoolingDown(caller.deps, targets);
  const renewed: { address: string; token: string }[] = [];
  for (const address of targets) {
    const token = randomToken();
    if (await repo.renewToken(db, caller.auth.userId, address, await sha256Hex(token), clock.now())) renewed.push({ address, token });
  }
  await sendApprovals(caller, renewed);
  return await getForward(caller);
}

/** 400 mail.527 when a target is the user's own address or one of their aliases. */
async function refuseOwnAddresses(caller: Caller, targets: string[]): Promise<void> {
  if (!targets.length) return;
  const own = new Set([caller.auth.username.toLowerCase(), ...(await myAliases(caller)).aliases.map((a) => a.address.toLowerCase())]);
  if (targets.some((a) => own.has(a))) throw new AppError(400, "mail.527");
}

/** Approval mails this process sent lately, by address (per database; bounded, oldest out first). */
const APPROVALS_REMEMBERED = 10_000;
const lastApproval = new WeakMap<AppDeps["db"], Map<string, number>>();

/** 429 when an approval mail went to one of these addresses within the cooldown. */
async function refuseCoolingDown(deps: AppDeps, addresses: string[]): Promise<void> {
  if (!addresses.length) return;
  const now = deps.clock.now().getTime();
  const window = FORWARD_APPROVAL_COOLDOWN_SECONDS * 1000;
  const sent = lastApproval.get(deps.db);
  const recent = sent ? addresses.filter((a) => now - (sent.get(a) ?? -Infinity) < window) : [];
  if (!recent.length) recent.push(...await repo.recentlyRequested(deps.db, addresses, new Date(now - window)));
  if (recent.length) throw new AppError(429, "mail.forward_approval_cooldown", { seconds: FORWARD_APPROVAL_COOLDOWN_SECONDS, targets: recent });
}

function rememberApproval(deps: AppDeps, address: string): void {
  let sent = lastApproval.get(deps.db);
  if (!sent) lastApproval.set(deps.db, sent = new Map());
  sent.delete(address);
  if (sent.size >= APPROVALS_REMEMBERED) sent.delete(sent.keys().next().value!);
  sent.set(address, deps.clock.now().getTime());
}

async function sendApprovals(caller: Caller, list: { address: string; token: string }[]): Promise<void> {
  if (!list.length) return;
  const { deps } = caller;
  const owner = await repo.ownerOf(deps.db, caller.auth.userId);
  for (const { address, token } of list) {
    rememberApproval(deps, address);
    const raw = await approvalMail(deps, {
      lang: owner.language,
      ownerName: owner.displayName,
      owner: owner.username,
      target: address,
      link: acceptLink(deps, token),
    });
    await sendStored(deps, { companyId: caller.auth.companyId, senderUserId: caller.auth.userId, senderAddress: owner.username, raw, to: [address] });
  }
}

/** The pending target a link's token names, while the link is still valid. */
export async function findByToken(deps: AppDeps, token: string) {
  if (!token || token.length > 200) return undefined;
  const found = await repo.targetByToken(deps.db, await sha256Hex(token));
  if (!found) return undefined;
  const expires = found.target.requestedAt.getTime() + FORWARD_LINK_DAYS * 86_400_000;
  return deps.clock.now().getTime() > expires ? undefined : found;
}

/** Accepts the target behind the token; undefined when the link is unknown, used or expired. */
export async function acceptByToken(deps: AppDeps, token: string) {
  const found = await findByToken(deps, token);
  if (!found) return undefined;
  return await repo.accept(deps.db, found.target.id, await sha256Hex(token), deps.clock.now()) ? found : undefined;
}
