import { eq } from 'drizzle-orm';
import {
  CUSTOM_TEST_DATA_NOT_FOUND,
  CUSTOM_TEST_DATA_TAKEN,
  type CustomTestData,
  type CustomTestDataFields,
} from '@shared/libraries/custom-test-data';
import { CUSTOM_TEST_DATA_FILE } from '@shared/libraries/library-files';
import { CUSTOMER_NOT_FOUND, canSee, scopeFilter, type CustomerScope } from '@server/auth/tenancy';
import type { Caller } from '@server/auth/tokens';
import type { Db, DbOrTx } from '@server/db/client';
import { customTestData } from '@server/db/schema';
import { isUniqueViolation } from '@server/db/unique-violation';
import { badRequest, notFound } from '@server/errors/http-errors';
import { byCaller, writeOperatorLog } from '@server/operator-log/write';
import { activeCustomerExists } from '@server/modules/customers';
import type { LibraryForm } from '@server/modules/library-files';
import {
  customTestDataFile,
  deleteCustomTestData,
  insertCustomTestData,
  lockCustomTestData,
  selectCustomTestData,
} from './repository';

/**
 * Custom test data: the files of the caller's tree (admins all, a reseller its tree, others
 * their customer), one file's bytes, and upload and removal (admins). Another tenant's file
 * answers 404 like a missing one.
 */
export function createCustomTestDataService(db: Db) {
  async function reload(tx: DbOrTx, id: number): Promise<CustomTestData> {
    const [row] = await selectCustomTestData(tx, eq(customTestData.id, id));
    if (!row) throw notFound(CUSTOM_TEST_DATA_NOT_FOUND);
    return row;
  }

  return {
    list: (scope: CustomerScope) =>
      selectCustomTestData(db, scopeFilter(scope, customTestData.customerId)),

    /** The file's name and bytes, for a file the caller sees. */
    async file(scope: CustomerScope, id: number) {
      const file = await customTestDataFile(db, id);
      if (!file || !canSee(scope, file.customerId)) throw notFound(CUSTOM_TEST_DATA_NOT_FOUND);
      return file;
    },

    /** Stores the file for an active customer the caller sees (404 otherwise); answers it. */
    async upload(
      caller: Caller,
      scope: CustomerScope,
      form: LibraryForm<CustomTestDataFields>,
    ): Promise<CustomTestData> {
      const { values, file } = form;
      if (!file) throw new Error('an upload needs its file (checked by the form)');
      try {
        return await db.transaction(async (tx) => {
          if (
            !canSee(scope, values.CustomerId) ||
            !(await activeCustomerExists(tx, values.CustomerId))
          )
            throw notFound(CUSTOMER_NOT_FOUND);
          const id = await insertCustomTestData(tx, values.CustomerId, file);
          await writeOperatorLog(tx, {
            level: 'Information',
            message: `Custom test data ${file.name} (${String(file.bytes.length)} bytes) uploaded ${byCaller(caller)}`,
            customerId: values.CustomerId,
          });
          return reload(tx, id);
        });
      } catch (error) {
        if (isUniqueViolation(error))
          throw badRequest({ [CUSTOM_TEST_DATA_FILE.part]: CUSTOM_TEST_DATA_TAKEN });
        throw error;
      }
    },

    /** Removes a file the caller sees; answers the removed file. */
    async remove(caller: Caller, scope: CustomerScope, id: number): Promise<CustomTestData> {
      return db.transaction(async (tx) => {
        const current = await lockCustomTestData(tx, id);
        if (!current || !canSee(scope, current.customerId))
          throw notFound(CUSTOM_TEST_DATA_NOT_FOUND);
        const removed = await reload(tx, id);
        await deleteCustomTestData(tx, id);
        await writeOperatorLog(tx, {
          level: 'Information',
          message: `Custom test data ${current.fileName} removed ${byCaller(caller)}`,
          customerId: current.customerId,
        });
        return removed;
      });
    },
  };
}

export type CustomTestDataService = ReturnType<typeof createCustomTestDataService>;
