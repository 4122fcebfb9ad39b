// The people to choose from: the selected department's members (GET api/users/organization/{id}, 100 a page:
// 002 §7, §9), or, with a search word, the company's members by name. A react-aria ListBox: arrows move,
// Enter adds the person with the chosen line type.
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ListBox, ListBoxItem } from "react-aria-components";
import type { OrganizationNode } from "@shared/organizations.ts";
import { Button } from "../../../ui/Button.tsx";
import { memberSearchQuery, organUsersQuery } from "./api.ts";

export interface Person {
  id: number;
  name: string;
  /** The department shown beside the name, and the one the person acts for when picked from the chart. */
  organId: number | null;
  organName: string | null;
  position: string | null;
}

export function MemberList({ organ, word, selected, onSelect, onAction }: {
  organ: OrganizationNode | null;
  word: string;
  selected: Person | null;
  onSelect(p: Person): void;
  onAction(p: Person): void;
}) {
  const { t } = useTranslation("approval");
  const [page, setPage] = useState({ organId: 0, page: 0 });
  const current = organ && page.organId === organ.id ? page.page : 0;
  const members = useQuery({ ...organUsersQuery(organ?.id ?? 0, current), enabled: !!organ && !word, placeholderData: keepPreviousData });
  const search = useQuery(memberSearchQuery(word));
  const people: Person[] = word
    ? (search.data?.content ?? []).map((m) => ({ id: m.id, name: m.accountName, organId: null, organName: m.organizationName, position: m.position }))
    : (members.data?.content ?? []).map((m) => ({ id: m.id, name: m.accountName, organId: organ?.id ?? null, organName: organ?.name ?? m.organizationName, position: m.position }));
  const q = word ? search : members;
  const totalPages = word ? 1 : members.data?.totalPages ?? 1;
  const label = word ? t("lines.searchResults") : organ ? t("lines.membersOf", { name: organ.name }) : t("lines.members");

  return (
    <div className="al-members">
      <ListBox aria-label={label} className="al-list" items={people} selectionMode="single" selectionBehavior="replace"
        selectedKeys={selected ? [selected.id] : []}
        onSelectionChange={(keys) => {
          const k = [...(keys as Set<number>)][0];
          const p = people.find((x) => x.id === k);
          if (p) onSelect(p);
        }}
        onAction={(k) => {
          const p = people.find((x) => x.id === k);
          if (p) onAction(p);
        }}
        renderEmptyState={() => (
          <p className="al-muted">
            {!word && !organ ? t("lines.pickOrgan") : q.isLoading ? t("lines.loading") : q.isError ? t("lines.loadFailed") : t("lines.noMembers")}
          </p>
        )}>
        {(p) => (
          <ListBoxItem id={p.id} textValue={p.name} className="al-list-item">
            <span className="al-name">{p.name}</span>
            <span className="al-detail">{[p.position, word ? p.organName : null].filter(Boolean).join(" · ")}</span>
          </ListBoxItem>
        )}
      </ListBox>
      {totalPages > 1 && organ && (
        <div className="al-pager">
          <Button variant="ghost" isDisabled={current === 0} onPress={() => setPage({ organId: organ.id, page: current - 1 })}>{t("lines.prev")}</Button>
          <span>{t("lines.page", { page: current + 1, total: totalPages })}</span>
          <Button variant="ghost" isDisabled={current + 1 >= totalPages} onPress={() => setPage({ organId: organ.id, page: current + 1 })}>{t("lines.next")}</Button>
        </div>
      )}
    </div>
  );
}
