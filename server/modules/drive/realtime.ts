// Realtime for the drive: DRIVE_CHANGED (shared/drive/constants.ts driveTopic) with { folderIds } to the owner
// of the changed tree and to everyone a share on the changed folders or any folder above them reaches
// (users directly, organisations through their members), after the write committed; best effort.
import { sql } from "drizzle-orm";
import { DRIVE_SHARE_TYPE, driveTopic } from "../../../shared/drive/constants.ts";
import type { AppDeps } from "../../lib/context.ts";
import * as repo from "./repo.ts";

/** Users who see any of these folders: their owners and the members of shares above them. */
async function audienceOf(deps: AppDeps, companyId: number, folderIds: number[]): Promise<number[]> {
  const chains = await Promise.all(folderIds.map((id) => repo.ancestry(deps.db, companyId, id)));
  const owners = chains.flatMap((c) => c.length ? [c[0].ownerUserId] : []);
  const objectIds = [...new Set(chains.flat().map((r) => String(r.id)))];
  if (!objectIds.length) return owners;
  const texts = sql.join(objectIds.map((id) => sql`${id}`), sql`, `);
  const rows = await deps.db.execute<{ user_id: string }>(sql`
    select sm.member_id as user_id from shares sh join share_members sm on sm.share_id = sh.id
      where sh.company_id = ${companyId} and sh.module_type = ${DRIVE_SHARE_TYPE} and sh.object_id in (${texts}) and sm.member_type = 'USER'
    union select om.user_id from shares sh join share_members sm on sm.share_id = sh.id
      join organization_members om on om.organ_id = sm.member_id and om.company_id = sh.company_id
      where sh.company_id = ${companyId} and sh.module_type = ${DRIVE_SHARE_TYPE} and sh.object_id in (${texts}) and sm.member_type = 'ORGANIZATION'`);
  return [...owners, ...rows.map((r) => Number(r.user_id))];
}

/** DRIVE_CHANGED for these folders (their lists changed) to everyone who sees them. Never throws. */
export async function publishDriveChanged(deps: AppDeps, companyId: number, folderIds: (number | null | undefined)[]): Promise<void> {
  try {
    const ids = [...new Set(folderIds.filter((id): id is number => typeof id === "number"))];
    if (!ids.length) return;
    const users = [...new Set(await audienceOf(deps, companyId, ids))];
    if (!users.length) return;
    const rows = await deps.db.execute<{ username: string }>(sql`
      select username from users where company_id = ${companyId} and id in (${sql.join(users.map((id) => sql`${id}`), sql`, `)})`);
    const data = { folderIds: ids.join(",").slice(0, 500) };
    await Promise.all(rows.map((r) => deps.realtime.publish(driveTopic(r.username), "DRIVE_CHANGED", data)));
  } catch (e) {
    deps.log.error("drive: publishing DRIVE_CHANGED failed", e);
  }
}
