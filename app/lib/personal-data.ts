// Issue 43, part 4: every column of the database, classified once. A column that holds or points at
// personal information is in PERSONAL_COLUMNS with the kind of data, the field as a resident reads it, why
// we hold it and how long (a key of RETENTION_ROWS); every other column of a table is in NOT_PERSONAL; a
// table with no personal information at all is in TABLES_WITHOUT_PERSONAL_DATA. The privacy page lists the
// fields from here, grouped by kind, and tests/unit/personal-columns.test.ts reads db/schema.ts's tables
// so a new column (or table) fails the test until someone decides which list it belongs to.
// Names are the database's (snake_case), as an operator reads them with sqlite3 and docs/privacy.md names them.

/** Kinds of data, in the order the privacy page shows them. */
export const DATA_KINDS = [
  "identity",
  "contact",
  "address",
  "position",
  "doorstep",
  "choices",
  "account",
  "secrets",
  "sessions",
  "pickups",
  "payments",
  "contract",
  "messages",
  "waitlist",
  "staff",
] as const;
type DataKind = (typeof DATA_KINDS)[number];

/** Why we hold it (privacy page: policy.purpose.<key>). */
export const PURPOSES = [
  "signIn",
  "pickup",
  "route",
  "write",
  "choices",
  "pay",
  "contract",
  "waitlist",
  "promo",
  "calendar",
  "sessions",
  "accountability",
  "incidents",
  "plan",
] as const;
type Purpose = (typeof PURPOSES)[number];

/** How long each kind of row is kept (privacy page: policy.retention.<key>), in the page's order. */
export const RETENTION_ROWS = [
  "account",
  "sessions",
  "links",
  "taxRecords",
  "bell",
  "outbox",
  "customer",
  "waitlist",
  "accessLog",
  "invitations",
  "incidents",
  "backups",
  "hostLogs",
  "plans",
] as const;
export type RetentionRow = (typeof RETENTION_ROWS)[number];

export type PersonalColumn = {
  table: string;
  column: string;
  kind: DataKind;
  /** The field as a resident reads it (policy.field.<key>); several columns may share one. */
  field: string;
  purpose: Purpose;
  retention: RetentionRow;
};

type Spec = [kind: DataKind, field: string, purpose?: Purpose];

/** The columns of one table, each with its kind and field; purpose and retention default to the table's. */
function columns(
  table: string,
  defaults: { purpose: Purpose; retention: RetentionRow },
  specs: Record<string, Spec>,
): PersonalColumn[] {
  return Object.entries(specs).map(([column, [kind, field, purpose]]) => ({
    table,
    column,
    kind,
    field,
    purpose: purpose ?? defaults.purpose,
    retention: defaults.retention,
  }));
}

const account = { purpose: "signIn", retention: "account" } as const;
const tax = { purpose: "pay", retention: "taxRecords" } as const;

