// Error codes of the home dashboard (the spec names none: home.<reason>). Bad input answers 400
// common.validation with the fields in errors[] (an overlapping or duplicate widget: errors[].field "widgets").
export const HOME_ERRORS = {
  /** 403: the company has useHome off. */
  disabled: "home.disabled",
  /** 404: no bookmark of the caller with that id (a colleague's answers the same). */
  bookmarkNotFound: "home.bookmark_not_found",
  /** 409: BOOKMARKS_MAX reached (params.max). */
  bookmarksMax: "home.bookmarks_max",
  /** 404: no such widget, or one without server data (etc-1). */
  widgetNotFound: "home.widget_not_found",
  /** 403: the account does not use the widget's module. */
  moduleUnused: "home.module_unused",
} as const;

export const HOME_ERROR_MESSAGES = {
  "home.disabled": "The home dashboard is not in use in this company.",
  "home.bookmark_not_found": "The bookmark was not found.",
  "home.bookmarks_max": "You can keep at most {{max}} bookmarks.",
  "home.widget_not_found": "The widget was not found.",
  "home.module_unused": "Your account does not use this widget's module.",
} as const;
