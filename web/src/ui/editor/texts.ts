// The texts of the rich-text editor. web/src/ui imports no module, so the caller passes a function answering
// each key in the user's language (the mail composer: mail:compose.editor.*, boards: board:write.editor.*).
export type EditorTextKey =
  | "toolbar" | "textGroup" | "blockGroup" | "bold" | "italic" | "underline" | "strike"
  | "fontSize" | "fontSizes" | "color" | "colors" | "colorNone"
  | "colorName.black" | "colorName.gray" | "colorName.red" | "colorName.orange" | "colorName.green" | "colorName.blue" | "colorName.purple"
  | "bulletList" | "orderedList" | "quote" | "alignLeft" | "alignCenter" | "alignRight"
  | "link" | "unlink" | "linkUrl" | "linkInvalid" | "linkApply" | "cancel" | "undo" | "redo"
  // Only when the editor has images, tables or mentions:
  | "image" | "table" | "tableInsert" | "tableAddRow" | "tableAddColumn" | "tableDeleteRow" | "tableDeleteColumn" | "tableDelete"
  | "mentionList" | "mentionEmpty";

/** fontSize takes { size }. */
export type EditorTexts = (key: EditorTextKey, vars?: Record<string, unknown>) => string;
