// The board a post goes to: the boards of the tree the user may write on (userPrivilege WRITE or MANAGE),
// indented under their groups and parents; groups and boards the user only reads show as context and cannot be
// chosen (react-aria Select: keyboard, typeahead, disabled options skipped).
import { Button as AriaButton, FieldError, Label, ListBox, ListBoxItem, Popover, Select, SelectValue } from "react-aria-components";
import type { BoardNode } from "@shared/board/boards.ts";
import { privilegeRank } from "@shared/board/constants.ts";
import { Icon } from "../../../ui/icons.tsx";

export interface BoardChoice {
  id: number;
  name: string;
  depth: number;
  writable: boolean;
  group: boolean;
}

const writable = (b: BoardNode) => b.boardType === "BOARD" && privilegeRank(b.userPrivilege) >= privilegeRank("WRITE");

/** The tree's nodes that are, or hold, boards the user may write on (special folders left out). */
export function boardChoices(nodes: BoardNode[], depth = 0): BoardChoice[] {
  return nodes.filter((b) => b.id > 0).flatMap((b) => {
    const below = boardChoices(b.children ?? [], depth + 1);
    if (!writable(b) && !below.length) return [];
    return [{ id: b.id, name: b.name, depth, writable: writable(b), group: b.boardType === "GROUP" }, ...below];
  });
}

export function BoardSelect({ label, choices, value, onChange, errorMessage, placeholder }: {
  label: string;
  choices: BoardChoice[];
  value: number | null;
  onChange(id: number): void;
  errorMessage?: string;
  placeholder: string;
}) {
  return (
    <Select className="field ui-select bw-board" selectedKey={value === null ? null : String(value)} placeholder={placeholder}
      onSelectionChange={(k) => k !== null && onChange(Number(k))} isInvalid={!!errorMessage}
      disabledKeys={choices.filter((c) => !c.writable).map((c) => String(c.id))}>
      <Label className="field-label">{label}</Label>
      <AriaButton className="field-input ui-select-button">
        <SelectValue className="ui-select-value" />
        <Icon name="chevronDown" size={16} />
      </AriaButton>
      <FieldError className="field-error">{errorMessage}</FieldError>
      <Popover className="menu-popover ui-select-popover">
        <ListBox className="menu" items={choices}>
          {(c) => (
            <ListBoxItem id={String(c.id)} textValue={c.name} className={`menu-item ui-option${c.writable ? "" : " bw-board-context"}`}
              style={{ paddingInlineStart: 10 + c.depth * 16 }}>
              {({ isSelected }) => (
                <>
                  <span>{c.name}</span>
                  {isSelected && <Icon name="check" size={16} />}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </Select>
  );
}
