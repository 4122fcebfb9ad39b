// A user's connections: listing, removing (revoked at the provider, then what each service keeps of it goes,
// through the hooks services register), and calling the provider's API with a connection's access token:
// refreshed shortly before it expires, and on a 401 refreshed once and the call tried once more. A refresh the
// provider refuses (invalid_grant: revoked or expired grant) marks the connection INVALID_TOKEN.
import { and, asc, eq } from "drizzle-orm";
import type { DbOrTx, Tx } from "../../../db/client.ts";
import { externalConnections } from "../../../db/schema/index.ts";
import type { ExternalConnection, ExternalErrorReason, ExternalServiceType } from "../../../shared/external-services.ts";
import type { AppDeps, Caller } from "../../lib/context.ts";
import { notFound } from "../../lib/errors.ts";
import { decryptPassword, encryptPassword } from "../mail/external/crypto.ts";
import { ExternalServiceError, providerFetch } from "./http.ts";
import { refreshGrant, revoke, type TokenSet } from "./oauth.ts";
import { type Provider, providerOf } from "./settings.ts";

export type ConnectionRow = typeof externalConnections.$inferSelect;

/** A token this close to its expiry is refreshed before use. */
const EXPIRY_MARGIN_MS = 60_000;

type RemovalHook = (tx: Tx, deps: AppDeps, conn: ConnectionRow) => Promise<void>;
const removalHooks = new Map<string, RemovalHook>();

/** A service's clean-up when one of its connections is removed (in the removal's transaction). */
export function onConnectionRemoved(serviceType: ExternalServiceType, hook: RemovalHook) {
  removalHooks.set(serviceType, hook);
}

export function present(row: ConnectionRow): ExternalConnection {
  return {
    id: row.id, serviceType: row.serviceType as ExternalServiceType, registrationId: row.registrationId,
    username: row.name, email: row.email, errorMessage: (row.errorReason as ExternalErrorReason | null) ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function ownConnections(db: DbOrTx, companyId: number, userId: number, serviceType?: string): Promise<ConnectionRow[]> {
  return await db.select().from(externalConnections).where(and(
    eq(externalConnections.companyId, companyId), eq(externalConnections.userId, userId),
    serviceType ? eq(externalConnections.serviceType, serviceType) : undefined,
  )).orderBy(asc(externalConnections.id));
}

/** The caller's connection; 404 for another's or a missing one alike. */
export async function requireOwnConnection(caller: Caller, id: number, serviceType?: string): Promise<ConnectionRow> {
  const [row] = await caller.deps.db.select().from(externalConnections).where(and(
    eq(externalConnections.companyId, caller.auth.companyId), eq(externalConnections.userId, caller.auth.userId),
    eq(externalConnections.id, id),
  ));
  if (!row || (serviceType && row.serviceType !== serviceType)) throw notFound();
  return row;
}

export async function listConnections(caller: Caller, serviceType?: string): Promise<ExternalConnection[]> {
  return (await ownConnections(caller.deps.db, caller.auth.companyId, caller.auth.userId, serviceType)).map(present);
}

/** Stores the connection of an account (a second sign-in to the same account renews it). */
export async function saveConnection(
  deps: AppDeps, p: Provider, userId: number, account: { subject: string; email: string; name: string }, tokens: TokenSet, scopes: string,
): Promise<ConnectionRow> {
  const now = deps.clock.now();
  const access = await encryptPassword(deps.db, tokens.accessToken);
  const refresh = tokens.refreshToken ? await encryptPassword(deps.db, tokens.refreshToken) : null;
  const values = {
    email: account.email, name: account.name, accessTokenEnc: access,
    expiresAt: tokens.expiresIn ? new Date(now.getTime() + tokens.expiresIn * 1000) : null,
    scopes, errorReason: null, updatedAt: now,
  };
  const [row] = await deps.db.insert(externalConnections).values({
    companyId: p.companyId, userId, serviceType: p.registration.serviceType, registrationId: p.registration.registrationId,
    subject: account.subject, refreshTokenEnc: refresh, createdAt: now, ...values,
  }).onConflictDoUpdate({
    target: [externalConnections.userId, externalConnections.registrationId, externalConnections.subject],
    // A provider gives a refresh token only with a new consent: an answer without one keeps the stored one.
    set: { ...values, ...(refresh ? { refreshTokenEnc: refresh } : {}) },
  }).returning();
  return row;
}

export async function setConnectionError(db: DbOrTx, id: number, reason: ExternalErrorReason | null) {
  await db.update(externalConnections).set({ errorReason: reason }).where(eq(externalConnections.id, id));
}

/** DELETE /api/oauth2/connections/{id}. */
export async function removeConnection(caller: Caller, id: number): Promise<void> {
  const { deps } = caller;
  const conn = await requireOwnConnection(caller, id);
  const provider = await providerOf(deps, conn.companyId, conn.registrationId).catch(() => null);
  if (provider) {
    const token = conn.refreshTokenEnc ?? conn.accessTokenEnc;
    await revoke(deps, provider, await decryptPassword(deps.db, token));
  }
  await deps.db.transaction(async (tx) => {
    await removalHooks.get(conn.serviceType)?.(tx, deps, conn);
    await tx.delete(externalConnections).where(and(eq(externalConnections.companyId, conn.companyId), eq(externalConnections.id, conn.id)));
  });
}

/** A new access token from the refresh token, unless another call refreshed meanwhile (the row is locked). */
async function refreshed(deps: AppDeps, p: Provider, conn: ConnectionRow, used: string | null): Promise<string> {
  return await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(externalConnections).where(eq(externalConnections.id, conn.id)).for("update");
    if (!row) throw new ExternalServiceError("INVALID_TOKEN", "connection removed");
    const current = await decryptPassword(tx, row.accessTokenEnc);
    const now = deps.clock.now();
    // Another call refreshed since this one read the token: its new token serves.
    const fresh = !row.expiresAt || row.expiresAt.getTime() - EXPIRY_MARGIN_MS > now.getTime();
    if (fresh && (used === null ? row.updatedAt.getTime() > conn.updatedAt.getTime() : current !== used)) return current;
    if (!row.refreshTokenEnc) throw new ExternalServiceError("INVALID_TOKEN", "no refresh token");
    const tokens = await refreshGrant(deps, p, await decryptPassword(tx, row.refreshTokenEnc));
    await tx.update(externalConnections).set({
      accessTokenEnc: await encryptPassword(tx, tokens.accessToken),
      ...(tokens.refreshToken ? { refreshTokenEnc: await encryptPassword(tx, tokens.refreshToken) } : {}),
      expiresAt: tokens.expiresIn ? new Date(now.getTime() + tokens.expiresIn * 1000) : null,
      updatedAt: now,
    }).where(eq(externalConnections.id, row.id));
    return tokens.accessToken;
  });
}

