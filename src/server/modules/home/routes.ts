import { serverRoutes } from '@shared/api/api-paths';
import type { App } from '@server/http/types';
import type { createHomeService } from './service';

export function homeRoutes(app: App, service: ReturnType<typeof createHomeService>): void {
  app.get(
    serverRoutes.dashboard,
    { config: { access: 'dashboard.read' }, schema: { tags: ['home'] } },
    async (request) => service.dashboard(request.caller, await request.scope()),
  );
}
