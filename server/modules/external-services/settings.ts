// The administrator's settings of each registration (shared/external-services.ts REGISTRATIONS), per company:
// the OAuth client (the secret encrypted at rest with the key external mail accounts use) and the provider's
// endpoints, Google's by default. providerOf answers what a connection needs, secret decrypted.
import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../../../db/client.ts";
import { externalServiceSettings } from "../../../db/schema/index.ts";
import {
  type ExternalService, type ExternalServiceSettings, type ExternalServiceSettingsInput, type ProviderEndpoints, type Registration,
  registrationOf, REGISTRATIONS,
} from "../../../shared/external-services.ts";
import type { AppDeps } from "../../lib/context.ts";
import { AppError, notFound } from "../../lib/errors.ts";
import { decryptPassword, encryptPassword } from "../mail/external/crypto.ts";

type Row = typeof externalServiceSettings.$inferSelect;

/** A registration as one company set it up: what the OAuth calls need. */
export interface Provider extends ProviderEndpoints {
  registration: Registration;
  companyId: number;
  clientId: string;
  clientSecret: string;
}

export const CALLBACK_PATH = (registrationId: string) => `/login/oauth2/code/${registrationId}`;

async function rows(db: DbOrTx, companyId: number): Promise<Map<string, Row>> {
  const list = await db.select().from(externalServiceSettings).where(eq(externalServiceSettings.companyId, companyId));
  return new Map(list.map((r) => [r.registrationId, r]));
}

function present(reg: Registration, row: Row | undefined): ExternalServiceSettings {
  return {
    registrationId: reg.registrationId,
    serviceType: reg.serviceType,
    enabled: row?.enabled ?? false,
    clientId: row?.clientId ?? "",
    hasClientSecret: !!row?.clientSecretEnc,
    authorizationUri: row?.authorizationUri ?? reg.defaults.authorizationUri,
    tokenUri: row?.tokenUri ?? reg.defaults.tokenUri,
    revocationUri: row?.revocationUri ?? reg.defaults.revocationUri,
    userInfoUri: row?.userInfoUri ?? reg.defaults.userInfoUri,
    apiBaseUrl: row?.apiBaseUrl ?? reg.defaults.apiBaseUrl,
    scopes: row?.scopes ?? reg.defaults.scopes,
    redirectPath: CALLBACK_PATH(reg.registrationId),
    defaults: reg.defaults,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** GET /api/admin/external-services. */
export async function listSettings(deps: AppDeps, companyId: number): Promise<ExternalServiceSettings[]> {
  const found = await rows(deps.db, companyId);
  return REGISTRATIONS.map((r) => present(r, found.get(r.registrationId)));
}

/** PUT /api/admin/external-services/{registrationId}: an enabled service needs a client secret, given now or before. */
export async function saveSettings(deps: AppDeps, companyId: number, registrationId: string, input: ExternalServiceSettingsInput) {
  const reg = registrationOf(registrationId);
  if (!reg) throw notFound();
  const before = (await rows(deps.db, companyId)).get(registrationId);
  const secret = input.clientSecret?.trim() ? await encryptPassword(deps.db, input.clientSecret.trim()) : before?.clientSecretEnc ?? null;
  if (input.enabled && !secret) {
    throw new AppError(400, "external.client_secret_required", undefined, [
      { field: "clientSecret", code: "external.client_secret_required", message: "Enter the client secret." },
    ]);
  }
  const values = {
    enabled: input.enabled, clientId: input.clientId, clientSecretEnc: secret,
    authorizationUri: input.authorizationUri, tokenUri: input.tokenUri, revocationUri: input.revocationUri,
    userInfoUri: input.userInfoUri, apiBaseUrl: input.apiBaseUrl.replace(/\/+$/, ""), scopes: input.scopes.replace(/\s+/g, " "),
    updatedAt: deps.clock.now(),
  };
  await deps.db.insert(externalServiceSettings).values({ companyId, registrationId, ...values })
    .onConflictDoUpdate({ target: [externalServiceSettings.companyId, externalServiceSettings.registrationId], set: values });
  return present(reg, (await rows(deps.db, companyId)).get(registrationId));
}

/** GET /api/oauth2/services: which registrations the company's users may connect. */
export async function services(deps: AppDeps, companyId: number): Promise<ExternalService[]> {
  const found = await rows(deps.db, companyId);
  return REGISTRATIONS.map((r) => {
    const row = found.get(r.registrationId);
    return { registrationId: r.registrationId, serviceType: r.serviceType, enabled: !!(row?.enabled && row.clientId && row.clientSecretEnc) };
  });
}

/** The registration as the company set it up; 404 for an unknown one, 400 external.not_configured when off. */
export async function providerOf(deps: AppDeps, companyId: number, registrationId: string): Promise<Provider> {
  const reg = registrationOf(registrationId);
  if (!reg) throw notFound();
  const [row] = await deps.db.select().from(externalServiceSettings)
    .where(and(eq(externalServiceSettings.companyId, companyId), eq(externalServiceSettings.registrationId, registrationId)));
  if (!row?.enabled || !row.clientId || !row.clientSecretEnc) throw new AppError(400, "external.not_configured");
  return {
    registration: reg, companyId, clientId: row.clientId, clientSecret: await decryptPassword(deps.db, row.clientSecretEnc),
    authorizationUri: row.authorizationUri, tokenUri: row.tokenUri, revocationUri: row.revocationUri,
    userInfoUri: row.userInfoUri, apiBaseUrl: row.apiBaseUrl, scopes: row.scopes,
  };
}
