// Tenants and who signs in: customers (with reseller link and features), roles, users.
import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

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
    rtdIntegrationId: integer('rtd_integration_id'),
    rtdIntCustId: text('rtd_int_cust_id'),
    createdAt: createdAt(),
  },
  (t) => [index('customers_reseller_idx').on(t.resellerId)],
);

export const features = pgTable('features', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

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

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

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
    isReseller: boolean('is_reseller').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('users_email_idx').on(t.email), index('users_customer_idx').on(t.customerId)],
);
