/** What other features use of the firmware feature (import it from here, not its files). */
export {
  firmwareFlagsQueryOptions,
  firmwareLibraryKeys,
  firmwareLibraryQueryOptions,
} from './api/firmwares';
