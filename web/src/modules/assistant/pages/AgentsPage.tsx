// AGENTS (002 §2): the assistants the caller may use, by the default categories (002 §3), with a search over
// title and description, favourite toggles, and a new assistant. The list is loaded once (002 §4).
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Input, SearchField } from "react-aria-components";
import { ASSISTANT_CATEGORIES } from "@shared/assistant/constants.ts";
import { snackbar } from "../../../app/feedback/snackbar.tsx";
import { Button } from "../../../ui/Button.tsx";
import { Icon } from "../../../ui/icons.tsx";
import { useNav } from "../nav.ts";
import { listQuery } from "../queries.ts";
import { AsstIcon } from "../icons.tsx";
import { AgentCard } from "./AgentCard.tsx";

export function AgentsPage() {
  const { t } = useTranslation("assistant");
  const { go } = useNav();
  const list = useQuery(listQuery);
  const [q, setQ] = useState("");
  useEffect(() => {
    if (list.isError) snackbar("ERROR", t("agent.loadFailed"));
  }, [list.isError, t]);
  const needle = q.trim().toLocaleLowerCase();
  const found = (list.data ?? []).filter((a) => !needle || `${a.title}\n${a.description}`.toLocaleLowerCase().includes(needle));
  return (
    <div className="asst-page">
      <div className="asst-toolbar">
        <SearchField value={q} onChange={setQ} aria-label={t("agents.search")} className="asst-search">
          <Icon name="search" size={16} />
          <Input className="field-input" placeholder={t("agents.search")} />
        </SearchField>
        <Button onPress={() => go({ page: "EDITOR" })}>
          <AsstIcon name="plus" size={16} /> {t("agents.new")}
        </Button>
      </div>
      {list.isPending && <p className="asst-muted">{t("loading")}</p>}
      {list.isError && <p className="asst-muted" role="alert">{t("agent.loadFailed")}</p>}
      {list.isSuccess && found.length === 0 && <p className="asst-muted">{needle ? t("agents.noMatch") : t("agents.none")}</p>}
      {ASSISTANT_CATEGORIES.map((c) => {
        const items = found.filter((a) => a.category === c);
        if (!items.length) return null;
        return (
          <section key={c} aria-labelledby={`asst-cat-${c}`} className="asst-category">
            <h3 id={`asst-cat-${c}`} className="asst-section-title">{t(`category.${c}`)} <span className="asst-count">{items.length}</span></h3>
            <ul className="asst-cards">
              {items.map((a) => <AgentCard key={a.id} a={a} />)}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
