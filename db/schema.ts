// The whole database: one drizzle table per entity of the product spec and design decisions.
// Money is integer cents; instants are integer milliseconds since the epoch (UTC); calendar dates are
// 'YYYY-MM-DD' strings in America/New_York.
import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

const createdAt = () =>
  integer("created_at")
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull().unique(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["resident", "admin", "driver"] })
      .notNull()
      .default("resident"),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    streetAddress: text("street_address").notNull().default(""),
    unit: text("unit").notNull().default(""),
    city: text("city").notNull().default(""),
    province: text("province").notNull().default("QC"),
    postalCode: text("postal_code").notNull().default(""),
    postalFsa: text("postal_fsa").notNull().default(""),
    hasCompletedOnboarding: integer("has_completed_onboarding", { mode: "boolean" }).notNull().default(false),
    /** Where the address is (WGS 84); approximate: the centre of its postal prefix. Null: not known. */
    latitude: real("latitude"),
    longitude: real("longitude"),
    positionApproximate: integer("position_approximate", { mode: "boolean" }).notNull().default(false),
    /** For the driver: an optional phone number (E.164) and where the bags will be (200 characters). */
    phone: text("phone"),
    pickupNotes: text("pickup_notes").notNull().default(""),
    locale: text("locale", { enum: ["en", "fr"] })
      .notNull()
      .default("en"),
    createdAt: createdAt(),
    /** When the account was last signed in or used (issue 34: retention counts from here; null: its creation). */
    lastSeenAt: integer("last_seen_at"),
    /** When the e-mail warning that an unused account will be deleted was written (issue 34). */
    inactivityWarnedAt: integer("inactivity_warned_at"),
    /** Deleted (by the resident or by retention): the row is a tombstone with no personal field left. */
    deletedAt: integer("deleted_at"),
    /** Issue 35: the phone number's verification (a 6-digit code texted to it, only its hash kept). */
    phoneVerifiedAt: integer("phone_verified_at"),
    phoneCodeHash: text("phone_code_hash"),
    phoneCodeExpiresAt: integer("phone_code_expires_at"),
    phoneCodeAttempts: integer("phone_code_attempts").notNull().default(0),
    /** The number answered STOP: no text is sent to it until it is verified again. */
    smsStoppedAt: integer("sms_stopped_at"),
    /** The day-before reminder (on by default) and its channels; alerts and day-after e-mails may be turned off. */
    remindersEnabled: integer("reminders_enabled", { mode: "boolean" }).notNull().default(true),
    reminderChannels: text("reminder_channels", { enum: ["email", "sms", "both"] })
      .notNull()
      .default("email"),
    alertsEnabled: integer("alerts_enabled", { mode: "boolean" }).notNull().default(true),
    dayAfterEnabled: integer("day_after_enabled", { mode: "boolean" }).notNull().default(true),
    /** When the resident followed the link of the welcome e-mail (issue 33 part 11); null: not confirmed. */
    emailConfirmedAt: integer("email_confirmed_at"),
    /** The secret of the resident's private calendar feed (/calendar/{token}.ics); null: none made yet. */
    calendarToken: text("calendar_token").unique(),
    /** Issue 46 part 5: the operator who opened the account for a resident who called (when: createdAt); null otherwise. */
    createdById: integer("created_by_id").references((): AnySQLiteColumn => users.id),
  },
  (t) => [index("users_phone_idx").on(t.phone)],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    data: text("data").notNull().default("{}"),
    expiresAt: integer("expires_at").notNull(),
    createdAt: createdAt(),
    /** The browser's User-Agent when last seen, for the profile's list of sessions. */
    userAgent: text("user_agent").notNull().default(""),
    lastSeenAt: integer("last_seen_at"),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const passwordResetTokens = sqliteTable(
  "password_reset_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("password_reset_tokens_user_idx").on(t.userId)],
);

/** The welcome e-mail's "confirm your address" links: 24 hours, single use, only their hash kept. */
export const emailConfirmationTokens = sqliteTable(
  "email_confirmation_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("email_confirmation_tokens_user_idx").on(t.userId)],
);

/** Three-character postal prefixes (FSAs) the service covers. */
export const servicePrefixes = sqliteTable("service_prefixes", {
  fsa: text("fsa").primaryKey(),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  createdAt: createdAt(),
});

export const waitlistEntries = sqliteTable(
  "waitlist_entries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    fsa: text("fsa").notNull(),
    reason: text("reason", { enum: ["No Direct Access", "Outside Service Area"] }).notNull(),
    locale: text("locale", { enum: ["en", "fr"] })
      .notNull()
      .default("en"),
    notifiedAt: integer("notified_at"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("waitlist_email_fsa_uq").on(t.email, t.fsa)],
);

