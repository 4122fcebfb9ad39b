// What the address book's screens open over the list: the card (view, edit or new), import and export. The
// layout (contact.route.tsx) holds the state; the side pane and the list ask through this context.
import { createContext, useContext } from "react";

export type CardOpen = { kind: "view"; id: number } | { kind: "edit"; id: number } | { kind: "new"; groupId?: number };

export interface ContactUi {
  openCard(o: CardOpen): void;
  openImport(): void;
  openExport(cardIdList?: number[]): void;
}

export const ContactUiContext = createContext<ContactUi>({ openCard() {}, openImport() {}, openExport() {} });
export const useContactUi = () => useContext(ContactUiContext);
