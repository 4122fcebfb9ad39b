// The top bar's AI assistant button (002 §2 "A dialog with pages HOME, AGENTS, AGENT, CHAT, EDITOR, PERSONA").
// The shell loads this file lazily and only for companies the plan rule allows (002 §6); the dialog itself loads
// on first use. Where the dialog is (open, page, chat) is kept for the tab, so a reload opens it again on the
// same chat and a running answer is re-attached to.
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "react-aria-components";
import { SvgIcon } from "../../ui/icons.tsx";
import { loadPlace, type Place, savePlace } from "./place.ts";

const AssistantDialog = lazy(() => import("./AssistantDialog.tsx"));

export const SPARKLE = "M12 3l1.8 4.7L18.5 9.5l-4.7 1.8L12 16l-1.8-4.7L5.5 9.5l4.7-1.8zM19 15l.8 2.2L22 18l-2.2.8L19 21l-.8-2.2L16 18l2.2-.8zM5 15l.6 1.4L7 17l-1.4.6L5 19l-.6-1.4L3 17l1.4-.6z";

export default function AssistantButton() {
  const { t } = useTranslation("assistant");
  const [place, setPlace] = useState<Place | null>(loadPlace);
  const go = (p: Place | null) => {
    savePlace(p);
    setPlace(p);
  };
  return (
    <>
      <Button className="icon-button" aria-label={t("open")} aria-expanded={!!place} onPress={() => go(place ?? { page: "HOME" })}>
        <SvgIcon d={SPARKLE} size={20} />
      </Button>
      {place && (
        <Suspense fallback={null}>
          <AssistantDialog place={place} onPlace={go} />
        </Suspense>
      )}
    </>
  );
}