export const materials = sqliteTable("materials", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  category: text("category").notNull().unique(),
  nameEn: text("name_en").notNull(),
  nameFr: text("name_fr").notNull(),
  descriptionEn: text("description_en").notNull(),
  descriptionFr: text("description_fr").notNull(),
  preparationNoteEn: text("preparation_note_en").notNull(),
  preparationNoteFr: text("preparation_note_fr").notNull(),
  /** Everyday names of the things in this category ("AA battery|cellphone"), "|"-separated: searched, not shown. */
  itemsEn: text("items_en").notNull().default(""),
  itemsFr: text("items_fr").notNull().default(""),
  icon: text("icon").notNull(),
  color: text("color").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
});

/**
 * The local partners our materials go to (issue 42 part 11, the first piece of the "impact" domain): kept
 * by admins at /admin/partners, shown on the guide's last slide. `categories` is a JSON array of the
 * `materials.category` values the partner takes; `fateEn` / `fateFr` say what becomes of the material.
 */
export const partners = sqliteTable(
  "partners",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    city: text("city").notNull().default(""),
    /** An http(s) address, or "" for none. */
    website: text("website").notNull().default(""),
    categories: text("categories").notNull().default("[]"),
    fateEn: text("fate_en").notNull(),
    fateFr: text("fate_fr").notNull(),
    createdAt: createdAt(),
    updatedAt: integer("updated_at")
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (t) => [uniqueIndex("partners_name_unique").on(t.name)],
);
export type Partner = typeof partners.$inferSelect;

/**
 * Issue 47 parts 2 and 5: the depot's intake. For a date (the pickups' day) and a category, the sorted weight
 * in integer tenths of a kilogram and the partner it went to (its name as it was). One record per date and
 * category; a correction updates it (version + 1) and keeps the previous figures in `intakeCorrections`.
 */
export const intakeRecords = sqliteTable(
  "intake_records",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** 'YYYY-MM-DD', Montreal: the day of the pickups the weight came from. */
    date: text("date").notNull(),
    /** A `materials.category`. */
    category: text("category").notNull(),
    /** Integer tenths of a kilogram: 12.5 kg is 125. */
    kgTenths: integer("kg_tenths").notNull(),
    partnerId: integer("partner_id").references(() => partners.id, { onDelete: "set null" }),
    partnerName: text("partner_name").notNull().default(""),
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
    recordedAt: integer("recorded_at").notNull(),
    version: integer("version").notNull().default(1),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [uniqueIndex("intake_records_date_category_uq").on(t.date, t.category)],
);
export type IntakeRecord = typeof intakeRecords.$inferSelect;

/** Issue 47 part 5: every correction of an intake record: the figures before and after, why, who and when. */
export const intakeCorrections = sqliteTable(
  "intake_corrections",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    intakeId: integer("intake_id")
      .notNull()
      .references(() => intakeRecords.id),
    /** The record's version this correction made (2 for the first correction). */
    version: integer("version").notNull(),
    previousKgTenths: integer("previous_kg_tenths").notNull(),
    kgTenths: integer("kg_tenths").notNull(),
    previousPartnerName: text("previous_partner_name").notNull().default(""),
    partnerName: text("partner_name").notNull().default(""),
    reason: text("reason").notNull().default(""),
    correctedBy: integer("corrected_by").references(() => users.id, { onDelete: "set null" }),
    correctedAt: integer("corrected_at").notNull(),
  },
  (t) => [uniqueIndex("intake_corrections_intake_version_uq").on(t.intakeId, t.version)],
);

/** Weekly pattern the bookable slots are generated from. weekday: 1 = Monday ... 7 = Sunday. */
export const slotTemplates = sqliteTable(
  "slot_templates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    weekday: integer("weekday").notNull(),
    window: text("window", { enum: ["morning", "afternoon"] }).notNull(),
    capacity: integer("capacity").notNull(),
    /** JSON array of prefixes; an empty array means every active served prefix. */
    serviceAreas: text("service_areas").notNull().default("[]"),
    active: integer("active", { mode: "boolean" }).notNull().default(true),
  },
  (t) => [uniqueIndex("slot_templates_day_window_uq").on(t.weekday, t.window)],
);

export const pickupSlots = sqliteTable(
  "pickup_slots",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    date: text("date").notNull(),
    window: text("window", { enum: ["morning", "afternoon"] }).notNull(),
    startsAt: integer("starts_at").notNull(),
    endsAt: integer("ends_at").notNull(),
    maxCapacity: integer("max_capacity").notNull(),
    currentBooked: integer("current_booked").notNull().default(0),
    /** JSON array of the prefixes this slot serves. */
    serviceAreas: text("service_areas").notNull().default("[]"),
    closed: integer("closed", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("pickup_slots_date_window_uq").on(t.date, t.window),
    index("pickup_slots_starts_idx").on(t.startsAt),
  ],
);

