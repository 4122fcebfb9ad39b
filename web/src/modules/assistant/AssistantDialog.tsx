// The assistant dialog (002 §2): HOME, AGENTS, AGENT, CHAT, EDITOR, PERSONA in one large modal (the whole screen
// at phone width). A navigation row leads to the main pages; AGENT and EDITOR open from the assistants.
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Button, Dialog, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Icon } from "../../ui/icons.tsx";
import type { Place } from "./place.ts";
import { NavContext } from "./nav.ts";
import { HomePage } from "./pages/HomePage.tsx";
import { AgentsPage } from "./pages/AgentsPage.tsx";
import { AgentPage } from "./pages/AgentPage.tsx";
import { ChatPage } from "./chat/ChatPage.tsx";
import { EditorPage } from "./pages/EditorPage.tsx";
import { PersonaPage } from "./pages/PersonaPage.tsx";
import "../../ui/ui.css";
import "./assistant.css";

const MAIN_PAGES = ["HOME", "AGENTS", "CHAT", "PERSONA"] as const;

export default function AssistantDialog({ place, onPlace }: { place: Place; onPlace(p: Place | null): void }) {
  const { t } = useTranslation("assistant");
  const close = () => onPlace(null);
  const current = place.page === "AGENT" || place.page === "EDITOR" ? "AGENTS" : place.page;
  return (
    <ModalOverlay isOpen isDismissable onOpenChange={(open) => !open && close()} className="modal-overlay asst-overlay">
      <Modal className="modal asst-modal">
        <Dialog className="asst-dialog" aria-labelledby="asst-title">
          <NavContext.Provider value={{ place, go: onPlace, close }}>
            <header className="asst-head">
              <Heading slot="title" id="asst-title" className="asst-title">{t("title")}</Heading>
              <nav className="asst-nav" aria-label={t("nav")}>
                {MAIN_PAGES.map((p) => (
                  <Button key={p} className="asst-nav-item" aria-current={current === p ? "page" : undefined}
                    onPress={() => onPlace({ page: p })}>
                    {t(`page.${p}`)}
                  </Button>
                ))}
              </nav>
              <Button className="icon-button asst-close" aria-label={t("close")} onPress={close}>
                <Icon name="close" size={20} />
              </Button>
            </header>
            <div className="asst-body">
              <Suspense fallback={<p className="asst-muted asst-pad">{t("loading")}</p>}>
                <Page place={place} />
              </Suspense>
            </div>
          </NavContext.Provider>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

function Page({ place }: { place: Place }) {
  switch (place.page) {
    case "HOME":
      return <HomePage />;
    case "AGENTS":
      return <AgentsPage />;
    case "AGENT":
      return place.assistantId ? <AgentPage key={place.assistantId} id={place.assistantId} /> : <AgentsPage />;
    case "CHAT":
      return <ChatPage />;
    case "EDITOR":
      return <EditorPage key={place.assistantId ?? "new"} id={place.assistantId} />;
    case "PERSONA":
      return <PersonaPage />;
  }
}
