import type { setupServer } from 'msw/node';
import { http, HttpResponse } from 'msw';
import { useState } from 'react';
import type { Rollout, RolloutDevice, RolloutDeviceState } from '@shared/libraries/rollout-views';
import { createQueryClient } from '@app/lib/query-client';
import { saveSession } from '@app/lib/session';
import { apiUrl } from '@app/test/api-server';
import { authFixture, loginFixture } from '@app/test/fixtures';
import { renderRoute } from '@app/test/render-route';
import { RolloutPage } from '@app/features/rollouts/components/RolloutPage';

export const ADMIN = authFixture({ Id: 1, Role: 'Admin', CustomerId: 1, Email: 'admin@demo.test' });

/** The page with the state filter in state, the way the route keeps it in the URL. */
function Page({ id }: { id: number }) {
  const [state, setState] = useState<RolloutDeviceState | null>(null);
  return <RolloutPage id={id} state={state} onStateChange={setState} />;
}

/**
 * Signs the admin in and shows /rollouts/{id}: the rollout as `current()` says (a test changes
 * it), its devices filtered by `?state=` from `devices`; records the devices calls' queries and
 * the actions posted.
 */
export function showRollout(
  server: ReturnType<typeof setupServer>,
  current: () => Rollout,
  devices: RolloutDevice[],
) {
  const calls = { rollout: 0, devices: [] as string[], actions: [] as string[] };
  const id = current().Id;
  server.use(
    http.get(apiUrl(`rollouts/${String(id)}`), () => {
      calls.rollout++;
      return HttpResponse.json(current());
    }),
    http.get(apiUrl(`rollouts/${String(id)}/devices`), ({ request }) => {
      const url = new URL(request.url);
      calls.devices.push(url.search);
      const state = url.searchParams.get('state');
      return HttpResponse.json(devices.filter((d) => state === null || d.State === state));
    }),
  );
  saveSession(loginFixture(ADMIN));
  const client = createQueryClient();
  const rendered = renderRoute(() => <Page id={id} />, {
    client,
    links: ['/rollouts', '/device/$id'],
  });
  return { ...rendered, calls };
}

/** Answers `POST rollouts/{id}/{action}` with `answer(action)`; records the actions. */
export function answerActions(
  server: ReturnType<typeof setupServer>,
  id: number,
  answer: (action: string) => Rollout,
) {
  const actions: string[] = [];
  server.use(
    http.post(apiUrl(`rollouts/${String(id)}/:action`), ({ params }) => {
      const action = String(params.action);
      actions.push(action);
      return HttpResponse.json(answer(action));
    }),
  );
  return actions;
}
