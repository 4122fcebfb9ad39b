// The dialog's navigation: the page shown and a way to another one, for every page of the dialog.
import { createContext, useContext } from "react";
import type { Place } from "./place.ts";

export interface AssistantNav {
  place: Place;
  go(p: Place): void;
  close(): void;
}

export const NavContext = createContext<AssistantNav | null>(null);

export function useNav(): AssistantNav {
  const nav = useContext(NavContext);
  if (!nav) throw new Error("useNav outside the assistant dialog");
  return nav;
}
