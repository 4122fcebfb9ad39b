// Tab "account": account sharing (000 §6) — my shares, accounts shared with me, and the log (GET /logs).
// In a session opened by switching into someone's account the lists are read-only (account.switched_session).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { SharedAccountLog } from "@shared/accounts.ts";
import type { UserInfo } from "@shared/users.ts";
import { errorText } from "../../lib/i18n.ts";
import { availableAccountsQuery, errorOf, shareLogsQuery, sharedUsersQuery } from "./api.ts";
import { MyShares } from "./MyShares.tsx";
import { Badge, type Column, DataTable, Pager, Section, useFormats } from "./parts.tsx";
import { SharedWithMe } from "./SharedWithMe.tsx";

export function SharingTab({ me }: { me: UserInfo }) {
  const readOnly = !!me.switchedFrom;
  return (
    <div className="acc-stack">
      {readOnly && <p className="acc-note" role="note">{errorText("account.switched_session")}</p>}
      <MyShares me={me} readOnly={readOnly} />
      <SharedWithMe me={me} readOnly={readOnly} />
      <ShareLog me={me} />
    </div>
  );
}

function ShareLog({ me }: { me: UserInfo }) {
  const { t } = useTranslation("account");
  const f = useFormats();
  const [page, setPage] = useState(0);
  const q = useQuery(shareLogsQuery(page));
  const mine = useQuery(sharedUsersQuery).data ?? [];
  const theirs = useQuery(availableAccountsQuery).data ?? [];

  // The log names only the actor; the two parties are named from the share lists where they still exist.
  const names = new Map<number, string>([[me.id, t("log.me")]]);
  for (const s of mine) names.set(s.sharedToUserId, s.name);
  for (const s of theirs) names.set(s.sharedByUserId, s.name);
  const nameOf = (id: number, fallback?: string) => names.get(id) ?? fallback ?? t("log.someone");

  const status = (s?: string | null) => (s ? t(`sharing.status.${s}`) : "");
  const expiry = (ms?: number | null) => (ms == null ? t("sharing.expiry.none") : f.dateTime(ms));
  function detail(l: SharedAccountLog): string {
    const d = l.detail ?? {};
    switch (l.action) {
      case "STATUS": return `${status(d.previousStatus)} → ${status(d.status)}`;
      case "EXPIRY": return `${expiry(d.previousExpireTimeMillis)} → ${expiry(d.expireTimeMillis)}`;
      case "SHARE": return d.previousStatus ? t("log.granted") : d.expireTimeMillis ? t("log.until", { time: expiry(d.expireTimeMillis) }) : "";
      case "DELETE": return d.previousStatus ? t("log.wasStatus", { status: status(d.previousStatus) }) : "";
      default: return "";
    }
  }

  const columns: Column<SharedAccountLog>[] = [
    { key: "time", header: t("log.time"), cell: (l) => f.dateTime(l.timeMillis), className: "acc-nowrap" },
    { key: "action", header: t("log.action"), cell: (l) => <Badge tone="off">{t(`log.actions.${l.action}`, { defaultValue: l.action })}</Badge> },
    {
      key: "share",
      header: t("log.share"),
      cell: (l) => t("log.pair", { owner: nameOf(l.sharedByUserId, l.actorUserId === l.sharedByUserId ? l.actorName : undefined), sharee: nameOf(l.sharedToUserId, l.actorUserId === l.sharedToUserId ? l.actorName : undefined) }),
    },
    { key: "actor", header: t("log.actor"), cell: (l) => (l.actorUserId === me.id ? t("log.me") : l.actorName) },
    { key: "detail", header: t("log.detail"), cell: (l) => detail(l) || "—" },
    { key: "ip", header: t("log.ip"), cell: (l) => <span className="acc-mono">{l.ip ?? "—"}</span> },
  ];

  return (
    <Section title={t("log.title")} description={t("log.description")}>
      {q.isError && <p className="acc-inline-error" role="alert">{errorOf(q.error)}</p>}
      <DataTable caption={t("log.title")} columns={columns} rows={q.data?.content} empty={t("log.empty")} loading={q.isFetching} />
      <Pager page={page} totalPages={q.data?.totalPages ?? 0} onChange={setPage} label={t("log.pages")} />
    </Section>
  );
}
