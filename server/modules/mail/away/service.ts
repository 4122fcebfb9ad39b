// The away reply config (shared/mail/away.ts). Every save starts a new period (updatedAt), so a sender who
// got a reply before the change gets one again; the replies themselves are sent by inbound/away.ts.
import type { AwayConfig, AwayInput } from "../../../../shared/mail/away.ts";
import type { Caller } from "../../../lib/context.ts";
import * as repo from "./repo.ts";

function toConfig(row: repo.AwayRow | undefined): AwayConfig {
  return {
    useAway: row?.useAway ?? false,
    startTimeMillis: row?.startAt?.getTime() ?? null,
    endTimeMillis: row?.endAt?.getTime() ?? null,
    contents: row?.contents ?? "",
    updatedTimeMillis: row?.updatedAt.getTime() ?? null,
  };
}

export async function getAway(caller: Caller): Promise<AwayConfig> {
  return toConfig(await repo.awayOf(caller.deps.db, caller.auth.userId));
}

export async function saveAway(caller: Caller, input: AwayInput): Promise<AwayConfig> {
  const row = await repo.saveAway(caller.deps.db, {
    userId: caller.auth.userId,
    companyId: caller.auth.companyId,
    useAway: input.useAway,
    startAt: input.startTimeMillis === null ? null : new Date(input.startTimeMillis),
    endAt: input.endTimeMillis === null ? null : new Date(input.endTimeMillis),
    contents: input.contents,
    updatedAt: caller.deps.clock.now(),
  });
  return toConfig(row);
}
