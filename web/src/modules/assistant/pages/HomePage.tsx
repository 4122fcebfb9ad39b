// HOME (002 §2): a greeting, what to ask (starters and a question field that opens a new chat), the recent
// chats and the favourites. Without a connected model it explains how one is connected; an administrator gets a
// link to the provider settings.
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import { userDetailQuery } from "../../../app/queries.ts";
import { useNav } from "../nav.ts";
import { chatsQuery, favoritesQuery, listQuery, statusQuery } from "../queries.ts";
import { AsstIcon } from "../icons.tsx";
import { Composer } from "../chat/Composer.tsx";

const STARTERS = ["summary", "mail", "schedule", "idea"] as const;

export function HomePage() {
  const { t } = useTranslation("assistant");
  const { go, close } = useNav();
  const navigate = useNavigate();
  const me = useQuery(userDetailQuery).data;
  const status = useQuery(statusQuery);
  const chats = useQuery(chatsQuery);
  const favorites = useQuery(favoritesQuery);
  const list = useQuery(listQuery).data ?? [];
  const noProvider = status.data && !status.data.providerConfigured;
  const recent = (chats.data ?? []).slice(0, 5);

  return (
    <div className="asst-page asst-home">
      <h3 className="asst-greeting">{t("home.greeting", { name: me?.accountName ?? "" })}</h3>
      <p className="asst-muted">{t("home.intro")}</p>
      {noProvider && (
        <div className="asst-callout" role="note">
          <p><strong>{t("home.noProviderTitle")}</strong></p>
          <p>{t("home.noProvider")}</p>
          {status.data?.isAdmin
            ? (
              <Button className="btn btn-primary" onPress={() => {
                close();
                void navigate({ to: "/admin/$section", params: { section: "assistant" } });
              }}>
                {t("home.connect")}
              </Button>
            )
            : <p className="asst-muted">{t("home.askAdmin")}</p>}
        </div>
      )}
      <Composer running={false} disabled={!!noProvider} onStop={() => {}}
        onSend={(text) => {
          go({ page: "CHAT", ask: text });
          return true;
        }} />
      <section aria-labelledby="asst-starters">
        <h4 id="asst-starters" className="asst-section-title">{t("home.starters")}</h4>
        <ul className="asst-starters">
          {STARTERS.map((s) => (
            <li key={s}>
              <Button className="asst-starter" isDisabled={!!noProvider} onPress={() => go({ page: "CHAT", ask: t(`home.starter.${s}`) })}>
                {t(`home.starter.${s}`)}
              </Button>
            </li>
          ))}
        </ul>
      </section>
      <div className="asst-home-cols">
        <section aria-labelledby="asst-recent">
          <h4 id="asst-recent" className="asst-section-title">{t("home.recent")}</h4>
          {chats.isSuccess && recent.length === 0 && <p className="asst-muted">{t("chat.none")}</p>}
          <ul className="asst-links">
            {recent.map((c) => (
              <li key={c.chatId}>
                <Button className="asst-link" onPress={() => go({ page: "CHAT", chatId: c.chatId })}>
                  <AsstIcon name="chats" size={16} /> <span>{c.title || t("chat.untitled")}</span>
                </Button>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="asst-favs">
          <h4 id="asst-favs" className="asst-section-title">{t("home.favorites")}</h4>
          {favorites.isSuccess && favorites.data.length === 0 && <p className="asst-muted">{t("home.noFavorites")}</p>}
          <ul className="asst-links">
            {favorites.data?.map((f) => {
              const a = list.find((x) => x.id === f.assistantId);
              return (
                <li key={f.id}>
                  <Button className="asst-link" onPress={() => go({ page: "AGENT", assistantId: f.assistantId })}>
                    <span aria-hidden="true">{a?.icon || "⭐"}</span> <span>{a?.title ?? f.title}</span>
                  </Button>
                </li>
              );
            })}
          </ul>
          <Button className="asst-link asst-link-more" onPress={() => go({ page: "AGENTS" })}>{t("home.allAgents")}</Button>
        </section>
      </div>
    </div>
  );
}