/**
 * One checkout: a resident paying for bags on a slot, from the moment they reach the checkout page from
 * /booking (its id is a random token in the checkout's URL). It is paid at most once: every payment
 * started on it refers to it, and at most one pickup is booked for it. A row is written when its first
 * payment starts; before that the token is only in the URL.
 */
/**
 * Issue 43: the consumer's contract, on a checkout and on the pickup it books. The terms' version and when
 * they were accepted; for a contract in English, when the resident confirmed having received the French
 * terms first (Charter of the French language, s. 55). Null on pickups booked before acceptance existed.
 */
function contractColumns() {
  return {
    termsVersion: text("terms_version"),
    termsAcceptedAt: integer("terms_accepted_at"),
    frenchTermsReceivedAt: integer("french_terms_received_at"),
  };
}

export const checkouts = sqliteTable(
  "checkouts",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    bags: integer("bags").notNull(),
    slotId: integer("slot_id")
      .notNull()
      .references(() => pickupSlots.id),
    ...contractColumns(),
    /** The contract's language: French unless the resident expressly chose English (lib/contract). */
    contractLanguage: text("contract_language", { enum: ["fr", "en"] })
      .notNull()
      .default("fr"),
    /** Issue 45: when the resident consented to keep the card for later payments (null: no consent). */
    saveCardConsentAt: integer("save_card_consent_at"),
    /** Issue 45: the plan chosen at checkout (4 or 8 weeks), started when the checkout is fulfilled; null: none. */
    planIntervalWeeks: integer("plan_interval_weeks"),
    createdAt: createdAt(),
  },
  (t) => [index("checkouts_user_idx").on(t.userId)],
);

export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** The checkout this payment was started on (null for payments made before checkouts existed). */
    checkoutId: text("checkout_id").references(() => checkouts.id),
    provider: text("provider", { enum: ["simulated", "stripe", "free"] }).notNull(),
    /** The provider's id for the payment (PaymentIntent or Checkout Session id). */
    providerPaymentId: text("provider_payment_id").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull().default("cad"),
    status: text("status", {
      enum: ["requires_payment", "succeeded", "failed", "refunded", "partially_refunded"],
    })
      .notNull()
      .default("requires_payment"),
    /** JSON of what was priced: bags, slot, promo code and the price breakdown. */
    booking: text("booking").notNull(),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    failureCode: text("failure_code"),
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** Issue 45: a second payment of a booked pickup (a bag more): the pickup it pays for; null otherwise. */
    pickupRequestId: integer("pickup_request_id").references((): AnySQLiteColumn => pickupRequests.id),
    /** What a payment with a pickupRequestId pays for: "bag_change"; null for a booking's own payment. */
    purpose: text("purpose", { enum: ["bag_change"] }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("payments_user_idx").on(t.userId),
    index("payments_checkout_idx").on(t.checkoutId),
    index("payments_pickup_request_idx").on(t.pickupRequestId),
  ],
);

