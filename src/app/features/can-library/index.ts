/** What other features use of the QTLibrary feature (import it from here, not its files). */
export { canLibraryKeys, canLibraryQueryOptions } from './api/can-configs';
