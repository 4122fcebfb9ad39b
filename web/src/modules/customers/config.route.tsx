// /customer/config/{tabType} (001 §2, tab "list"): the deleted groups the user may restore (kept 7 days after
// deletion, 001 §4; a group deleted longer ago, or whose parent is still deleted, says why it cannot come
// back), and the book's admins (company administrators, and those they name: only company administrators
// change the list, PUT api/customer/group/admin).
import { createLazyRoute } from "@tanstack/react-router";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton } from "react-aria-components";
import type { CustomerAdmin } from "@shared/contacts/customers.ts";
import { TextField } from "../../ui/TextField.tsx";
import { userDetailQuery } from "../../app/queries.ts";
import { CUSTOMER_RESTORE_DAYS } from "@shared/contacts/customers.ts";
import { Button } from "../../ui/Button.tsx";
import * as customerApi from "./api.ts";
import { deletedQuery, refreshCustomers } from "./queries.ts";
import { done, failed } from "./errors.ts";

export const Route = createLazyRoute("/app/customer/config/$tabType")({ component: Config });

function Config() {
  const { t, i18n } = useTranslation("customers");
  const qc = useQueryClient();
  const deleted = useQuery(deletedQuery);
  const admins = useQuery({ queryKey: ["customer", "admins"], queryFn: ({ signal }) => customerApi.admins(signal) });
  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  async function restore(id: number) {
    try {
      await customerApi.restoreGroup(id);
      done("groupRestored");
    } catch (e) {
      failed(e, "groupRestoreFailed");
    } finally {
      await refreshCustomers(qc);
    }
  }
  return (
    <div className="ct-list-screen cu-config" data-main-content>
      <h2 className="ct-list-title">{t("config.title")}</h2>
      <section aria-labelledby="cu-deleted-title" className="cu-config-section">
        <h3 id="cu-deleted-title" className="ct-history-title">{t("config.deletedGroups")}</h3>
        <p className="ct-muted">{t("config.deletedNote", { days: CUSTOMER_RESTORE_DAYS })}</p>
        {deleted.error && <p role="alert">{t("toast.loadFailed")}</p>}
        {deleted.data && deleted.data.length === 0 && <p className="ct-muted">{t("config.noDeleted")}</p>}
        <ul className="cu-deleted">
          {deleted.data?.map((g) => (
            <li key={g.id} className="cu-deleted-item">
              <span className="cu-member-name">{g.groupName}</span>
              <span className="ct-muted">{t("config.deletedAt", { when: fmt.format(g.deletedTimeMillis ?? 0) })}</span>
              <Button variant="secondary" onPress={() => void restore(g.id)} aria-label={t("config.restoreGroup", { name: g.groupName })}>
                {t("config.restore")}
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="cu-admins-title" className="cu-config-section">
        <h3 id="cu-admins-title" className="ct-history-title">{t("config.admins")}</h3>
        <p className="ct-muted">{t("config.adminsNote")}</p>
        {admins.data && <Admins admins={admins.data} />}
      </section>
    </div>
  );
}

/** The book admins; a company administrator names others (found by name or login) and removes them. */
function Admins({ admins }: { admins: CustomerAdmin[] }) {
  const { t } = useTranslation("customers");
  const qc = useQueryClient();
  const canEdit = useQuery(userDetailQuery).data?.ROLE === "ROLE_ADMIN";
  const [word, setWord] = useState("");
  const found = useQuery({
    queryKey: ["customer", "directory", word.trim()],
    queryFn: ({ signal }) => customerApi.members(word.trim(), signal),
    enabled: canEdit && word.trim().length >= 1,
  });
  const named = admins.filter((a) => !a.companyAdmin).map((a) => a.userId);
  async function save(ids: number[]) {
    try {
      qc.setQueryData(["customer", "admins"], await customerApi.setAdmins(ids));
      done("adminsSaved");
      setWord("");
    } catch (e) {
      failed(e, "adminsSaveFailed");
    }
  }
  return (
    <>
      <ul className="cu-deleted">
        {admins.map((a) => (
          <li key={a.userId} className="cu-deleted-item">
            <span className="cu-member-name">{a.userName} <span className="ct-muted">{a.email}</span></span>
            {a.companyAdmin && <span className="cu-badge">{t("config.companyAdmin")}</span>}
            {canEdit && !a.companyAdmin && (
              <Button variant="secondary" onPress={() => void save(named.filter((id) => id !== a.userId))}>{t("config.removeAdmin", { name: a.userName })}</Button>
            )}
          </li>
        ))}
      </ul>
      {canEdit && (
        <>
          <TextField label={t("config.findAdmin")} value={word} onChange={setWord} placeholder={t("group.findMemberHint")} />
          {found.data && (
            <ul className="cu-found" aria-label={t("group.found")}>
              {found.data.content.filter((m) => !admins.some((a) => a.userId === m.id)).map((m) => (
                <li key={m.id}>
                  <AriaButton className="ct-link-btn" onPress={() => void save([...named, m.id])} aria-label={t("config.addAdmin", { name: m.accountName })}>
                    {m.accountName} <span className="ct-muted">{m.username}</span>
                  </AriaButton>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </>
  );
}