export const pickupRequests = sqliteTable(
  "pickup_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    confirmationNumber: text("confirmation_number").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    pickupSlotId: integer("pickup_slot_id")
      .notNull()
      .references(() => pickupSlots.id),
    /** One payment creates at most one pickup: the unique index is the last line of defence. */
    paymentId: integer("payment_id")
      .unique()
      .references(() => payments.id),
    /** One checkout books at most one pickup, whichever of its payments paid (null before checkouts). */
    checkoutId: text("checkout_id")
      .unique()
      .references(() => checkouts.id),
    bagsRequested: integer("bags_requested").notNull(),
    listPriceCents: integer("list_price_cents").notNull(),
    multiBagDiscountCents: integer("multi_bag_discount_cents").notNull().default(0),
    serviceFeeCents: integer("service_fee_cents").notNull().default(0),
    promoDiscountCents: integer("promo_discount_cents").notNull().default(0),
    subtotalCents: integer("subtotal_cents").notNull(),
    gstCents: integer("gst_cents").notNull(),
    qstCents: integer("qst_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    address: text("address").notNull(),
    postalFsa: text("postal_fsa").notNull(),
    /** The address's position when booked (the profile's); approximate: its postal prefix's centre. */
    latitude: real("latitude"),
    longitude: real("longitude"),
    positionApproximate: integer("position_approximate", { mode: "boolean" }).notNull().default(false),
    status: text("status", { enum: ["Scheduled", "Completed", "Missed", "Cancelled"] })
      .notNull()
      .default("Scheduled"),
    refundCents: integer("refund_cents"),
    /** Where a cancellation's refund stands at the provider; null when nothing was to be refunded. */
    refundStatus: text("refund_status", { enum: ["succeeded", "pending", "failed"] }),
    cancelledAt: integer("cancelled_at"),
    /** When the resident last moved the pickup to another slot. */
    modifiedAt: integer("modified_at"),
    /** The calendar event's SEQUENCE: 0 when booked, one more on each move and on the cancellation. */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    /** Issue 42: why a Missed pickup was missed (lib/stops MISSED_REASONS); null otherwise. */
    missedReason: text("missed_reason"),
    /** When the last mark or correction becomes final (a driver's undo window ends; its e-mail is due). */
    stopFinalAt: integer("stop_final_at"),
    /** What the resident chose after a pickup we missed by our fault: a free rebook or a full refund, once. */
    remedy: text("remedy", { enum: ["rebook", "refund"] }),
    remedyAt: integer("remedy_at"),
    /** A free rebook: the missed pickup it replaces (unique: one rebook per missed pickup). */
    rebookOfId: integer("rebook_of_id").references((): AnySQLiteColumn => pickupRequests.id),
    /** Issue 45: the plan that booked this pickup (its first pickup, or one of its cycles); null otherwise. */
    planId: integer("plan_id").references((): AnySQLiteColumn => pickupPlans.id),
    /**
     * Issue 47: the bags the driver actually took at a Completed stop (0 to 10, may differ from the bags
     * booked); null until a driver or admin records it, and for pickups completed before migration 0030.
     */
    bagsCollected: integer("bags_collected"),
    /** Issue 46 part 5: the operator who booked it for a resident who called; null when the resident booked. */
    bookedById: integer("booked_by_id").references((): AnySQLiteColumn => users.id),
    ...contractColumns(),
    /** The contract's language (lib/contract); null for pickups booked before terms were accepted. */
    contractLanguage: text("contract_language", { enum: ["fr", "en"] }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("pickup_requests_user_idx").on(t.userId),
    index("pickup_requests_slot_idx").on(t.pickupSlotId),
    uniqueIndex("pickup_requests_rebook_of_unique").on(t.rebookOfId),
    index("pickup_requests_plan_idx").on(t.planId),
    /** Issue 46: the demand page's counts per slot, status and prefix, read from the index alone. */
    index("pickup_requests_demand_idx").on(t.pickupSlotId, t.status, t.postalFsa, t.modifiedAt),
  ],
);

/**
 * Issue 42: every change of a stop's outcome, with who made it and when: a driver's or admin's mark, a
 * driver's undo, an admin's correction; and the e-mail it wrote (withdrawn by an undo while unsent).
 */
export const stopEvents = sqliteTable(
  "stop_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    pickupId: integer("pickup_id")
      .notNull()
      .references(() => pickupRequests.id),
    action: text("action", { enum: ["mark", "undo", "correct"] }).notNull(),
    /** The status the change left: Scheduled (an undo, a correction back), Completed or Missed. */
    status: text("status", { enum: ["Scheduled", "Completed", "Missed"] }).notNull(),
    reason: text("reason"),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorRole: text("actor_role", { enum: ["driver", "admin"] }).notNull(),
    /** The resident's e-mail this change wrote to the outbox, if any. */
    outboxId: integer("outbox_id"),
    createdAt: createdAt(),
  },
  (t) => [index("stop_events_pickup_idx").on(t.pickupId, t.id)],
);

/** Issue 47: what a driver refused and left at the door of a Completed stop (lib/refused-items REFUSED_ITEMS). */
export const refusedItems = sqliteTable(
  "refused_items",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    pickupRequestId: integer("pickup_request_id")
      .notNull()
      .references(() => pickupRequests.id),
    item: text("item", {
      enum: ["propane", "tires", "car_battery", "asbestos", "sharps", "garbage", "other"],
    }).notNull(),
    /** What "other" was (1 to 200 characters); null for every other item. */
    note: text("note"),
    recordedBy: integer("recorded_by").references(() => users.id, { onDelete: "set null" }),
    recordedAt: integer("recorded_at").notNull(),
  },
  (t) => [uniqueIndex("refused_items_pickup_item_uq").on(t.pickupRequestId, t.item)],
);

export const promoCodes = sqliteTable("promo_codes", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  code: text("code").notNull().unique(),
  percent: integer("percent").notNull().default(50),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  expiresAt: integer("expires_at").notNull(),
  createdByUserId: integer("created_by_user_id").references(() => users.id),
  createdAt: createdAt(),
});

/** A code applied at checkout is reserved here (pending); the booking completes it. */
export const promoRedemptions = sqliteTable(
  "promo_redemptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    promoCodeId: integer("promo_code_id")
      .notNull()
      .unique()
      .references(() => promoCodes.id),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    email: text("email").notNull(),
    normalizedAddress: text("normalized_address").notNull(),
    discountCents: integer("discount_cents").notNull().default(0),
    pickupRequestId: integer("pickup_request_id").references(() => pickupRequests.id),
    redeemedAt: createdAt(),
  },
  (t) => [index("promo_redemptions_address_idx").on(t.normalizedAddress)],
);

export const notificationReads = sqliteTable(
  "notification_reads",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    notificationId: text("notification_id").notNull(),
    readAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationId] })],
);