export const PERSONAL_COLUMNS: readonly PersonalColumn[] = [
  ...columns("users", account, {
    id: ["account", "accountNumber"],
    email: ["contact", "email"],
    password_hash: ["secrets", "password"],
    role: ["account", "role"],
    first_name: ["identity", "name", "pickup"],
    last_name: ["identity", "name", "pickup"],
    street_address: ["address", "street", "pickup"],
    unit: ["address", "unit", "pickup"],
    city: ["address", "city", "pickup"],
    province: ["address", "province", "pickup"],
    postal_code: ["address", "postalCode", "pickup"],
    postal_fsa: ["address", "postalPrefix", "pickup"],
    has_completed_onboarding: ["account", "guide"],
    latitude: ["position", "position", "route"],
    longitude: ["position", "position", "route"],
    position_approximate: ["position", "positionApproximate", "route"],
    phone: ["contact", "phone", "pickup"],
    pickup_notes: ["doorstep", "pickupNotes", "pickup"],
    locale: ["choices", "language", "write"],
    created_at: ["account", "accountDates"],
    last_seen_at: ["account", "accountDates"],
    inactivity_warned_at: ["account", "accountDates"],
    deleted_at: ["account", "accountDates"],
    phone_verified_at: ["contact", "phoneVerified", "choices"],
    phone_code_hash: ["secrets", "phoneCode", "choices"],
    phone_code_expires_at: ["secrets", "phoneCode", "choices"],
    phone_code_attempts: ["secrets", "phoneCode", "choices"],
    sms_stopped_at: ["choices", "textsStopped", "choices"],
    reminders_enabled: ["choices", "reminders", "choices"],
    reminder_channels: ["choices", "reminderChannels", "choices"],
    alerts_enabled: ["choices", "alerts", "choices"],
    day_after_enabled: ["choices", "dayAfter", "choices"],
    email_confirmed_at: ["contact", "emailConfirmed", "write"],
    calendar_token: ["secrets", "calendarToken", "calendar"],
    created_by_id: ["staff", "staffMember", "accountability"],
  }),
  ...columns(
    "sessions",
    { purpose: "sessions", retention: "sessions" },
    {
      id: ["secrets", "sessionId", "signIn"],
      user_id: ["account", "accountNumber"],
      data: ["sessions", "session"],
      expires_at: ["sessions", "session"],
      created_at: ["sessions", "session"],
      user_agent: ["sessions", "browser"],
      last_seen_at: ["sessions", "session"],
    },
  ),
  ...["password_reset_tokens", "email_confirmation_tokens"].flatMap((table) =>
    columns(
      table,
      { purpose: "signIn", retention: "links" },
      {
        user_id: ["account", "accountNumber"],
        token_hash: ["secrets", "links"],
        expires_at: ["secrets", "links"],
        used_at: ["secrets", "links"],
        created_at: ["secrets", "links"],
      },
    ),
  ),
  ...columns(
    "waitlist_entries",
    { purpose: "waitlist", retention: "waitlist" },
    {
      name: ["waitlist", "name"],
      email: ["waitlist", "email"],
      fsa: ["waitlist", "postalPrefix"],
      reason: ["waitlist", "waitlistReason"],
      locale: ["waitlist", "language"],
      notified_at: ["waitlist", "waitlistDates"],
      created_at: ["waitlist", "waitlistDates"],
      updated_at: ["waitlist", "waitlistDates"],
    },
  ),
  ...columns("checkouts", tax, {
    user_id: ["account", "accountNumber"],
    bags: ["pickups", "pickup"],
    slot_id: ["pickups", "pickup"],
    terms_version: ["contract", "terms", "contract"],
    terms_accepted_at: ["contract", "terms", "contract"],
    french_terms_received_at: ["contract", "terms", "contract"],
    contract_language: ["contract", "contractLanguage", "contract"],
    created_at: ["pickups", "pickup"],
    save_card_consent_at: ["contract", "cardConsent", "contract"],
    plan_interval_weeks: ["pickups", "plan", "plan"],
  }),
  ...columns("payments", tax, {
    provider_payment_id: ["payments", "paymentRecord"],
    user_id: ["account", "accountNumber"],
    amount_cents: ["payments", "price"],
    status: ["payments", "paymentRecord"],
    booking: ["payments", "paymentRecord"],
    card_brand: ["payments", "card"],
    card_last4: ["payments", "card"],
    failure_code: ["payments", "paymentRecord"],
    refunded_cents: ["payments", "price"],
    created_at: ["payments", "paymentRecord"],
  }),
  ...columns("pickup_requests", tax, {
    confirmation_number: ["pickups", "pickup"],
    user_id: ["account", "accountNumber"],
    pickup_slot_id: ["pickups", "pickup", "pickup"],
    bags_requested: ["pickups", "pickup", "pickup"],
    list_price_cents: ["payments", "price"],
    multi_bag_discount_cents: ["payments", "price"],
    service_fee_cents: ["payments", "price"],
    promo_discount_cents: ["payments", "price"],
    subtotal_cents: ["payments", "price"],
    gst_cents: ["payments", "price"],
    qst_cents: ["payments", "price"],
    total_cents: ["payments", "price"],
    address: ["address", "street", "pickup"],
    postal_fsa: ["address", "postalPrefix"],
    latitude: ["position", "position", "route"],
    longitude: ["position", "position", "route"],
    position_approximate: ["position", "positionApproximate", "route"],
    status: ["pickups", "pickup"],
    refund_cents: ["payments", "price"],
    refund_status: ["payments", "price"],
    cancelled_at: ["pickups", "pickup"],
    modified_at: ["pickups", "pickup"],
    missed_reason: ["pickups", "missed", "pickup"],
    remedy: ["pickups", "missed", "pickup"],
    remedy_at: ["pickups", "missed", "pickup"],
    rebook_of_id: ["pickups", "missed", "pickup"],
    terms_version: ["contract", "terms", "contract"],
    terms_accepted_at: ["contract", "terms", "contract"],
    french_terms_received_at: ["contract", "terms", "contract"],
    contract_language: ["contract", "contractLanguage", "contract"],
    created_at: ["pickups", "pickup"],
    plan_id: ["pickups", "plan", "plan"],
    bags_collected: ["pickups", "pickup", "pickup"],
    booked_by_id: ["staff", "staffMember", "accountability"],
  }),
  // Issue 46 part 5: a pickup booked by phone, its place held while the resident pays through the link.
  ...columns(
    "phone_bookings",
    { purpose: "pickup", retention: "account" },
    {
      user_id: ["account", "accountNumber"],
      operator_id: ["staff", "staffMember", "accountability"],
      slot_id: ["pickups", "pickup"],
      bags: ["pickups", "pickup"],
      amount_cents: ["payments", "price", "pay"],
      token_hash: ["secrets", "links"],
      status: ["pickups", "pickup"],
      hold_expires_at: ["pickups", "pickup"],
      provider_payment_id: ["payments", "paymentRecord", "pay"],
      pickup_request_id: ["pickups", "pickup"],
      created_at: ["pickups", "pickup"],
    },
  ),
  // Issue 45: a card saved with the resident's consent (never its number) and the plans it pays for.
  ...columns(
    "saved_cards",
    { purpose: "plan", retention: "plans" },
    {
      user_id: ["account", "accountNumber"],
      customer_id: ["payments", "customer"],
      payment_method_id: ["payments", "savedCard"],
      brand: ["payments", "savedCard"],
      last4: ["payments", "savedCard"],
      exp_month: ["payments", "savedCard"],
      exp_year: ["payments", "savedCard"],
      consented_at: ["contract", "cardConsent", "contract"],
      consent_language: ["contract", "cardConsent", "contract"],
      detached_at: ["payments", "savedCard"],
      created_at: ["payments", "savedCard"],
      payment_id: ["payments", "paymentRecord"],
      expiry_notice_at: ["messages", "reminderSent", "write"],
    },
  ),
  // The simulated provider's saved cards (test mode: no real card), as Stripe keeps them.
  ...columns(
    "simulated_payment_methods",
    { purpose: "plan", retention: "plans" },
    {
      customer_id: ["payments", "customer"],
      brand: ["payments", "savedCard"],
      last4: ["payments", "savedCard"],
      exp_month: ["payments", "savedCard"],
      exp_year: ["payments", "savedCard"],
      detached_at: ["payments", "savedCard"],
      created_at: ["payments", "savedCard"],
    },
  ),
  ...columns(
    "pickup_plans",
    { purpose: "plan", retention: "plans" },
    {
      user_id: ["account", "accountNumber"],
      origin_pickup_id: ["pickups", "plan"],
      interval_weeks: ["pickups", "plan"],
      bag_count: ["pickups", "plan"],
      window: ["pickups", "plan"],
      saved_card_id: ["payments", "savedCard"],
      status: ["pickups", "plan"],
      anchor_date: ["pickups", "plan"],
      paused_until: ["pickups", "plan"],
      skip_date: ["pickups", "plan"],
      pause_reason: ["pickups", "plan"],
      stopped_at: ["pickups", "plan"],
      created_at: ["pickups", "plan"],
    },
  ),
  ...columns(
    "plan_cycles",
    { purpose: "plan", retention: "plans" },
    {
      plan_id: ["pickups", "plan"],
      cycle_date: ["pickups", "plan"],
      status: ["pickups", "plan"],
      pickup_request_id: ["pickups", "plan"],
      payment_id: ["payments", "paymentRecord", "pay"],
      provider_payment_id: ["payments", "paymentRecord", "pay"],
      failure_code: ["payments", "paymentRecord", "pay"],
      hold_expires_at: ["pickups", "plan"],
      created_at: ["pickups", "plan"],
      slot_id: ["pickups", "plan"],
      bags: ["pickups", "plan"],
      amount_cents: ["payments", "price", "pay"],
    },
  ),
  ...columns(
    "stop_events",
    { purpose: "accountability", retention: "taxRecords" },
    {
      pickup_id: ["pickups", "stopHistory"],
      action: ["pickups", "stopHistory"],
      status: ["pickups", "stopHistory"],
      reason: ["pickups", "stopHistory"],
      actor_id: ["staff", "staffMember"],
      created_at: ["pickups", "stopHistory"],
    },
  ),
  // Issue 47: what a driver refused and left at the resident's door, and who recorded it.
  ...columns(
    "refused_items",
    { purpose: "pickup", retention: "taxRecords" },
    {
      pickup_request_id: ["pickups", "pickup"],
      item: ["pickups", "pickup"],
      note: ["pickups", "pickup"],
      recorded_by: ["staff", "staffMember", "accountability"],
      recorded_at: ["pickups", "pickup"],
    },
  ),
  // Issue 47: who recorded and who corrected the depot's intake (staff accountability; the figures are not personal).
  ...columns(
    "intake_records",
    { purpose: "accountability", retention: "accessLog" },
    { recorded_by: ["staff", "staffMember"] },
  ),
  ...columns(
    "intake_corrections",
    { purpose: "accountability", retention: "accessLog" },
    { corrected_by: ["staff", "staffMember"] },
  ),
  ...columns(
    "promo_redemptions",
    { purpose: "promo", retention: "taxRecords" },
    {
      user_id: ["account", "accountNumber"],
      email: ["contact", "email"],
      normalized_address: ["address", "street"],
      discount_cents: ["payments", "price", "pay"],
      pickup_request_id: ["pickups", "pickup"],
      created_at: ["pickups", "pickup"],
    },
  ),
  ...columns(
    "notification_reads",
    { purpose: "write", retention: "bell" },
    {
      user_id: ["account", "accountNumber"],
      notification_id: ["messages", "bell"],
      created_at: ["messages", "bell"],
    },
  ),
  ...columns(
    "pickup_notifications",
    { purpose: "write", retention: "bell" },
    {
      user_id: ["account", "accountNumber"],
      pickup_request_id: ["messages", "bell"],
      type: ["messages", "bell"],
      date: ["messages", "bell"],
      window: ["messages", "bell"],
      created_at: ["messages", "bell"],
    },
  ),
  ...columns(
    "email_outbox",
    { purpose: "write", retention: "outbox" },
    {
      to: ["messages", "messageAddress"],
      subject: ["messages", "messageContent"],
      text: ["messages", "messageContent"],
      html: ["messages", "messageContent"],
      kind: ["messages", "messageContent"],
      locale: ["messages", "messageContent"],
      sent_at: ["messages", "messageDelivery"],
      attachments: ["messages", "messageContent"],
      channel: ["messages", "messageDelivery"],
      headers: ["messages", "messageContent"],
      created_at: ["messages", "messageDelivery"],
    },
  ),
  ...columns(
    "role_invitations",
    { purpose: "signIn", retention: "invitations" },
    {
      email: ["staff", "invitation"],
      role: ["staff", "invitation"],
      token_hash: ["secrets", "links"],
      invited_by: ["staff", "staffMember"],
      accepted_at: ["staff", "invitation"],
      revoked_at: ["staff", "invitation"],
      created_at: ["staff", "invitation"],
    },
  ),
  ...columns(
    "admin_activity",
    { purpose: "accountability", retention: "accessLog" },
    {
      admin_user_id: ["staff", "staffMember"],
      action: ["staff", "staffAction"],
      detail: ["staff", "staffAction"],
      created_at: ["staff", "staffAction"],
    },
  ),
  ...columns(
    "admin_access_log",
    { purpose: "accountability", retention: "accessLog" },
    {
      admin_user_id: ["staff", "staffMember"],
      subject_user_id: ["staff", "accessLook"],
      what: ["staff", "accessLook"],
      query: ["staff", "accessLook"],
      at: ["staff", "accessLook"],
    },
  ),
  ...columns(
    "privacy_incidents",
    { purpose: "incidents", retention: "incidents" },
    {
      personal_info: ["staff", "incident"],
      personal_info_unknown_reason: ["staff", "incident"],
      circumstances: ["staff", "incident"],
      risk_reasoning: ["staff", "incident"],
      commission_not_notified_reason: ["staff", "incident"],
      persons_not_notified_reason: ["staff", "incident"],
      public_notice_reason: ["staff", "incident"],
      measures: ["staff", "incident"],
      recorded_by: ["staff", "staffMember"],
    },
  ),
  // Every version of an entry (issue 43 part 6): its whole state, texts included, and who saved it.
  ...columns(
    "privacy_incident_versions",
    { purpose: "incidents", retention: "incidents" },
    {
      state: ["staff", "incident"],
      changed_by: ["staff", "staffMember"],
    },
  ),
  ...columns(
    "payment_customers",
    { purpose: "pay", retention: "customer" },
    {
      user_id: ["account", "accountNumber"],
      customer_id: ["payments", "customer"],
      created_at: ["payments", "customer"],
      preferred_locale: ["choices", "language"],
    },
  ),
  // Issue 43 part 5: a deleted account's customer, until the provider confirms its deletion.
  ...columns(
    "customer_deletions",
    { purpose: "pay", retention: "customer" },
    { customer_id: ["payments", "customer"] },
  ),
  ...columns(
    "simulated_deleted_customers",
    { purpose: "pay", retention: "customer" },
    { customer_id: ["payments", "customer"] },
  ),
  ...columns(
    "simulated_intents",
    { purpose: "pay", retention: "taxRecords" },
    {
      metadata: ["payments", "paymentRecord"],
      card_brand: ["payments", "card"],
      card_last4: ["payments", "card"],
      customer_id: ["payments", "customer"],
      payment_method_id: ["payments", "savedCard"],
    },
  ),
  ...columns(
    "reminder_sends",
    { purpose: "choices", retention: "bell" },
    {
      pickup_request_id: ["messages", "reminderSent"],
      date: ["messages", "reminderSent"],
      channel: ["messages", "reminderSent"],
      created_at: ["messages", "reminderSent"],
    },
  ),
  ...columns(
    "service_alert_recipients",
    { purpose: "write", retention: "bell" },
    {
      alert_id: ["messages", "alertReceived"],
      user_id: ["account", "accountNumber"],
    },
  ),
  ...columns(
    "promo_codes",
    { purpose: "accountability", retention: "accessLog" },
    { created_by_user_id: ["staff", "staffMember"] },
  ),
  ...columns(
    "holiday_openings",
    { purpose: "accountability", retention: "accessLog" },
    { opened_by: ["staff", "staffMember"] },
  ),
  ...columns(
    "service_alerts",
    { purpose: "accountability", retention: "accessLog" },
    { admin_user_id: ["staff", "staffMember"] },
  ),
];

