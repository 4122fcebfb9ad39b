// A board's mail address and filters, mounted by ../routes.ts under /api/board (shared/board/config.ts):
//   GET    {id}/mail                    BoardMail (MANAGE)
//   PUT    {id}/mail/address            { localPart | null } → BoardMail (409 board.address_taken)
//   POST   {id}/mail/filter             mailFilterBody → 201 MailFilter (409 board.filters_max, board.filter_exists)
//   DELETE {id}/mail/filter/{filterId}  BoardMail (404 board.filter_not_found)
import { Hono } from "hono";
import { mailAddressBody, mailFilterBody } from "../../../../shared/board/config.ts";
import { type AppEnv, callerOf } from "../../../lib/context.ts";
import { body, idParam } from "../../../lib/validate.ts";
import * as service from "./service.ts";

export function boardMailRoutes() {
  const r = new Hono<AppEnv>();
  r.get("/:id{[0-9]+}/mail", async (c) => c.json(await service.boardMail(callerOf(c), idParam(c))));
  r.put("/:id{[0-9]+}/mail/address", async (c) => {
    const { localPart } = await body(c, mailAddressBody);
    return c.json(await service.setMailAddress(callerOf(c), idParam(c), localPart));
  });
  r.post("/:id{[0-9]+}/mail/filter", async (c) => {
    const input = await body(c, mailFilterBody);
    return c.json(await service.addMailFilter(callerOf(c), idParam(c), input), 201);
  });
  r.delete("/:id{[0-9]+}/mail/filter/:filterId{[0-9]+}", async (c) => {
    return c.json(await service.deleteMailFilter(callerOf(c), idParam(c), idParam(c, "filterId")));
  });
  return r;
}
