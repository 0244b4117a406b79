/**
 * A message's event flags and their chapter bits (spec 01 §3), for every screen that edits
 * them: the device page's Endpoints tab and the settings profile wizard.
 */
export { FlagsGrid } from './FlagsGrid';
export { FlagChangeList } from './FlagChangeList';
export { FlagsDialog, type FlagsDialogProps } from './FlagsDialog';
