// Set-up through the admin API: organisations and users created the way an administrator would.
import type { TestApp } from "./test-app.ts";

export const USER_PASSWORD = "Us3r!pass";

export function adminApi(t: TestApp) {
  async function created(path: string, adminToken: string, json: Record<string, unknown>) {
    const r = await t.call("POST", path, { token: adminToken, json });
    if (r.status !== 201) throw new Error(`${path}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body;
  }
  return {
    newOrg: (adminToken: string, json: Record<string, unknown>) => created("/api/admin/organizations", adminToken, json),
    /** A user who may sign in at once with USER_PASSWORD (no forced change). */
    newUser: (adminToken: string, json: Record<string, unknown>) =>
      created("/api/admin/users", adminToken, { password: USER_PASSWORD, requestPasswordChange: false, ...json }),
  };
}
