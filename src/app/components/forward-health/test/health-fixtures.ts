import { http, HttpResponse } from 'msw';
import type { ForwardHealth } from '@shared/forwards/forward-health';

/** A forward's health as the API answers it: delivering and caught up unless told otherwise. */
export const healthFixture = (
  ForwardId: number,
  more: Partial<ForwardHealth> = {},
): ForwardHealth => ({
  ForwardId,
  State: 'delivering',
  Backlog: 0,
  BacklogCapped: false,
  LagSeconds: null,
  Delivered24h: 0,
  Failed24h: 0,
  GivenUp24h: 0,
  LastDeliveredAt: null,
  LastError: null,
  LastErrorAt: null,
  NextAttemptAt: null,
  ReplayRemaining: 0,
  ...more,
});

const apiUrl = (path: string) => new URL(`/api/${path}`, window.location.origin).toString();

/**
 * `GET forwards/health?ids=` answering the given forwards' health (others left out, as the
 * server does) and `GET forwards/{id}/health`; `calls` records each list call's ids.
 */
export function healthHandlers(known: readonly ForwardHealth[]) {
  const calls: number[][] = [];
  const byId = new Map(known.map((h) => [h.ForwardId, h]));
  const handlers = [
    http.get(apiUrl('forwards/health'), ({ request }) => {
      const ids = (new URL(request.url).searchParams.get('ids') ?? '').split(',').map(Number);
      calls.push(ids);
      return HttpResponse.json(ids.flatMap((id) => byId.get(id) ?? []));
    }),
    http.get(apiUrl('forwards/:id/health'), ({ params }) => {
      const health = byId.get(Number(params.id));
      return health
        ? HttpResponse.json(health)
        : HttpResponse.json({ message: 'Forward not found' }, { status: 404 });
    }),
  ];
  return { handlers, calls };
}
