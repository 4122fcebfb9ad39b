// People picked for a conversation: a colleague directly, or every member of a picked organisation.
import type { QueryClient } from "@tanstack/react-query";
import type { AutocompleteItem } from "@shared/organizations.ts";
import { orgMembersQuery } from "../../../app/share/share-api.ts";

export interface Person {
  id: number;
  name: string;
  email: string;
}

export async function peopleOf(qc: QueryClient, item: AutocompleteItem): Promise<Person[]> {
  if (item.type === "USER") return [{ id: item.id, name: item.name, email: item.email }];
  const page = await qc.fetchQuery(orgMembersQuery(item.id));
  return page.content.map((m) => ({ id: m.id, name: m.accountName, email: m.username }));
}
