import { eq, inArray, sql } from 'drizzle-orm';
import { forgetCustomerFeatures } from '@server/auth/customer-features';
import type { Db } from '@server/db/client';
import { customerFeatures, customers, features, roles, users } from '@server/db/schema';
import { DEMO_ACCOUNTS } from '@server/seed/demo';
import type { FuzzCase } from './cases';
import type { JsonSchema, Operation } from './operations';
import { namesAvoided } from './schema-values';

/**
 * The objects the fuzzer's own identities stand on: the demo sign-in accounts, their customers
 * and their roles. A request that deactivates such a customer, deletes such a user or gives it a
 * new email, password, role or customer locks an identity out (or changes what it may do), and
 * every later case would fail at sign-in. Generated requests therefore never name those users
 * and customers, in any variant (`namesSignInObject`); other users and customers stand in, so
 * the routes that change users and customers still get valid, boundary and hostile requests.
 * (Roles are named: the built-in ones and those in use cannot be removed.) `signInWatch` notices
 * a change nonetheless (a generator or a route that slips) and puts the rows back.
 */
export interface SignInObjects {
  userIds: number[];
  customerIds: number[];
  roleIds: number[];
  /** `kind:id` of every sign-in object: what no generated request may name. */
  avoid: ReadonlySet<string>;
}

export async function readSignInObjects(db: Db): Promise<SignInObjects> {
  const accounts = await db
    .select({ id: users.id, customerId: users.customerId, roleId: users.roleId })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const unique = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);
  const userIds = unique(accounts.map((a) => a.id));
  const customerIds = unique(accounts.map((a) => a.customerId));
  const roleIds = unique(accounts.map((a) => a.roleId));
  // Roles are not avoided: the built-in ones cannot be removed (nor one in use), and requests
  // that give a user a role must name real ones.
  const avoid = new Set([
    ...userIds.map((id) => `user:${id}`),
    ...customerIds.map((id) => `customer:${id}`),
  ]);
  return { userIds, customerIds, roleIds, avoid };
}

/** The property schemas of an object schema, across `anyOf` alternatives. */
function propertiesOf(schema: JsonSchema): [string, JsonSchema][] {
  return [
    ...Object.entries(schema.properties ?? {}),
    ...(schema.anyOf ?? []).flatMap(propertiesOf),
  ];
}

/** Whether a JSON value names one of `avoid` at any id slot of the schema, however deep. */
function jsonNamesAvoided(
  schema: JsonSchema,
  value: unknown,
  avoid: ReadonlySet<string>,
  depth = 0,
): boolean {
  if (depth > 8 || value === null || value === undefined) return false;
  if (namesAvoided(schema, value, avoid)) return true;
  if (Array.isArray(value)) {
    const items = schema.items ?? schema;
    // An array where one id is expected: the server may read any of its items.
    return value.some((item) => jsonNamesAvoided(items, item, avoid, depth + 1));
  }
  if (typeof value !== 'object') return false;
  const record = value as Record<string, unknown>;
  return propertiesOf(schema).some(
    ([key, property]) =>
      Object.hasOwn(record, key) && jsonNamesAvoided(property, record[key], avoid, depth + 1),
  );
}

const decoded = (segment: string): string => {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
};

