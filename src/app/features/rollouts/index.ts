/** What other features use of the rollouts feature (import it from here, not its files). */
export { MassUpdateDialog, type MassUpdateDialogProps } from './components/MassUpdateDialog';
export { RolloutsLink } from './components/RolloutLinks';
export { toastRolloutStarted } from './components/rollout-started-toast';
export { rolloutDevices } from './model/progress';
export { rolloutKeys } from './api/keys';
