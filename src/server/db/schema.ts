// The Drizzle schema, one file per area; drizzle-kit reads this entry point.
export * from './schema/tenants';
export * from './schema/fleet';
export * from './schema/forwards';
export * from './schema/library-files';
export * from './schema/device-work';
export * from './schema/idempotency';
export * from './schema/device-tests';
export * from './schema/sessions';
export * from './schema/tacho';
export * from './schema/rollouts';
export * from './schema/custom-test-data';
export * from './schema/forward-delivery';
