// Dragging cards from the list onto a group of the side pane moves them there (as "move to group" does; the
// keyboard and the bulk bar do the same without a mouse). The dragged row's cards travel as a list of ids.
export const CARD_DRAG_TYPE = "application/x-contact-cards";

export function dragCards(e: React.DragEvent, ids: number[]) {
  e.dataTransfer.setData(CARD_DRAG_TYPE, JSON.stringify(ids));
  e.dataTransfer.effectAllowed = "move";
}

export function draggedCards(e: React.DragEvent): number[] | null {
  const raw = e.dataTransfer.getData(CARD_DRAG_TYPE);
  if (!raw) return null;
  try {
    const ids = JSON.parse(raw);
    return Array.isArray(ids) && ids.every((n) => Number.isSafeInteger(n) && n > 0) ? ids : null;
  } catch {
    return null;
  }
}

export const carriesCards = (e: React.DragEvent) => e.dataTransfer.types.includes(CARD_DRAG_TYPE);