/**
 * The other columns of the tables above: they hold nothing about a person (row numbers, the slot and
 * price bookkeeping, the outbox worker's delivery state, the alert's own text, an incident's dates and
 * counts). A column belongs here only after someone decided it says nothing about anyone.
 */
export const NOT_PERSONAL: Readonly<Record<string, readonly string[]>> = {
  password_reset_tokens: ["id"],
  email_confirmation_tokens: ["id"],
  waitlist_entries: ["id"],
  checkouts: ["id"],
  payments: ["id", "checkout_id", "provider", "currency", "updated_at", "pickup_request_id", "purpose"],
  pickup_requests: ["id", "payment_id", "checkout_id", "calendar_sequence", "stop_final_at", "updated_at"],
  stop_events: ["id", "actor_role", "outbox_id"],
  refused_items: ["id"],
  intake_records: [
    "id",
    "date",
    "category",
    "kg_tenths",
    "partner_id",
    "partner_name",
    "recorded_at",
    "version",
    "updated_at",
  ],
  intake_corrections: [
    "id",
    "intake_id",
    "version",
    "previous_kg_tenths",
    "kg_tenths",
    "previous_partner_name",
    "partner_name",
    "reason",
    "corrected_at",
  ],
  promo_redemptions: ["id", "promo_code_id"],
  pickup_notifications: ["id"],
  email_outbox: [
    "id",
    "error",
    "attempts",
    "next_attempt_at",
    "claim_token",
    "claimed_at",
    "expires_at",
    "origin",
    "not_sent",
  ],
  role_invitations: ["id", "expires_at"],
  admin_activity: ["id"],
  admin_access_log: ["id"],
  privacy_incidents: [
    "id",
    "occurred_on",
    "occurred_until",
    "occurred_approximate",
    "discovered_on",
    "persons_concerned",
    "persons_approximate",
    "risk",
    "commission_notified_on",
    "persons_notified_on",
    "public_notice_on",
    "version",
    "created_at",
    "updated_at",
  ],
  privacy_incident_versions: ["id", "incident_id", "version", "changed_at"],
  simulated_intents: [
    "id",
    "amount_cents",
    "currency",
    "status",
    "last_error_code",
    "refunded_cents",
    "description",
    "created_at",
    "setup_future_usage",
    "idempotency_key",
  ],
  simulated_payment_methods: ["id", "behaviour"],
  payment_customers: ["provider"],
  saved_cards: ["id", "provider"],
  pickup_plans: ["id", "updated_at"],
  plan_cycles: ["idempotency_key", "updated_at"],
  phone_bookings: ["id", "updated_at"],
  customer_deletions: ["provider", "requested_at", "attempts", "last_error", "deleted_at"],
  simulated_deleted_customers: ["deleted_at"],
  promo_codes: ["id", "code", "percent", "active", "expires_at", "created_at"],
  holiday_openings: ["date", "created_at"],
  service_alerts: [
    "id",
    "idempotency_key",
    "date",
    "window",
    "prefixes",
    "message_en",
    "message_fr",
    "recipients",
    "created_at",
  ],
};

/** Tables that hold no personal information, and why. */
export const TABLES_WITHOUT_PERSONAL_DATA: Readonly<Record<string, string>> = {
  service_prefixes: "the postal prefixes we serve",
  materials: "the accepted materials and their texts",
  partners: "the businesses our materials go to",
  slot_templates: "the weekly pattern of pickup windows",
  pickup_slots: "the pickup windows and their capacity",
};

/** The fields of each kind, in the list's order, each once: what the privacy page lists. */
export function fieldsByKind(list: readonly PersonalColumn[] = PERSONAL_COLUMNS) {
  return DATA_KINDS.map((kind) => {
    const rows = list.filter((row) => row.kind === kind);
    return {
      kind,
      fields: unique(rows.map((row) => row.field)),
      purposes: unique(rows.map((row) => row.purpose)),
      retention: RETENTION_ROWS.filter((key) => rows.some((row) => row.retention === key)),
    };
  }).filter((group) => group.fields.length > 0);
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}
