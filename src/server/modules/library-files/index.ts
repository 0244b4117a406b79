/**
 * Library files (firmwares, CAN configurations, custom test data): the upload form, the entry
 * writes and the stored bytes the modules of those libraries share. No routes of its own, so it
 * is not among SERVER_MODULES.
 */
export { libraryEntryWrites } from './entry-writes';
export { type LibraryForm, readLibraryForm } from './form';
export { deleteLibraryFile, readLibraryFileRange } from './repository';
