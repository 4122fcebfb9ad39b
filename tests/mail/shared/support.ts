// Set-up of the shared-folder tests: a company with an organisation tree (Sales > Team) and its members, the
// owner's folders shared through the share API (moduleType MAIL), and a second company.
import { expect } from "vitest";
import { company, type Co, type Member } from "../../share/share-helpers.ts";
import type { TestApp } from "../../support/test-app.ts";
import type { Who } from "../reading/support.ts";

export interface World {
  A: Co;
  B: Co;
  sales: number;
  team: number;
  alice: Member;
  bob: Member;
  carol: Member;
  erin: Member;
  rita: Member;
  mallory: Member;
}

/**
 * alice owns the folders; bob has no organisation; carol is in Team (under Sales); erin in Other; rita in Team
 * but org-chart restricted; mallory is of another company.
 */
export async function world(t: TestApp, domain: string): Promise<World> {
  const A = await company(t, domain);
  const B = await company(t, `other-${domain}`);
  const sales = await A.org("Sales");
  const team = await A.org("Team", sales);
  const other = await A.org("Other");
  return {
    A, B, sales, team,
    alice: await A.user("alice"),
    bob: await A.user("bob"),
    carol: await A.user("carol", [team]),
    erin: await A.user("erin", [other]),
    rita: await A.user("rita", [team], { isOrgChartRestricted: true }),
    mallory: await B.user("mallory"),
  };
}

export const who = (co: Co, m: Member): Who => ({ companyId: co.companyId, userId: m.id, username: m.username, token: m.token });

export function api(t: TestApp) {
  const call = (u: Member, method: string, path: string, json?: unknown) => t.call(method, path, { token: u.token, json });
  return {
    call,
    get: (u: Member, path: string) => call(u, "GET", path),
    put: (u: Member, path: string, json: unknown) => call(u, "PUT", path, json),
    /** Shares a folder of `owner`; members as the share API takes them. */
    async share(owner: Member, folderId: number, members: unknown[]) {
      const r = await call(owner, "POST", `/api/share/MAIL/${folderId}`, { members });
      expect(r.status, JSON.stringify(r.body)).toBe(201);
      return r.body.shareId as number;
    },
    async unshare(owner: Member, folderId: number) {
      const r = await t.call("DELETE", "/api/share", { token: owner.token, form: { objectIds: [folderId], moduleType: "MAIL" } });
      expect(r.status, JSON.stringify(r.body)).toBe(204);
    },
  };
}
