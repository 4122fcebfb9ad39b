// Members of the selected organisation (direct members, active users), paged.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Cell, Column, Row, Table, TableBody, TableHeader } from "react-aria-components";
import { MEMBERS_PAGE_SIZE, organizationMembersQuery } from "../api.ts";
import { Badge, Pager } from "../controls.tsx";

export function OrgMembers({ organId, name }: { organId: number; name: string }) {
  const { t, i18n } = useTranslation("admin");
  const [page, setPage] = useState(0);
  const members = useQuery(organizationMembersQuery(organId, page));
  const list = members.data?.content ?? [];
  const headingId = `adm-members-${organId}`;
  return (
    <div className="adm-card adm-table-wrap">
      <div className="adm-card-head">
        <h3 id={headingId}>{t("orgs.membersOf", { name })}</h3>
        {members.data && <span className="adm-muted">{t("orgs.members", { count: members.data.totalElements })}</span>}
      </div>
      <Table aria-labelledby={headingId} className="adm-table">
        <TableHeader>
          <Column isRowHeader>{t("users.col.name")}</Column>
          <Column className="adm-opt">{t("users.col.job")}</Column>
          <Column>{t("orgs.col.role")}</Column>
        </TableHeader>
        {/* Rows are cached per item: a language switch must re-render them. */}
        <TableBody items={list} dependencies={[i18n.language]} renderEmptyState={() => (
          <p className="adm-empty">{members.isLoading ? t("loading") : members.isError ? t("loadFailed") : t("orgs.noMembers")}</p>
        )}>
          {(m) => (
            <Row id={m.id} className="adm-row">
              <Cell>
                <span className="adm-person-text">
                  <strong>{m.accountName}</strong>
                  <span className="adm-muted">{m.username}</span>
                </span>
              </Cell>
              <Cell className="adm-opt">{[m.jobGrade, m.position].filter(Boolean).join(" · ") || <span className="adm-muted">—</span>}</Cell>
              <Cell>{m.manager ? <Badge tone="accent">{t("memberships.manager")}</Badge> : <span className="adm-muted">{t("orgs.member")}</span>}</Cell>
            </Row>
          )}
        </TableBody>
      </Table>
      {members.data && members.data.totalElements > MEMBERS_PAGE_SIZE && (
        <Pager page={page} pageSize={MEMBERS_PAGE_SIZE} total={members.data.totalElements} onPage={setPage} />
      )}
      <p className="adm-muted adm-note">{t("orgs.membersHelp")}</p>
    </div>
  );
}
