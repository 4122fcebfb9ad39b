// A kanban board (to-do's kanban view, flow's task kanban): lanes side by side (title, colour, count, cards),
// scrolled sideways on phones. A card moves by dragging it (between lanes and within one; a line shows where it
// lands) or from its menu, which the keyboard reaches: "move to <lane>", "up", "down". Either way the caller
// gets onMove(cardId, toLaneId, beforeCardId | null): the card lands before that card, or last. The caller
// changes its data (optimistically, rolling back on failure); the board only shows what it is given, keeps the
// focus on the moved card's menu button and announces the move. Texts: common:work.kanban.
// A lane draws its first FIRST_CARDS cards with the board and the rest in a transition right after it (React
// draws them in slices between which the page takes input): flow's 5 lanes of 50 cards at once held the main
// thread ≈ 250 ms before the board could be used.
import { type ReactNode, startTransition, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button as AriaButton, Menu, MenuItem, MenuSection, MenuTrigger, Popover, Header } from "react-aria-components";
import { SvgIcon } from "../icons.tsx";
import "./work.css";

export type CardId = number | string;

export interface KanbanCardView {
  id: CardId;
  title: string;
}

export interface KanbanLaneView<C extends KanbanCardView> {
  id: string;
  title: string;
  /** #rrggbb: the lane's top border and dot. */
  color?: string;
  /** Shown as the lane's count (cards.length when absent: more may be loaded later). */
  count?: number;
  cards: C[];
}

export interface KanbanBoardProps<C extends KanbanCardView> {
  label: string;
  lanes: KanbanLaneView<C>[];
  /** Whether cards may be moved: all of them, or card by card (a board mixing projects with different rights). */
  canMove: boolean | ((card: C) => boolean);
  onMove(cardId: CardId, toLaneId: string, beforeCardId: CardId | null): void;
  /** Opens a card (its title is a button). */
  onOpen(card: C, lane: KanbanLaneView<C>): void;
  /** What a card shows under its title. */
  renderCard?(card: C, lane: KanbanLaneView<C>): ReactNode;
  /** Under a lane's cards (add a card, load more). */
  laneFooter?(lane: KanbanLaneView<C>): ReactNode;
}

const DRAG_TYPE = "application/x-work-card";
/** Cards a lane draws with the board: more than a tall screen shows. */
const FIRST_CARDS = 12;
const dotsIcon = "M12 6h.01M12 12h.01M12 18h.01";

interface DropAt {
  laneId: string;
  before: CardId | null;
}

