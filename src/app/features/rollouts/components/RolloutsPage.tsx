import { Link } from '@tanstack/react-router';
import type { Rollout } from '@shared/libraries/rollout-views';
import {
  ListPage,
  usePagedClientList,
  type ClientFields,
  type SearchBinding,
} from '@app/components/list';
import { rolloutsInfiniteOptions } from '@app/features/rollouts/api/rollouts';
import { ROLLOUT_STATE_LABELS } from '@app/features/rollouts/model/progress';
import type { RolloutFilter } from '@app/features/rollouts/model/rollout-list-url';
import { rolloutColumns } from './rollout-columns';
import { LINK_BUTTON } from './RolloutLinks';

const FIELDS: ClientFields<Rollout, RolloutFilter> = {
  Description: (r) => r.Description,
  State: (r) => ROLLOUT_STATE_LABELS[r.State],
};
const NOUN = { one: 'rollout', many: 'rollouts' };
const EMPTY = {
  title: 'No rollouts found',
  text: "A rollout starts with 'Mass Update QTL' on QTLibrary, or 'Mass Update Firmware' or 'Mass Update Booter' on Firmware.",
};
const rolloutKey = (r: Rollout) => r.Id;

/**
 * /rollouts (admins): every mass update, newest first, paged by `?after=` and searched in the
 * browser; a rollout opens its screen. The list refreshes itself while one of them is live.
 */
export function RolloutsPage(binding: SearchBinding<RolloutFilter>) {
  const list = usePagedClientList(rolloutsInfiniteOptions(), { ...binding, fields: FIELDS });
  return (
    <ListPage
      title="Rollouts"
      description="Mass updates of QTL, firmware and booter, in stages: a canary first, then the rest."
      wide
      actions={
        <>
          <Link to="/canprotocol" className={LINK_BUTTON}>
            QTLibrary
          </Link>
          <Link to="/firmware" className={LINK_BUTTON}>
            Firmware
          </Link>
        </>
      }
      list={list}
      columns={rolloutColumns}
      rowKey={rolloutKey}
      noun={NOUN}
      empty={EMPTY}
    />
  );
}