/**
 * Calls the connection's API at `url` (under the provider's configured hosts) with its access token. Throws
 * ExternalServiceError: INVALID_TOKEN when the grant is gone, NETWORK_ERROR when the provider is unreachable.
 */
export async function connectionFetch(deps: AppDeps, conn: ConnectionRow, url: string, init: RequestInit = {}): Promise<Response> {
  let p: Provider;
  try {
    p = await providerOf(deps, conn.companyId, conn.registrationId);
  } catch {
    throw new ExternalServiceError("UNKNOWN", "the service is not configured");
  }
  const call = (token: string) =>
    providerFetch(deps, p, url, { ...init, headers: { ...init.headers as Record<string, string>, authorization: `Bearer ${token}`, accept: "application/json" } });
  const now = deps.clock.now().getTime();
  // The stored token as it is now (an earlier call may have refreshed it since `conn` was read).
  const current = (await connectionById(deps.db, conn.id)) ?? conn;
  let token: string;
  if (current.expiresAt && current.expiresAt.getTime() - EXPIRY_MARGIN_MS <= now) token = await refreshed(deps, p, current, null);
  else token = await decryptPassword(deps.db, current.accessTokenEnc);
  const first = await call(token);
  if (first.status !== 401) return first;
  await first.body?.cancel();
  const second = await call(await refreshed(deps, p, conn, token));
  if (second.status === 401) {
    await second.body?.cancel();
    throw new ExternalServiceError("INVALID_TOKEN", "401 after a refresh");
  }
  return second;
}

/**
 * A new access token now (001 §7 PUT /api/external/token/{type}), unless another call refreshed it since
 * `conn` was read. Throws ExternalServiceError as connectionFetch does.
 */
export async function refreshConnection(deps: AppDeps, conn: ConnectionRow): Promise<ConnectionRow> {
  let p: Provider;
  try {
    p = await providerOf(deps, conn.companyId, conn.registrationId);
  } catch {
    throw new ExternalServiceError("UNKNOWN", "the service is not configured");
  }
  await refreshed(deps, p, conn, await decryptPassword(deps.db, conn.accessTokenEnc));
  return (await connectionById(deps.db, conn.id)) ?? conn;
}

/** Locks a connection's row in a transaction (one calendar list sync of it at a time). */
export async function lockConnection(tx: Tx, id: number): Promise<ConnectionRow | undefined> {
  const [row] = await tx.select().from(externalConnections).where(eq(externalConnections.id, id)).for("update");
  return row;
}

/** A connection by id, for jobs (no caller). */
export async function connectionById(db: DbOrTx, id: number): Promise<ConnectionRow | undefined> {
  const [row] = await db.select().from(externalConnections).where(eq(externalConnections.id, id));
  return row;
}
