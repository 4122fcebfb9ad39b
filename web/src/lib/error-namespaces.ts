// Where the text of a server error code (shared/errors.ts) lives. Most codes are in the "errors" namespace,
// which every page loads at start; a module's own codes are a namespace of their own ("mail.*" →
// mailErrors), loaded with the signed-in app and the module's public pages (loadModuleErrorTexts in
// lib/i18n.ts), so the sign-in page does not carry them.
export const MODULE_ERROR_NAMESPACES: Readonly<Record<string, string>> = { mail: "mailErrors", calendar: "calendarErrors", external: "externalErrors", contact: "contactErrors", customer: "customerErrors", drive: "driveErrors", resource: "resourceErrors", approval: "approvalErrors", leave: "leaveErrors", board: "boardErrors", wiki: "wikiErrors", todo: "todoErrors", flow: "flowErrors", messenger: "messengerErrors", assistant: "assistantErrors", home: "homeErrors", notifications: "notificationsErrors" };

/** The namespace holding the text of `code`: its module's, or "errors". */
export function errorNamespace(code: string): string {
  const dot = code.indexOf(".");
  return (dot > 0 && MODULE_ERROR_NAMESPACES[code.slice(0, dot)]) || "errors";
}
