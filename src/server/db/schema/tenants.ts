// Tenants and who signs in: customers (with reseller link and features), roles, users.
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { createdAt } from './columns';

/** Tachograph remote-download (RTD) integration types a customer can be connected to. */
export const rtdIntegrations = pgTable('rtd_integrations', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    country: text('country'),
    email: text('email'),
    isReseller: boolean('is_reseller').notNull().default(false),
    /** The main reseller this customer belongs to, if any. */
    resellerId: integer('reseller_id').references((): AnyPgColumn => customers.id),
    start: date('start'),
    rtdInterval: integer('rtd_interval'),
    rtdIntegration: boolean('rtd_integration').notNull().default(false),
    rtdIntegrationId: integer('rtd_integration_id').references(() => rtdIntegrations.id),
    rtdIntCustId: text('rtd_int_cust_id'),
    /** The tacho scheduler requests a download when days left fall below this (default 7). */
    tachoRequestDays: smallint('tacho_request_days').notNull().default(7),
    createdAt: createdAt(),
    /** Set by delete: the customer leaves lists and its users cannot sign in; data is kept. */
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
  },
  (t) => [
    index('customers_reseller_idx').on(t.resellerId),
    // The customers list and every selector: active customers by name.
    index('customers_active_name_idx')
      .on(t.name)
      .where(sql`${t.deactivatedAt} is null`),
  ],
);

// Feature and role names are unique whatever their case ('tacho download' is 'Tacho Download').
export const features = pgTable(
  'features',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('features_name_idx').on(sql`lower(${t.name})`)],
);

export const customerFeatures = pgTable(
  'customer_features',
  {
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    featureId: integer('feature_id')
      .notNull()
      .references(() => features.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.featureId] })],
);

export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
  },
  (t) => [uniqueIndex('roles_name_idx').on(sql`lower(${t.name})`)],
);

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    // No reseller flag of its own: a user is a reseller exactly when its customer is.
    createdAt: createdAt(),
  },
  (t) => [
    // Sign-in looks emails up case-insensitively, so they are unique that way.
    uniqueIndex('users_email_idx').on(sql`lower(${t.email})`),
    index('users_customer_idx').on(t.customerId),
    index('users_role_idx').on(t.roleId),
  ],
);
