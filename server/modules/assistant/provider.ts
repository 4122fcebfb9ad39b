// The company's model provider (an OpenAI-compatible endpoint), set by a company administrator: base URL,
// model and API key. The key is kept encrypted at rest (AES-256-GCM under the server's key, as the external
// accounts' passwords and the external connections' tokens are: mail/external/crypto.ts) and never sent back:
// the settings say only whether one is stored. GET status tells any user whether a provider is connected.
import type { ProviderSettings, ProviderTestAnswer } from "../../../shared/assistant/api.ts";
import type { AssistantStatus, ProviderBody } from "../../../shared/assistant/api.ts";
import { ASSISTANT_ERRORS } from "../../../shared/assistant/errors.ts";
import type { AppDeps, Caller } from "../../lib/context.ts";
import { AppError } from "../../lib/errors.ts";
import { decryptPassword, encryptPassword } from "../mail/external/crypto.ts";
import { availableFor, isAdmin, requireAdmin } from "./access.ts";
import { listModels, type ModelEndpoint, normalizeBaseUrl, ProviderError } from "./model-client.ts";
import * as repo from "./repo.ts";

const TEST_TIMEOUT_MS = 10_000;

export const noProvider = () => new AppError(409, ASSISTANT_ERRORS.noProvider);
const urlInvalid = () =>
  new AppError(400, ASSISTANT_ERRORS.providerUrlInvalid, undefined, [{ field: "baseUrl", code: ASSISTANT_ERRORS.providerUrlInvalid, message: "an http(s) URL" }]);

function present(row: repo.ProviderRow | null): ProviderSettings {
  if (!row) return { configured: false, baseUrl: "", model: "", hasKey: false, enabled: false, updatedAt: null };
  return { configured: true, baseUrl: row.baseUrl, model: row.model, hasKey: row.apiKeyEnc !== null, enabled: row.enabled, updatedAt: row.updatedAt.getTime() };
}

/** GET status. */
export async function status(caller: Caller): Promise<AssistantStatus> {
  const { deps, auth } = caller;
  const available = await availableFor(deps, auth.companyId);
  const row = available ? await repo.providerOf(deps.db, auth.companyId) : null;
  return { available, providerConfigured: !!row?.enabled, isAdmin: isAdmin(caller) };
}

/** GET provider. */
export async function settings(caller: Caller): Promise<ProviderSettings> {
  requireAdmin(caller);
  return present(await repo.providerOf(caller.deps.db, caller.auth.companyId));
}

/** PUT provider: apiKey omitted keeps the stored key, "" removes it. */
export async function save(caller: Caller, body: ProviderBody & { enabled: boolean }): Promise<ProviderSettings> {
  requireAdmin(caller);
  const { db, clock } = caller.deps;
  const baseUrl = normalizeBaseUrl(body.baseUrl);
  if (!baseUrl) throw urlInvalid();
  const stored = await repo.providerOf(db, caller.auth.companyId);
  const apiKeyEnc = body.apiKey === undefined ? stored?.apiKeyEnc ?? null : body.apiKey === "" ? null : await encryptPassword(db, body.apiKey);
  const row = await repo.saveProvider(db, {
    companyId: caller.auth.companyId, baseUrl, model: body.model, apiKeyEnc, enabled: body.enabled, updatedBy: caller.auth.userId, updatedAt: clock.now(),
  });
  return present(row);
}

/** DELETE provider. */
export async function remove(caller: Caller): Promise<void> {
  requireAdmin(caller);
  await repo.deleteProvider(caller.deps.db, caller.auth.companyId);
}

/** POST provider/test: the given settings (the stored key when none is given), else the stored ones. */
export async function test(caller: Caller, body: ProviderBody | null): Promise<ProviderTestAnswer> {
  requireAdmin(caller);
  const { db } = caller.deps;
  const stored = await repo.providerOf(db, caller.auth.companyId);
  let ep: { baseUrl: string; apiKey: string | null };
  if (body) {
    const baseUrl = normalizeBaseUrl(body.baseUrl);
    if (!baseUrl) throw urlInvalid();
    const key = body.apiKey !== undefined ? body.apiKey || null : stored?.apiKeyEnc ? await decryptPassword(db, stored.apiKeyEnc) : null;
    ep = { baseUrl, apiKey: key };
  } else {
    if (!stored) throw noProvider();
    ep = { baseUrl: stored.baseUrl, apiKey: stored.apiKeyEnc ? await decryptPassword(db, stored.apiKeyEnc) : null };
  }
  try {
    return { ok: true, models: await listModels(ep, AbortSignal.timeout(TEST_TIMEOUT_MS)), errorCode: null };
  } catch (e) {
    if (!(e instanceof ProviderError) && !(e instanceof DOMException)) throw e;
    return { ok: false, models: [], errorCode: ASSISTANT_ERRORS.providerFailed };
  }
}

/** The company's endpoint with its key, for a call to the model; 409 assistant.no_provider without one. */
export async function endpointOf(deps: AppDeps, companyId: number): Promise<ModelEndpoint> {
  const row = await repo.providerOf(deps.db, companyId);
  if (!row || !row.enabled) throw noProvider();
  return { baseUrl: row.baseUrl, model: row.model, apiKey: row.apiKeyEnc ? await decryptPassword(deps.db, row.apiKeyEnc) : null };
}