/**
 * What the bell told a resident about a pickup, written in the transaction of the fact (booked, moved,
 * cancelled, completed, missed) with the date and window of that moment: a later move does not rewrite it.
 */
export const pickupNotifications = sqliteTable(
  "pickup_notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    pickupRequestId: integer("pickup_request_id")
      .notNull()
      .references(() => pickupRequests.id, { onDelete: "cascade" }),
    type: text("type", { enum: ["confirmed", "moved", "cancelled", "completed", "missed"] }).notNull(),
    date: text("date").notNull(),
    window: text("window", { enum: ["morning", "afternoon"] }).notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [index("pickup_notifications_user_idx").on(t.userId, t.createdAt)],
);

export const emailOutbox = sqliteTable(
  "email_outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    kind: text("kind").notNull(),
    locale: text("locale", { enum: ["en", "fr"] }).notNull(),
    sentAt: integer("sent_at"),
    error: text("error"),
    /** Delivery attempts so far, and when the next one is due (null: due now, or sent). */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at"),
    /** A worker's claim on the row while it sends it (its token and when it took it). */
    claimToken: text("claim_token"),
    claimedAt: integer("claimed_at"),
    /** After this instant the message is not sent (a reset link that has expired); null: no limit. */
    expiresAt: integer("expires_at"),
    /** The origin (scheme://host) the message's links were written for. */
    origin: text("origin"),
    /** Files sent with the message, JSON [{filename, contentType, content, method?}]; null: none. */
    attachments: text("attachments"),
    /** Issue 35: "email" or "sms" (a text: `to` is an E.164 number, no subject); one worker logic for both. */
    channel: text("channel", { enum: ["email", "sms"] })
      .notNull()
      .default("email"),
    /** Extra headers of the message, JSON {name: value} (List-Unsubscribe…); null: none. */
    headers: text("headers"),
    /**
     * Issue 42: why the app did not send it (a status of its own, never "sent"); settled, never claimed
     * again. "no-text-provider": a text written while no text provider was configured (no TWILIO_*).
     */
    notSent: text("not_sent", { enum: ["no-text-provider"] }),
    createdAt: createdAt(),
  },
  (t) => [index("email_outbox_to_idx").on(t.to), index("email_outbox_due_idx").on(t.sentAt, t.nextAttemptAt)],
);

/**
 * An invitation to take a role (issue 21, part 2): e-mailed by an admin (or by the app for an address in
 * ADMIN_EMAILS), the role is granted only when the link in it is followed by the account with that address.
 * Only the token's hash is kept.
 */
export const roleInvitations = sqliteTable(
  "role_invitations",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    email: text("email").notNull(),
    role: text("role", { enum: ["admin", "driver"] }).notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    /** The admin who invited; null when the app invited an address of ADMIN_EMAILS. */
    invitedBy: integer("invited_by").references(() => users.id, { onDelete: "set null" }),
    expiresAt: integer("expires_at").notNull(),
    acceptedAt: integer("accepted_at"),
    revokedAt: integer("revoked_at"),
    createdAt: createdAt(),
  },
  (t) => [index("role_invitations_email_idx").on(t.email)],
);

/** A Quebec holiday an admin opened on purpose: slots are generated on it like any other day. */
export const holidayOpenings = sqliteTable("holiday_openings", {
  date: text("date").primaryKey(),
  openedBy: integer("opened_by").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

export const adminActivity = sqliteTable("admin_activity", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  adminUserId: integer("admin_user_id")
    .notNull()
    .references(() => users.id),
  action: text("action").notNull(),
  detail: text("detail").notNull().default(""),
  createdAt: createdAt(),
});

/**
 * Issue 42 part 9 (Law 25): who among the admins saw which resident's data, when and how. One row per
 * resident a look showed (a search that showed nobody: one row, no subject); the rows of one look share
 * admin, what, query and instant. Kept when the resident deletes their account: the subject then points at
 * the tombstone and the query (their name, address or number, maybe) is erased (privacy/anonymise).
 */
export const adminAccessLog = sqliteTable(
  "admin_access_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    adminUserId: integer("admin_user_id")
      .notNull()
      .references(() => users.id),
    subjectUserId: integer("subject_user_id").references(() => users.id),
    /** "search" (the admin search), "resident" (the resident view), "pickup" (a pickup's admin view). */
    what: text("what").notNull(),
    /** What the admin typed (a search) or asked for (a confirmation number); "" when nothing or erased. */
    query: text("query").notNull().default(""),
    at: integer("at").notNull(),
  },
  (t) => [
    index("admin_access_log_at_idx").on(t.at),
    index("admin_access_log_subject_idx").on(t.subjectUserId, t.at),
    index("admin_access_log_admin_idx").on(t.adminUserId, t.at),
  ],
);

