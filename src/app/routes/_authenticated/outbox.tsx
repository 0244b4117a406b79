import { createFileRoute } from '@tanstack/react-router';
import { OutboxPage } from '@app/features/outbox/components/page/OutboxPage';

export const Route = createFileRoute('/_authenticated/outbox')({
  component: OutboxPage,
});
