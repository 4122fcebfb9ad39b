// Selection and keyboard of the list grid (issue 6 "Keyboard"): one tab stop, the focused row moves with the
// arrow keys, Home and End; Enter opens; Space selects; Shift extends a range (keys or click); Ctrl+A selects
// the page; r reply, a reply all, f forward, Delete or # delete, u read/unread, s star, ? the help.
import { useCallback, useEffect, useRef, useState } from "react";
import type { MailListItem } from "@shared/mail/reading.ts";

export interface ListKeyHandlers {
  open(m: MailListItem): void;
  reply(m: MailListItem, all: boolean): void;
  forward(rows: MailListItem[]): void;
  remove(rows: MailListItem[]): void;
  toggleRead(rows: MailListItem[]): void;
  toggleStar(rows: MailListItem[]): void;
  help(): void;
}

export function useListSelection(mails: MailListItem[], resetKey: string, openMailId?: number) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [focus, setFocus] = useState(0);
  const anchor = useRef<number | null>(null);
  const moveFocus = useRef(false);

  // A new folder, page or search starts with nothing selected and the open (or first) row focused.
  useEffect(() => {
    setSelected(new Set());
    anchor.current = null;
  }, [resetKey]);
  // The mail whose row (or a control in it) had the DOM focus last, and the focused index as of now.
  const lastRowId = useRef<number | null>(null);
  const focusNow = useRef(focus);
  focusNow.current = focus;
  useEffect(() => {
    const i = openMailId === undefined ? -1 : mails.findIndex((m) => m.mailId === openMailId);
    const next = i >= 0 ? i : Math.min(focusNow.current, Math.max(0, mails.length - 1));
    // An updater: a row focused since the last render (focusRow, as the list comes back) keeps the focus.
    setFocus((f) => (i >= 0 ? i : Math.min(f, Math.max(0, mails.length - 1))));
    // The focused row left the page (deleted, moved): the row now at its place takes the focus, so the
    // keys go on working without a click. Only when the focus fell to the page (not when it went elsewhere).
    const last = lastRowId.current;
    const active = document.activeElement;
    if (last !== null && mails[next] && !mails.some((m) => m.mailId === last) && (!active || active === document.body)) {
      lastRowId.current = mails[next].mailId;
      document.getElementById(`mail-row-${mails[next].mailId}`)?.focus();
    }
    // Rows gone from the page (moved, deleted) leave the selection.
    setSelected((s) => {
      const ids = new Set(mails.map((m) => m.mailId));
      const kept = [...s].filter((id) => ids.has(id));
      return kept.length === s.size ? s : new Set(kept);
    });
  }, [mails, openMailId]);

  /** For the grid's onFocus: remembers the row the focus is in. */
  const onFocus = useCallback((e: React.FocusEvent) => {
    const row = (e.target as HTMLElement).closest<HTMLElement>("[role=row][data-mail-id]");
    if (row) lastRowId.current = Number(row.dataset.mailId);
  }, []);

  // After a key moved the focus, the row itself takes the DOM focus.
  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    const m = mails[focus];
    if (m) document.getElementById(`mail-row-${m.mailId}`)?.focus();
  }, [focus, mails]);

  /** Selects the row (toggle), or with `range` every row from the last one picked to this one. */
  const select = useCallback((index: number, range: boolean) => {
    setSelected((s) => {
      const next = new Set(s);
      if (range && anchor.current !== null) {
        const [a, b] = anchor.current < index ? [anchor.current, index] : [index, anchor.current];
        for (let i = a; i <= b; i++) if (mails[i]) next.add(mails[i].mailId);
      } else {
        const id = mails[index]?.mailId;
        if (id === undefined) return s;
        if (next.has(id)) next.delete(id);
        else next.add(id);
        anchor.current = index;
      }
      return next;
    });
  }, [mails]);

  /** Puts the focus on a rendered row now; its index becomes the grid's one tab stop. */
  const focusRow = useCallback((index: number) => {
    const m = mails[index];
    if (!m) return;
    lastRowId.current = m.mailId;
    setFocus(index);
    document.getElementById(`mail-row-${m.mailId}`)?.focus();
  }, [mails]);

  const selectAll = useCallback((all: boolean) => setSelected(all ? new Set(mails.map((m) => m.mailId)) : new Set()), [mails]);
  const selectedRows = mails.filter((m) => selected.has(m.mailId));

  function onKeyDown(e: React.KeyboardEvent, h: ListKeyHandlers) {
    if (!mails.length) return;
    const el = e.target as HTMLElement;
    if (el.closest("input[type=text], textarea, [contenteditable=true]")) return;
    // A row's own controls (after a click) keep their Enter and Space.
    if ((e.key === "Enter" || e.key === " ") && el.closest("button, input")) return;
    const current = mails[focus];
    /** The rows a key acts on: the selection, or the focused row when nothing is selected. */
    const targets = selectedRows.length ? selectedRows : current ? [current] : [];
    const go = (i: number) => {
      const to = Math.max(0, Math.min(mails.length - 1, i));
      moveFocus.current = true;
      if (e.shiftKey) {
        if (anchor.current === null) anchor.current = focus;
        const [a, b] = anchor.current < to ? [anchor.current, to] : [to, anchor.current];
        setSelected(new Set(mails.slice(a, b + 1).map((m) => m.mailId)));
      }
      setFocus(to);
      // The same index again (first or last row) still needs the DOM focus.
      if (to === focus) document.getElementById(`mail-row-${mails[to].mailId}`)?.focus();
    };
    const mod = e.ctrlKey || e.metaKey || e.altKey;
    let handled = true;
    switch (e.key) {
      case "ArrowDown":
        go(focus + 1);
        break;
      case "ArrowUp":
        go(focus - 1);
        break;
      case "Home":
        go(0);
        break;
      case "End":
        go(mails.length - 1);
        break;
      case "Enter":
        if (current && !mod) h.open(current);
        break;
      case " ":
        if (current) {
          anchor.current = focus;
          select(focus, false);
        }
        break;
      case "Delete":
      case "#":
        h.remove(targets);
        break;
      default:
        handled = false;
    }
    if (!handled && mod && (e.key === "a" || e.key === "A") && (e.ctrlKey || e.metaKey)) {
      selectAll(true);
      handled = true;
    } else if (!handled && !mod && current) {
      handled = true;
      switch (e.key) {
        case "r":
          h.reply(current, false);
          break;
        case "a":
          h.reply(current, true);
          break;
        case "f":
          h.forward(targets);
          break;
        case "u":
          h.toggleRead(targets);
          break;
        case "s":
          h.toggleStar(targets);
          break;
        case "?":
          h.help();
          break;
        default:
          handled = false;
      }
    }
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  }

  return { selected, selectedRows, focus, setFocus, focusRow, select, selectAll, onKeyDown, onFocus };
}
