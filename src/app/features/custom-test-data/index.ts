/** What other features use of custom test data (import it from here, not its files). */
export { customTestDataKeys, customTestDataQueryOptions } from './api/custom-test-data';