/** The register of confidentiality incidents Law 25 requires (issue 34): kept by admins at /admin/privacy. */
/**
 * The register of confidentiality incidents (issue 34; issue 43 part 6: what the Regulation respecting
 * confidentiality incidents, s. 7, asks of each entry). This row is the entry's current state; every
 * state it has had is a row of privacyIncidentVersions.
 */
export const privacyIncidents = sqliteTable("privacy_incidents", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** The personal information concerned, or ("" here) why it cannot be described yet. */
  personalInfo: text("personal_info").notNull().default(""),
  personalInfoUnknownReason: text("personal_info_unknown_reason").notNull().default(""),
  circumstances: text("circumstances").notNull(),
  /** Calendar dates, 'YYYY-MM-DD' (Montreal): when it happened (a period when it has an end), approximate or not. */
  occurredOn: text("occurred_on").notNull(),
  occurredUntil: text("occurred_until"),
  occurredApproximate: integer("occurred_approximate", { mode: "boolean" }).notNull().default(false),
  /** When the person in charge of personal information learned of it. */
  discoveredOn: text("discovered_on").notNull(),
  personsConcerned: integer("persons_concerned").notNull(),
  personsApproximate: integer("persons_approximate", { mode: "boolean" }).notNull().default(false),
  /** app/lib/incidents RISK_LEVELS: pending, none, low, serious. */
  risk: text("risk", { enum: ["pending", "none", "low", "serious"] })
    .notNull()
    .default("pending"),
  riskReasoning: text("risk_reasoning").notNull().default(""),
  commissionNotifiedOn: text("commission_notified_on"),
  commissionNotNotifiedReason: text("commission_not_notified_reason").notNull().default(""),
  personsNotifiedOn: text("persons_notified_on"),
  personsNotNotifiedReason: text("persons_not_notified_reason").notNull().default(""),
  publicNoticeOn: text("public_notice_on"),
  publicNoticeReason: text("public_notice_reason").notNull().default(""),
  measures: text("measures").notNull().default(""),
  /** The number of the entry's latest version (an update names the one it was made from). */
  version: integer("version").notNull().default(1),
  recordedBy: integer("recorded_by")
    .notNull()
    .references(() => users.id),
  createdAt: createdAt(),
  updatedAt: integer("updated_at"),
});

/**
 * Every version of an incident entry, append-only (triggers refuse an update or a delete): who saved it,
 * when, and the entry's whole state then (JSON, app/lib/incidents IncidentState).
 */
export const privacyIncidentVersions = sqliteTable(
  "privacy_incident_versions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    incidentId: integer("incident_id")
      .notNull()
      .references(() => privacyIncidents.id),
    version: integer("version").notNull(),
    state: text("state").notNull(),
    changedBy: integer("changed_by")
      .notNull()
      .references(() => users.id),
    changedAt: integer("changed_at").notNull(),
  },
  (t) => [uniqueIndex("privacy_incident_versions_incident_version").on(t.incidentId, t.version)],
);

export type User = typeof users.$inferSelect;
export type PickupSlot = typeof pickupSlots.$inferSelect;
export type PickupRequest = typeof pickupRequests.$inferSelect;
export type Material = typeof materials.$inferSelect;
export type Payment = typeof payments.$inferSelect;

/**
 * The simulated card provider's own ledger (it stands in for Stripe's side). Our payments table
 * refers to these rows by providerPaymentId, exactly as it refers to Stripe's PaymentIntents.
 */
export const simulatedIntents = sqliteTable("simulated_intents", {
  id: text("id").primaryKey(),
  amountCents: integer("amount_cents").notNull(),
  currency: text("currency").notNull(),
  status: text("status", { enum: ["requires_payment_method", "requires_action", "succeeded", "canceled"] })
    .notNull()
    .default("requires_payment_method"),
  metadata: text("metadata").notNull().default("{}"),
  cardBrand: text("card_brand"),
  cardLast4: text("card_last4"),
  lastErrorCode: text("last_error_code"),
  refundedCents: integer("refunded_cents").notNull().default(0),
  /** The simulated customer the intent is attached to, as Stripe's `customer`. */
  customerId: text("customer_id"),
  /** The item's name the app gave, as Stripe's `description` (issue 43: in the contract's language). */
  description: text("description"),
  /** Issue 45: "off_session" when the card that pays it is to be saved on the customer, as Stripe's. */
  setupFutureUsage: text("setup_future_usage", { enum: ["off_session"] }),
  /** Issue 45: the payment method that paid (or tried to pay) it: simulated_payment_methods.id. */
  paymentMethodId: text("payment_method_id"),
  /** Issue 45: an off-session charge's idempotency key: asked again, the same intent answers. */
  idempotencyKey: text("idempotency_key").unique("simulated_intents_key_uq"),
  createdAt: createdAt(),
});

/**
 * Issue 45: the cards the simulated provider saved on a customer (Stripe's PaymentMethods), with what their
 * test number does off-session: succeeds (4242..., 0446), authentication_required (3184), card_declined (0341).
 */
