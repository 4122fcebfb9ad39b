// Helpers for the account-sharing tests: users made through the users service, signed in through the API.
import { expect } from "vitest";
import { createUser } from "../../server/modules/users/service.ts";
import { OAUTH_BASIC_HEADER, type TokenResponse } from "../../shared/auth.ts";
import { ADMIN_PASSWORD, login, signupCompany, type TestApp } from "../support/test-app.ts";

export const ACCOUNTS = "/api/users/accounts";

export interface TestUser {
  id: number;
  username: string;
  name: string;
  token: string;
  tokens: TokenResponse;
}

export interface TestCompany {
  companyId: number;
  domain: string;
  admin: TestUser;
}

/** Signs up a company and resolves its administrator's id and name. */
export async function newCompany(t: TestApp, domain: string, adminName = "Kim Admin"): Promise<TestCompany> {
  const co = await signupCompany(t, { domain, name: adminName });
  const me = await t.call("GET", "/api/users/detail", { token: co.token });
  expect(me.status).toBe(200);
  return {
    companyId: co.companyId,
    domain: co.domain,
    admin: { id: me.body.id, username: co.username, name: me.body.accountName, token: co.token, tokens: co.tokens },
  };
}

/** A second (third…) user of the company, created directly through the users service, then signed in. */
export async function addUser(t: TestApp, co: TestCompany, loginId: string, accountName: string): Promise<TestUser> {
  const row = await createUser(t.deps.db, t.deps, {
    companyId: co.companyId,
    loginId,
    domain: co.domain,
    accountName,
    password: ADMIN_PASSWORD,
  });
  const tokens = await login(t, row.username);
  return { id: row.id, username: row.username, name: accountName, token: tokens.access_token, tokens };
}

/** Shares `owner`'s account with `to`; expects 201 and answers the new share. */
export async function shareWith(t: TestApp, owner: TestUser, to: TestUser, expireTimeMillis?: number | null) {
  const r = await t.call("POST", ACCOUNTS, { token: owner.token, json: { sharedToUserId: to.id, expireTimeMillis } });
  expect(r.status, JSON.stringify(r.body)).toBe(201);
  return r.body as { id: number; status: string; expireTimeMillis: number | null };
}

export async function refresh(t: TestApp, refreshToken: string) {
  return await t.call("POST", "/oauth/token", {
    headers: { authorization: OAUTH_BASIC_HEADER },
    form: { grant_type: "refresh_token", refresh_token: refreshToken },
  });
}
