// An assistant in a list: icon, title, description, its category; opens AGENT; a favourite toggle beside it.
import { useTranslation } from "react-i18next";
import { Button, ToggleButton } from "react-aria-components";
import type { AssistantSummary } from "@shared/assistant/api.ts";
import { useNav } from "../nav.ts";
import { AsstIcon } from "../icons.tsx";
import { useFavoriteToggle } from "./favorite.ts";

export function AgentCard({ a }: { a: AssistantSummary }) {
  const { go } = useNav();
  const fav = useFavoriteToggle();
  return (
    <li className="asst-card">
      <Button className="asst-card-open" onPress={() => go({ page: "AGENT", assistantId: a.id })}>
        <span className="asst-card-icon" aria-hidden="true">{a.icon || "🤖"}</span>
        <span className="asst-card-text">
          <span className="asst-card-title">{a.title}</span>
          <span className="asst-card-desc">{a.description}</span>
        </span>
      </Button>
      <FavoriteToggle a={a} pending={fav.isPending} onToggle={() => fav.mutate(a)} />
    </li>
  );
}

export function FavoriteToggle({ a, pending, onToggle }: { a: AssistantSummary; pending: boolean; onToggle(): void }) {
  const { t } = useTranslation("assistant");
  return (
    <ToggleButton className="icon-button asst-fav" isSelected={a.favorite} isDisabled={pending} onChange={onToggle}
      aria-label={t("favorite.toggle", { title: a.title })}>
      <AsstIcon name="star" filled={a.favorite} />
    </ToggleButton>
  );
}