const parsedJson = (text: string): unknown => {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

/**
 * Whether a generated request names a sign-in object anywhere the server reads an id: a path
 * parameter (a raw one decoded as the router decodes it), a query parameter (each repetition),
 * or an id field of the body, JSON or raw text, whatever the variant made of it.
 */
export function namesSignInObject(
  op: Operation,
  fuzzCase: FuzzCase,
  avoid: ReadonlySet<string>,
): boolean {
  if (!avoid.size) return false;
  for (const param of op.pathParams) {
    const value = fuzzCase.path[param.name];
    if (value === undefined) continue;
    if (namesAvoided(param.schema, fuzzCase.rawPath ? decoded(value) : value, avoid)) return true;
  }
  for (const [key, value] of fuzzCase.query) {
    const param = op.query.find((p) => p.name === key);
    if (param && namesAvoided(param.schema, value, avoid)) return true;
  }
  const { body } = fuzzCase;
  if (!body || !op.body) return false;
  const json = 'raw' in body ? parsedJson(body.raw) : body.json;
  return jsonNamesAvoided(op.body, json, avoid);
}

/** The rows sign-in and the permission checks read, as they are now. */
async function readRows(db: Db, objects: SignInObjects) {
  const [userRows, customerRows, featureRows, roleRows] = await Promise.all([
    db.select().from(users).where(inArray(users.id, objects.userIds)).orderBy(users.id),
    db
      .select()
      .from(customers)
      .where(inArray(customers.id, objects.customerIds))
      .orderBy(customers.id),
    db
      .select()
      .from(customerFeatures)
      .where(inArray(customerFeatures.customerId, objects.customerIds))
      .orderBy(customerFeatures.customerId, customerFeatures.featureId),
    db.select().from(roles).where(inArray(roles.id, objects.roleIds)).orderBy(roles.id),
  ]);
  return { users: userRows, customers: customerRows, features: featureRows, roles: roleRows };
}
type Rows = Awaited<ReturnType<typeof readRows>>;

const rowText = (row: unknown) =>
  JSON.stringify(row, (_, value: unknown) => (value instanceof Date ? value.toISOString() : value));

/** What changed between two readings, per table and id (no password hashes shown). */
function differences(before: Rows, after: Rows): string[] {
  const found: string[] = [];
  for (const table of ['users', 'customers', 'roles'] as const) {
    const now = new Map(after[table].map((row) => [row.id, row] as const));
    for (const was of before[table]) {
      const is = now.get(was.id);
      if (!is) {
        found.push(`${table} ${was.id} removed`);
        continue;
      }
      const fields = Object.keys(was).filter(
        (key) =>
          rowText((was as Record<string, unknown>)[key]) !==
          rowText((is as Record<string, unknown>)[key]),
      );
      if (fields.length) found.push(`${table} ${was.id}: ${fields.join(', ')} changed`);
    }
  }
  if (rowText(before.features) !== rowText(after.features))
    found.push(`features of customers ${before.customers.map((c) => c.id).join(', ')} changed`);
  return found;
}

/** Writes the rows of `saved` back (a deleted user again, under its id). */
async function restore(db: Db, objects: SignInObjects, saved: Rows): Promise<void> {
  await db.transaction(async (tx) => {
    for (const role of saved.roles) {
      await tx.insert(roles).values(role).onConflictDoUpdate({ target: roles.id, set: role });
    }
    for (const customer of saved.customers) {
      await tx
        .insert(customers)
        .values(customer)
        .onConflictDoUpdate({ target: customers.id, set: customer });
    }
    // Another user may have taken an account's email meanwhile: it gets one of its own.
    const emails = saved.users.map((u) => u.email.toLowerCase());
    for (const other of await tx
      .select({ id: users.id })
      .from(users)
      .where(inArray(sql`lower(${users.email})`, emails))) {
      if (!objects.userIds.includes(other.id))
        await tx
          .update(users)
          .set({ email: `displaced-${other.id}@fuzz.invalid` })
          .where(eq(users.id, other.id));
    }
    for (const user of saved.users) {
      await tx.insert(users).values(user).onConflictDoUpdate({ target: users.id, set: user });
    }
    await tx
      .delete(customerFeatures)
      .where(inArray(customerFeatures.customerId, objects.customerIds));
    const existing = new Set(
      (await tx.select({ id: features.id }).from(features)).map((f) => f.id),
    );
    const grants = saved.features.filter((f) => existing.has(f.featureId));
    if (grants.length) await tx.insert(customerFeatures).values(grants);
  });
  for (const id of objects.customerIds) forgetCustomerFeatures(id);
}

/**
 * One query over everything `readRows` reads, cheap enough to run after every write: each
 * account with its customer (and that customer's features) and role.
 */
async function fingerprint(db: Db, objects: SignInObjects): Promise<string> {
  const rows = await db
    .select({
      user: users,
      customer: customers,
      role: roles,
      features: sql<string>`(select string_agg(${customerFeatures.featureId}::text, ',' order by ${customerFeatures.featureId}) from ${customerFeatures} where ${customerFeatures.customerId} = ${customers.id})`,
    })
    .from(users)
    .leftJoin(customers, eq(customers.id, users.customerId))
    .leftJoin(roles, eq(roles.id, users.roleId))
    .where(inArray(users.id, objects.userIds))
    .orderBy(users.id);
  return rowText(rows);
}

/**
 * Watches the sign-in objects: `check` compares them with their first reading and, when a
 * request changed them, writes them back and says what had changed.
 */
export async function signInWatch(db: Db, objects: SignInObjects) {
  const saved = await readRows(db, objects);
  const savedPrint = await fingerprint(db, objects);
  return {
    async check(): Promise<string[]> {
      if ((await fingerprint(db, objects)) === savedPrint) return [];
      const found = differences(saved, await readRows(db, objects));
      await restore(db, objects, saved);
      return found.length ? found : ['rows changed'];
    },
  };
}
export type SignInWatch = Awaited<ReturnType<typeof signInWatch>>;