export const simulatedPaymentMethods = sqliteTable("simulated_payment_methods", {
  id: text("id").primaryKey(),
  customerId: text("customer_id").notNull(),
  behaviour: text("behaviour", { enum: ["succeeds", "authentication_required", "card_declined"] }).notNull(),
  brand: text("brand"),
  last4: text("last4"),
  expMonth: integer("exp_month"),
  expYear: integer("exp_year"),
  detachedAt: integer("detached_at"),
  createdAt: createdAt(),
});

/**
 * The resident's customer at a payment provider (a Stripe Customer; the simulated provider's cus_sim_ id),
 * created once and kept: every PaymentIntent and hosted session of theirs is attached to it.
 */
export const paymentCustomers = sqliteTable(
  "payment_customers",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["simulated", "stripe"] }).notNull(),
    customerId: text("customer_id").notNull(),
    /** The provider's `preferred_locales` last set for it ("fr-CA" or "en-CA"), issue 43. */
    preferredLocale: text("preferred_locale"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.provider] })],
);

/**
 * Issue 43 part 5: a deleted account's customer at a payment provider, to be deleted there. Written in the
 * deletion's transaction (never lost), asked of the provider right after and again by the daily retention
 * job until it answers; `deletedAt` then. No user id: the customer id is all that is left of the person.
 */
export const customerDeletions = sqliteTable(
  "customer_deletions",
  {
    provider: text("provider", { enum: ["simulated", "stripe"] }).notNull(),
    customerId: text("customer_id").notNull(),
    requestedAt: integer("requested_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    deletedAt: integer("deleted_at"),
  },
  (t) => [primaryKey({ columns: [t.provider, t.customerId] }), index("customer_deletions_pending_idx").on(t.deletedAt)],
);

/** The customers the simulated provider was asked to delete, as Stripe deletes a Customer (tests, demos). */
export const simulatedDeletedCustomers = sqliteTable("simulated_deleted_customers", {
  customerId: text("customer_id").primaryKey(),
  deletedAt: integer("deleted_at").notNull(),
});

/**
 * Issue 35: the day-before reminder sent (written to the outbox) for a pickup on a date by a channel. The
 * primary key decides, in the transaction that writes the outbox row, that it is written once.
 */
export const reminderSends = sqliteTable(
  "reminder_sends",
  {
    pickupRequestId: integer("pickup_request_id")
      .notNull()
      .references(() => pickupRequests.id, { onDelete: "cascade" }),
    date: text("date").notNull(),
    channel: text("channel", { enum: ["email", "sms"] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.pickupRequestId, t.date, t.channel] })],
);

/** Issue 35: a service alert an admin sent to the residents of a date (a window, postal prefixes). */
export const serviceAlerts = sqliteTable("service_alerts", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** The form's own key: a second POST of the same form sends nothing new. */
  idempotencyKey: text("idempotency_key").notNull().unique(),
  adminUserId: integer("admin_user_id").references(() => users.id, { onDelete: "set null" }),
  date: text("date").notNull(),
  window: text("window", { enum: ["morning", "afternoon"] }),
  /** JSON array of postal prefixes; empty: every prefix. */
  prefixes: text("prefixes").notNull().default("[]"),
  messageEn: text("message_en").notNull(),
  messageFr: text("message_fr").notNull(),
  recipients: integer("recipients").notNull().default(0),
  createdAt: createdAt(),
});

export const serviceAlertRecipients = sqliteTable(
  "service_alert_recipients",
  {
    alertId: integer("alert_id")
      .notNull()
      .references(() => serviceAlerts.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.userId] }), index("service_alert_recipients_user_idx").on(t.userId)],
);

/**
 * Issue 45: a card saved at the payment provider for off-session charges, with the resident's consent (when
 * and in which language the consent's words were shown). The card itself stays at the provider: only its
 * payment method's id, brand, last four digits and expiry are kept. `detachedAt` once detached there.
 */
export const savedCards = sqliteTable(
  "saved_cards",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: ["simulated", "stripe"] }).notNull(),
    customerId: text("customer_id").notNull(),
    paymentMethodId: text("payment_method_id").notNull(),
    brand: text("brand"),
    last4: text("last4"),
    expMonth: integer("exp_month"),
    expYear: integer("exp_year"),
    consentedAt: integer("consented_at").notNull(),
    consentLanguage: text("consent_language", { enum: ["fr", "en"] })
      .notNull()
      .default("fr"),
    detachedAt: integer("detached_at"),
    /** Issue 45 (0023): the payment that saved it: one saved card per payment, however often it is fulfilled. */
    paymentId: integer("payment_id")
      .unique("saved_cards_payment_uq")
      .references(() => payments.id),
    /** When the resident was asked for a new card, this one expiring before a cycle (migration 0024; once per card). */
    expiryNoticeAt: integer("expiry_notice_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("saved_cards_method_uq").on(t.provider, t.paymentMethodId),
    index("saved_cards_user_idx").on(t.userId),
  ],
);

