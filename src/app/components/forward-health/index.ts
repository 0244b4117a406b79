/**
 * A forward's delivery health and its replay (issue 15), for every screen that shows forwards:
 * the Forwards page and the device page's Message forwards tab. The calls live here too, so the
 * two features share one query per endpoint without reaching into each other.
 */
export {
  forwardHealthKeys,
  forwardHealthQueryOptions,
  forwardsHealthQueryOptions,
} from './health-api';
export { replayCountQueryOptions, replayMutationOptions } from './replay-api';
export {
  readyHealth,
  useForwardsHealth,
  type HealthLookup,
  type HealthOf,
} from './use-forwards-health';
export { HealthCellsProvider, HealthStateCell, HealthValueCell } from './health-cells';
export { HealthDeliveryCell } from './HealthDeliveryCell';
export { HealthNotice } from './HealthNotice';
export { HealthStateBadge, HealthStateButton } from './HealthStateBadge';
export { ForwardHealthPanel } from './ForwardHealthPanel';
export { ReplayDialog, type ReplayTarget } from './ReplayDialog';
export { formatBacklog, formatCount, formatLag } from './health-format';
export { ActivityIcon } from './ActivityIcon';
