// For the modules that hand out addresses (new users, organisations' group addresses): whether an alias
// already holds an address. Its own file, importing no other module, so they can use it without an import cycle.
import type { DbOrTx } from "../../../../db/client.ts";
import { aliasExists } from "./repo.ts";

export async function isAliasAddress(db: DbOrTx, address: string): Promise<boolean> {
  return await aliasExists(db, address);
}