export function KanbanBoard<C extends KanbanCardView>({ label, lanes, canMove, onMove, onOpen, renderCard, laneFooter }: KanbanBoardProps<C>) {
  const { t } = useTranslation("common");
  const [dragging, setDraggingState] = useState<CardId | null>(null);
  /** The card being dragged, read by the drag events before React has drawn the state. */
  const draggingRef = useRef<CardId | null>(null);
  const setDragging = (id: CardId | null) => {
    draggingRef.current = id;
    setDraggingState(id);
  };
  const [dropAt, setDropAt] = useState<DropAt | null>(null);
  const [announce, setAnnounce] = useState("");
  const focusAfter = useRef<{ card: CardId; lane: string } | null>(null);
  const root = useRef<HTMLDivElement>(null);
  const uid = useId();
  const [allCards, setAllCards] = useState(false);
  useEffect(() => startTransition(() => setAllCards(true)), []);

  // After a move the card is drawn in its new place: its menu button takes the focus back, once the closing
  // menu has given the focus back to its (old, now gone) trigger. A render before the card has reached its new
  // lane (the announcement's, the closing menu's) waits: focusing the old card's button would lose the focus
  // when that card goes.
  useEffect(() => {
    const wanted = focusAfter.current;
    if (wanted === null || !lanes.find((l) => l.id === wanted.lane)?.cards.some((c) => c.id === wanted.card)) return;
    const id = String(wanted.card);
    focusAfter.current = null;
    requestAnimationFrame(() => {
      requestAnimationFrame(() => {
        const button = root.current?.querySelector<HTMLElement>(`[data-card-menu="${CSS.escape(id)}"]`);
        button?.focus();
        button?.closest("li")?.scrollIntoView({ block: "nearest", inline: "nearest" });
      });
    });
  });

  function move(card: C, toLane: KanbanLaneView<C>, before: CardId | null, refocus: boolean) {
    if (before === card.id) return;
    if (refocus) focusAfter.current = { card: card.id, lane: toLane.id };
    onMove(card.id, toLane.id, before);
    setAnnounce(t("work.kanban.moved", { title: card.title, lane: toLane.title }));
  }

  function laneOf(cardId: CardId) {
    return lanes.find((l) => l.cards.some((c) => c.id === cardId));
  }

  /** Where a drag over lane `lane` at clientY would drop: before the first card whose middle is below. */
  function dropPoint(lane: KanbanLaneView<C>, list: HTMLElement, clientY: number): DropAt {
    const items = [...list.querySelectorAll<HTMLElement>(":scope > [data-card-id]")];
    for (const el of items) {
      const r = el.getBoundingClientRect();
      if (clientY < r.top + r.height / 2) {
        const id = lane.cards.find((c) => String(c.id) === el.dataset.cardId)?.id ?? null;
        return { laneId: lane.id, before: id };
      }
    }
    return { laneId: lane.id, before: null };
  }

  function drop(lane: KanbanLaneView<C>, at: DropAt) {
    const id = draggingRef.current;
    if (id === null) return;
    const from = laneOf(id);
    const card = from?.cards.find((c) => c.id === id);
    setDragging(null);
    setDropAt(null);
    if (!card || !from) return;
    // Dropped where it already is: nothing to do.
    const idx = from.cards.indexOf(card);
    const nextId = from.cards[idx + 1]?.id ?? null;
    if (from.id === lane.id && (at.before === card.id || at.before === nextId)) return;
    move(card, lane, at.before, false);
  }

  return (
    <div ref={root} className="wk-kanban" role="region" aria-label={label}>
      <div className="wk-lanes">
        {lanes.map((lane, laneIndex) => {
          // Lane ids may hold spaces (labels): the element ids take the lane's place instead.
          const headId = `${uid}-lane${laneIndex}`;
          const over = dropAt?.laneId === lane.id;
          return (
            <section key={lane.id} className="wk-lane" aria-labelledby={`${headId}-t`} data-drop-over={over || undefined}
              style={lane.color ? { borderTopColor: lane.color } : undefined}>
              <h3 className="wk-lane-head">
                {lane.color && <span className="wk-dot" style={{ background: lane.color }} aria-hidden="true" />}
                <span id={`${headId}-t`} className="wk-lane-title">{lane.title}</span>
                <span className="wk-lane-count" aria-hidden="true">{lane.count ?? lane.cards.length}</span>
                <span className="visually-hidden">{t("work.kanban.count", { count: lane.count ?? lane.cards.length })}</span>
              </h3>
              <ul className="wk-cards"
                // Both enter and over are taken, or the browser does not drop here.
                onDragEnter={(e) => {
                  if (draggingRef.current !== null) e.preventDefault();
                }}
                onDragOver={(e) => {
                  // A card of this board is being dragged (its data types are not always readable during the drag).
                  if (draggingRef.current === null) return;
                  e.preventDefault();
                  e.dataTransfer.dropEffect = "move";
                  const at = dropPoint(lane, e.currentTarget, e.clientY);
                  if (at.laneId !== dropAt?.laneId || at.before !== dropAt?.before) setDropAt(at);
                }}
                onDragLeave={(e) => {
                  if (!e.currentTarget.contains(e.relatedTarget as Node | null) && dropAt?.laneId === lane.id) setDropAt(null);
                }}
                onDrop={(e) => {
                  if (draggingRef.current === null) return;
                  e.preventDefault();
                  drop(lane, dropPoint(lane, e.currentTarget, e.clientY));
                }}>
                {(allCards ? lane.cards : lane.cards.slice(0, FIRST_CARDS)).map((card, i) => {
                  const movable = typeof canMove === "function" ? canMove(card) : canMove;
                  return (
                  <li key={card.id} className="wk-card" data-card-id={String(card.id)} draggable={movable}
                    data-dragging={dragging === card.id || undefined}
                    data-drop-before={(over && dropAt?.before === card.id) || undefined}
                    onDragStart={(e) => {
                      if (!movable) return;
                      e.dataTransfer.setData(DRAG_TYPE, String(card.id));
                      e.dataTransfer.setData("text/plain", card.title);
                      e.dataTransfer.effectAllowed = "move";
                      setDragging(card.id);
                    }}
                    onDragEnd={() => {
                      setDragging(null);
                      setDropAt(null);
                    }}>
                    <div className="wk-card-head">
                      {/* A native button: react-aria's would cancel the card's native drag when it starts on the title. */}
                      <button type="button" className="wk-card-title" draggable={movable || undefined} onClick={() => onOpen(card, lane)}>
                        {card.title}
                      </button>
                      {movable && (
                        <MenuTrigger>
                          <AriaButton className="icon-button wk-card-menu" data-card-menu={String(card.id)}
                            aria-label={t("work.kanban.menu", { title: card.title })}>
                            <SvgIcon d={dotsIcon} size={18} />
                          </AriaButton>
                          <Popover className="menu-popover" placement="bottom end">
                            <Menu className="menu" aria-label={t("work.kanban.menu", { title: card.title })}
                              onAction={(key) => {
                                const k = String(key);
                                if (k === "up" && i > 0) move(card, lane, lane.cards[i - 1].id, true);
                                else if (k === "down" && i < lane.cards.length - 1) move(card, lane, lane.cards[i + 2]?.id ?? null, true);
                                else if (k.startsWith("lane:")) {
                                  const to = lanes.find((l) => `lane:${l.id}` === k);
                                  if (to) move(card, to, null, true);
                                }
                              }}>
                              <MenuSection>
                                <MenuItem id="up" className="menu-item" isDisabled={i === 0}>{t("work.kanban.up")}</MenuItem>
                                <MenuItem id="down" className="menu-item" isDisabled={i === lane.cards.length - 1}>{t("work.kanban.down")}</MenuItem>
                              </MenuSection>
                              <MenuSection>
                                <Header className="wk-menu-header">{t("work.kanban.moveTo")}</Header>
                                {lanes.filter((l) => l.id !== lane.id).map((l) => (
                                  <MenuItem key={l.id} id={`lane:${l.id}`} className="menu-item" textValue={l.title}>
                                    <span className="wk-menu-lane">
                                      {l.color && <span className="wk-dot" style={{ background: l.color }} aria-hidden="true" />}
                                      {l.title}
                                    </span>
                                  </MenuItem>
                                ))}
                              </MenuSection>
                            </Menu>
                          </Popover>
                        </MenuTrigger>
                      )}
                    </div>
                    {renderCard?.(card, lane)}
                  </li>
                  );
                })}
                {over && dropAt?.before === null && <li className="wk-drop-end" aria-hidden="true" />}
                {lane.cards.length === 0 && !over && <li className="wk-lane-empty wk-muted">{t("work.kanban.empty")}</li>}
              </ul>
              {laneFooter?.(lane)}
            </section>
          );
        })}
      </div>
      <div className="visually-hidden" aria-live="polite">{announce}</div>
    </div>
  );
}