/**
 * Issue 45: a pickup repeated every 4 or 8 weeks. `anchorDate` is the date of the plan's last pickup (booked
 * or skipped): the next cycle falls `intervalWeeks` after it. `skipDate` is a cycle the resident skipped ahead
 * of its booking; `pausedUntil` a date before which no cycle is booked; `pauseReason` why the plan paused
 * itself ("payment_unpaid", "card_expired"), null when the resident paused it.
 */
export const pickupPlans = sqliteTable(
  "pickup_plans",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id),
    originPickupId: integer("origin_pickup_id")
      .notNull()
      .unique("pickup_plans_origin_uq")
      .references((): AnySQLiteColumn => pickupRequests.id),
    intervalWeeks: integer("interval_weeks").notNull(),
    bagCount: integer("bag_count").notNull(),
    window: text("window", { enum: ["morning", "afternoon"] }).notNull(),
    savedCardId: integer("saved_card_id").references(() => savedCards.id),
    status: text("status", { enum: ["active", "paused", "stopped", "payment_needed"] })
      .notNull()
      .default("active"),
    anchorDate: text("anchor_date").notNull(),
    pausedUntil: text("paused_until"),
    skipDate: text("skip_date"),
    pauseReason: text("pause_reason"),
    stoppedAt: integer("stopped_at"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [index("pickup_plans_user_idx").on(t.userId), index("pickup_plans_status_idx").on(t.status)],
);

/**
 * Issue 45: one cycle of a plan (the date it falls on), written before the charge: its primary key makes the
 * cycle booked and charged once, and `idempotencyKey` (the provider's) lets a crash between the charge and
 * the booking be finished by the reconcile without charging again. "payment_needed" holds the place until
 * `holdExpiresAt`; "released" gave it back; "skipped" was skipped by the resident.
 */
export const planCycles = sqliteTable(
  "plan_cycles",
  {
    planId: integer("plan_id")
      .notNull()
      .references(() => pickupPlans.id),
    cycleDate: text("cycle_date").notNull(),
    status: text("status", {
      enum: ["charging", "booked", "payment_needed", "released", "skipped", "failed"],
    }).notNull(),
    pickupRequestId: integer("pickup_request_id").references(() => pickupRequests.id),
    paymentId: integer("payment_id").references(() => payments.id),
    idempotencyKey: text("idempotency_key").notNull(),
    providerPaymentId: text("provider_payment_id"),
    failureCode: text("failure_code"),
    holdExpiresAt: integer("hold_expires_at"),
    /**
     * Migration 0024: the slot whose place the cycle took when it was claimed (counted in currentBooked: a
     * "Payment needed" hold is counted so nobody takes it, but is no pickup for the day sheet or the driver),
     * and what it charges (bags and total, priced then; no promo code).
     */
    slotId: integer("slot_id").references(() => pickupSlots.id),
    bags: integer("bags"),
    amountCents: integer("amount_cents"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.planId, t.cycleDate] }),
    uniqueIndex("plan_cycles_key_uq").on(t.idempotencyKey),
    index("plan_cycles_status_idx").on(t.status),
    index("plan_cycles_hold_idx").on(t.status, t.holdExpiresAt),
  ],
);

/**
 * Issue 46 part 5: a pickup an operator booked for a resident who called, its place held ("held", counted in
 * pickup_slots.current_booked, no pickup yet) while the resident pays through the link sent to them. The
 * link's token is kept only as its hash; it opens the payment page until `holdExpiresAt`. Paid: "booked"
 * (its pickup); unpaid in time: "released" (the place given back, the resident told).
 */
export const phoneBookings = sqliteTable(
  "phone_bookings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Deleted with the account (privacy/deidentify's owned tables). */
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    operatorId: integer("operator_id").references(() => users.id),
    slotId: integer("slot_id")
      .notNull()
      .references(() => pickupSlots.id),
    bags: integer("bags").notNull(),
    amountCents: integer("amount_cents").notNull(),
    tokenHash: text("token_hash").notNull(),
    status: text("status", { enum: ["held", "booked", "released"] }).notNull(),
    holdExpiresAt: integer("hold_expires_at").notNull(),
    providerPaymentId: text("provider_payment_id"),
    pickupRequestId: integer("pickup_request_id").references(() => pickupRequests.id),
    createdAt: createdAt(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    uniqueIndex("phone_bookings_token_uq").on(t.tokenHash),
    index("phone_bookings_hold_idx").on(t.status, t.holdExpiresAt),
    index("phone_bookings_user_idx").on(t.userId),
  ],
);
export type PhoneBooking = typeof phoneBookings.$inferSelect;
