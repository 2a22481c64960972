/**
 * Kysely table types. Column names are snake_case in SQL and here (no naming plugin, so what
 * you read is what runs on both PGlite and PostgreSQL). Amounts are integer cents (bigint in SQL,
 * parsed to number: every amount is below 2^53, see pgliteDialect/pg type parsers).
 */
import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp with a database default: optional on insert. */
type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface UsersTable {
  id: string;
  phone: string;
  name: string;
  deleted_at: Timestamp | null;
  created_at: CreatedAt;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  created_at: CreatedAt;
  revoked_at: Timestamp | null;
  /** 003_trust: last request seen (written at most once a minute); null = not since created. */
  last_seen_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export interface ProductsTable {
  id: string;
  name: string;
  logo: string;
  amount_min: number;
  amount_max: number;
  periods: number;
  term_unit: number;
  rate_desc: string;
  description: string;
  button_text: string;
  enabled: number;
  link: string;
  sort: number;
}

export interface OrdersTable {
  id: string;
  user_id: string;
  product_id: string;
  status: number;
  is_delay: number;
  amount: number;
  paid_amount: Generated<number>;
  delay_fee: number;
  periods: number;
  term_unit: number;
  /** 'PAY_URL' or 'NOTICE': how generate-vcode answers for this order (demo variety). */
  pay_mode: string;
  /** 1 pay code + channel image, 2 QR (repayment by code). */
  code_type: number;
  pay_code: string;
  is_score: number;
  card_need_pop: number;
  created_at: CreatedAt;
}

export interface InstallmentsTable {
  id: Generated<number>;
  order_id: string;
  period_no: number;
  total_amount: number;
  due_time: Timestamp;
  paid_at: Timestamp | null;
}

export interface CardsTable {
  id: string;
  user_id: string;
  bank_name: string;
  bank_node: string;
  card_no: string;
  bank_code: string;
  /** 1: paying with this card needs an SMS code (bank accounts); 0: wallets (migration 002). */
  sms_required: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
}

export interface BankFormItemsTable {
  id: Generated<number>;
  sort: number;
  code: string;
  title: string;
  subtitle: string;
  cate: string;
  type: string;
  value: string;
  note: Json<Array<{ name: string; type: string }>>;
  input_type: number;
  card_type_mi: number | null;
  channel_number: string | null;
  required: boolean;
}

export interface BankAccountsTable {
  id: Generated<number>;
  user_id: string;
  product_id: string;
  kind: string;
  card_type: number;
  channel_number: string;
  fields: Json<Record<string, string>>;
  created_at: CreatedAt;
}

export interface ProblemTypesTable {
  value: number;
  parent_value: number;
  title: string;
  sort: number;
}

export interface ProblemsTable {
  id: Generated<number>;
  user_id: string;
  order_no: string;
  problem_type: number;
  problem_son_type: number | null;
  content: string;
  images: Json<string[]>;
  dispose_detail: string;
  dispose_images: Json<string[]>;
  is_need_score: number;
  score: number | null;
  created_at: CreatedAt;
}

export interface UploadsTable {
  name: string;
  user_id: string;
  mime: string;
  size: number;
  created_at: CreatedAt;
}

export interface RepaymentsTable {
  id: string;
  user_id: string;
  order_id: string;
  idempotency_key: string;
  amount: number;
  card_id: string;
  status: string;
  need_valid: number;
  created_at: CreatedAt;
  confirmed_at: Timestamp | null;
  /** Pending records only: when the record (and its code) dies; a resend restarts it (migration 002). */
  expires_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** The sms_codes row issued for this record; confirm checks that code only (migration 002). */
  sms_code_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface SmsCodesTable {
  id: Generated<number>;
  phone: string;
  purpose: string;
  code_hash: string;
  ip: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
  tries: Generated<number>;
}

export interface CaptchasTable {
  sid: string;
  text: string;
  ip: string;
  created_at: Timestamp;
  tries: Generated<number>;
  used_at: Timestamp | null;
  /** 003_trust: the current image was checked (right or wrong); a new image clears it. */
  spent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  /** 003_trust: the phone get-sms sent a code to with this captcha (register accepts it once). */
  sms_phone: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface TrackEventsTable {
  id: Generated<number>;
  kind: string;
  page_id: string;
  user_from: string;
  client_type: string;
  page_type: number;
  utm_tag: string;
  app_from: string;
  phone: string;
  ip: string;
  created_at: CreatedAt;
}

export interface EventsTable {
  id: Generated<number>;
  user_id: string;
  product_id: string;
  module_id: number;
  position_id: number;
  created_at: CreatedAt;
}

export interface ScoresTable {
  id: Generated<number>;
  user_id: string;
  order_id: string;
  score: number;
  created_at: CreatedAt;
}

export interface TradesTable {
  trade_no: string;
  user_id: string;
  order_id: string;
  amount: number;
  is_delay: number;
  card_no: string;
  bank_code: string;
  repay_type: string;
  created_at: CreatedAt;
}

export interface UtrsTable {
  id: Generated<number>;
  user_id: string;
  order_id: string;
  utr: string;
  is_delay: number;
  created_at: CreatedAt;
}

export interface ContractsTable {
  id: Generated<number>;
  product_id: string;
  position: number;
  title: string;
}

/** Small documents (contact info, union error info, templates): key -> JSON. */
export interface SettingsTable {
  key: string;
  value: Json<unknown>;
}

/** 004_layouts: a screen's layout; published_version names the row of layout_versions borrowers get. */
export interface LayoutsTable {
  name: string;
  published_version: number | null;
  /** sha256 of the repository file last imported (null: never imported from a file). */
  source_hash: string | null;
  created_at: CreatedAt;
  updated_at: CreatedAt;
}

/** 004_layouts: immutable (a trigger refuses UPDATE and DELETE); version counts 1, 2, ... per layout. */
export interface LayoutVersionsTable {
  layout: string;
  version: number;
  content: string;
  /** content with its fragments expanded at publish time: the body borrowers get. */
  served: string;
  hash: string;
  author: string;
  note: ColumnType<string, string | undefined, string>;
  created_at: CreatedAt;
  /** 008: the publisher who approved this version's publish (null: published by one person). */
  approved_by: ColumnType<string | null, string | null | undefined, never>;
}

/** 004_layouts: the one shared draft of a layout (text as typed: it may not even be JSON yet). */
export interface LayoutDraftsTable {
  layout: string;
  content: string;
  base_version: number | null;
  author: string;
  updated_at: CreatedAt;
}

/** 004_layouts: who did what to which layout, when, from which version to which, and why. */
export interface LayoutAuditTable {
  id: Generated<number>;
  layout: string;
  action:
    | 'import'
    | 'draft'
    | 'publish'
    | 'rollback'
    | 'rollback-emergency'
    | 'approve'
    | 'discard'
    | 'import-forced';
  actor: string;
  at: CreatedAt;
  from_version: number | null;
  to_version: number | null;
  reason: ColumnType<string, string | undefined, string>;
}

/** 006_studio_operators: a named studio account; its password scrypt-hashed (server/layouts/studio/operators.ts). */
export interface StudioOperatorsTable {
  name: string;
  role: 'editor' | 'publisher';
  password_hash: string;
  created_at: CreatedAt;
  disabled_at: Timestamp | null;
}

/** 006_studio_operators: one login; the cookie holds a random token, this row its sha256. */
export interface StudioSessionsTable {
  id: string;
  operator: string;
  created_at: CreatedAt;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
}

/** 006_studio_operators: a second operator's approval of one exact draft (versionHash) of a money screen. */
export interface LayoutApprovalsTable {
  id: Generated<number>;
  layout: string;
  hash: string;
  approver: string;
  at: CreatedAt;
  /** 008: an approval of a draft, or of a rollback to `version`. */
  kind: ColumnType<'draft' | 'rollback', 'draft' | 'rollback' | undefined, never>;
  version: ColumnType<number | null, number | null | undefined, never>;
  /** 008: when and why it ended (the draft changed, published, rolled back); null: still open. */
  ended_at: ColumnType<Date | null, never, Date | string>;
  ended_reason: ColumnType<string | null, never, string>;
}

/** 008: every operator who saved the current draft of a layout (they may not approve it). */
export interface LayoutDraftEditorsTable {
  layout: string;
  editor: string;
}

/** 007_rate_limits: one counter per key (server/http/counters.ts). */
export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: Timestamp;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  products: ProductsTable;
  orders: OrdersTable;
  installments: InstallmentsTable;
  cards: CardsTable;
  bank_form_items: BankFormItemsTable;
  bank_accounts: BankAccountsTable;
  problem_types: ProblemTypesTable;
  problems: ProblemsTable;
  uploads: UploadsTable;
  repayments: RepaymentsTable;
  sms_codes: SmsCodesTable;
  captchas: CaptchasTable;
  track_events: TrackEventsTable;
  events: EventsTable;
  scores: ScoresTable;
  trades: TradesTable;
  utrs: UtrsTable;
  contracts: ContractsTable;
  settings: SettingsTable;
  layouts: LayoutsTable;
  layout_versions: LayoutVersionsTable;
  layout_drafts: LayoutDraftsTable;
  layout_audit: LayoutAuditTable;
  studio_operators: StudioOperatorsTable;
  studio_sessions: StudioSessionsTable;
  layout_approvals: LayoutApprovalsTable;
  layout_draft_editors: LayoutDraftEditorsTable;
  rate_limits: RateLimitsTable;
}

export type Order = Selectable<OrdersTable>;
export type Product = Selectable<ProductsTable>;
