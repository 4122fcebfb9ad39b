// Other modules' address candidates for GET api/autocomplete/email (the compose screen's recipients): a
// module that keeps addresses (contacts' cards, later the customer book) answers for its own type through
// this interface, so this module never imports theirs. server/app.ts hands the providers to
// organizationRoutes(); autocomplete.ts merges their rows with users and organisations by the same order:
// prefix matches first, then by name.
import type { AutocompleteType } from "../../../shared/organizations.ts";
import type { Caller } from "../../lib/context.ts";

export interface ProviderRow {
  id: number;
  name: string;
  email: string;
  /** 0: the name or the address starts with the query (or its initials do); 1: found elsewhere. */
  rank: 0 | 1;
  /** Lower-cased name for the order within a rank. */
  sortName: string;
  /** Shown beside the name (a card's company). */
  detail: string | null;
}

export interface AutocompleteProvider {
  type: Exclude<AutocompleteType, "USER" | "ORGANIZATION">;
  /** The caller's first `limit` candidates in (rank, sortName) order, and how many there are in all. */
  search(caller: Caller, query: string, limit: number): Promise<{ rows: ProviderRow[]; total: number }>;
}
