// The JSON API's shapes (spec sections 3 and 7): the pages and their /api twins call the same domain
// functions; only here are their results shaped for an API client.
import { dateKey, windowLabel } from "~/lib/dates";
import { now } from "~/lib/clock";
import { CURRENCY } from "~/lib/pricing";
import { MIN_LEAD_MS, type SlotView } from "~/lib/slots";
import { offeredSlots } from "~/services/booking/slots.server";
import { databaseStamp } from "~/services/platform/shared-reads.server";
import { jsonBody, jsonBodyCache } from "./cached-json.server";
import type { PickupRow } from "~/services/pickups/pickups.server";
import type { PickupRequest } from "../../../db/schema";

/** A pickup slot. */
export function slotJson(slot: SlotView, lng = "en") {
  return {
    id: slot.id,
    pickupDate: slot.date,
    window: slot.window,
    timeWindow: windowLabel(slot.window, lng),
    startsAt: new Date(slot.startsAt).toISOString(),
    maxCapacity: slot.maxCapacity,
    currentBooked: slot.currentBooked,
    serviceAreas: slot.serviceAreas,
  };
}

/**
 * Serialized /api/pickup-slots bodies (about 40 KB each, mostly the served prefixes of each slot) by
 * what they depend on: the database's stamp (platform/shared-reads: any write of this process or another
 * changes it, so no write path can leave a body stale), the prefix, the language, and the Montreal date
 * (the last bookable date moves at midnight). Each also stops being used when its first slot comes within
 * 24 hours. Bounded: every served prefix in both languages, twice.
 */
const slotLists = jsonBodyCache(512);

export function slotListBody(fsa: string | null, lng: string, at = now()) {
  const build = () => {
    const slots = offeredSlots(fsa, at);
    const first = slots[0];
    return {
      data: slots.map((slot) => slotJson(slot, lng)),
      validUntil: first ? first.startsAt - MIN_LEAD_MS : Number.POSITIVE_INFINITY,
    };
  };
  const stamp = databaseStamp();
  if (stamp === null) return jsonBody(build().data);
  return slotLists.get(`${stamp}|${dateKey(at)}|${fsa ?? "*"}|${lng}`, at, build);
}

/** A pickup just booked (POST /api/pickup-requests). */
export function bookedPickupJson(pickup: PickupRequest) {
  return {
    id: pickup.id,
    confirmationNumber: pickup.confirmationNumber,
    bagsRequested: pickup.bagsRequested,
    pickupSlotId: pickup.pickupSlotId,
    totalPrice: pickup.totalCents / 100,
    address: pickup.address,
    status: pickup.status,
    createdAt: new Date(pickup.createdAt).toISOString(),
    ...contractJson(pickup),
  };
}

/** The terms a pickup's resident accepted (issue 43): version, when (ISO), the contract's language; nulls before. */
function contractJson(contract: Pick<PickupRequest, "termsVersion" | "termsAcceptedAt" | "contractLanguage">) {
  return {
    termsVersion: contract.termsVersion,
    termsAcceptedAt: contract.termsAcceptedAt === null ? null : new Date(contract.termsAcceptedAt).toISOString(),
    contractLanguage: contract.contractLanguage,
  };
}

/** A pickup request as My Orders lists it. */
export function orderJson(order: PickupRow, lng = "en") {
  return {
    id: order.id,
    confirmationNumber: order.confirmationNumber,
    bagsRequested: order.bagsRequested,
    pickupSlotId: order.slot.id,
    pickupSlot: {
      id: order.slot.id,
      pickupDate: order.slot.date,
      timeWindow: windowLabel(order.slot.window, lng),
      serviceAreas: order.slot.serviceAreas,
    },
    totalPrice: order.price.totalCents / 100,
    address: order.address,
    status: order.status,
    displayStatus: order.displayStatus,
    createdAt: new Date(order.createdAt).toISOString(),
    canModify: order.changes.allowed,
    canCancel: order.changes.allowed,
    ...contractJson(order.contract),
  };
}

/** One order with its receipt: the price breakdown, the payment and the tax numbers. */
export function orderDetailJson(order: PickupRow, tax: { gst: string; qst: string }, lng = "en") {
  return {
    ...orderJson(order, lng),
    priceBreakdown: {
      listPrice: order.price.listPriceCents / 100,
      multiBagDiscount: order.price.multiBagDiscountCents / 100,
      serviceFee: order.price.serviceFeeCents / 100,
      promoDiscount: order.price.promoDiscountCents / 100,
      subtotal: order.price.subtotalCents / 100,
      gst: order.price.gstCents / 100,
      qst: order.price.qstCents / 100,
      total: order.price.totalCents / 100,
      currency: CURRENCY.toUpperCase(),
    },
    payment: order.payment,
    taxNumbers: tax,
  };
}
