// What the booking screens share: the booking dialog, opened from the grid (a drag, a slot by keyboard, a booking),
// the quick booking, and the lists.
import { createContext, useContext } from "react";
import type { Booking } from "@shared/resource/resources.ts";
import { DEFAULT_BOOKING_MINUTES } from "@shared/resource/constants.ts";
import { moment, quickStart, timeOf } from "./dates.ts";

/** A new booking's starting values (the dialog's "save" mode). */
export interface BookingDraft {
  resourceId: number | null;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
}

export type BookingDialogState = { mode: "save"; draft: BookingDraft } | { mode: "update"; booking: Booking } | { mode: "view"; booking: Booking };

export interface ResourceUi {
  openBooking(state: BookingDialogState): void;
}

export const ResourceUiContext = createContext<ResourceUi>({ openBooking: () => {} });
export const useResourceUi = () => useContext(ResourceUiContext);

/** The quick booking's draft (002 §5: from now, rounded up to the next slot, to one hour later), any resource. */
export function quickDraft(now = new Date()): BookingDraft {
  const s = quickStart(now);
  const end = moment(s.date, s.min + DEFAULT_BOOKING_MINUTES);
  return { resourceId: null, startDate: s.date, startTime: timeOf(s.min), endDate: end.date, endTime: end.time };
}
