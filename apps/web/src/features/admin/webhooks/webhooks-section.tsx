import { useParams } from 'react-router';
import { WebhookEndpointPage } from './webhook-endpoint-page.tsx';
import { WebhooksPage } from './webhooks-page.tsx';

/**
 * /admin/webhooks and /admin/webhooks/:id as one route and one download: every lazy route adds its
 * import and its chunk's name to the first download of every visitor.
 */
export function WebhooksSection() {
  const { id } = useParams();
  return id ? <WebhookEndpointPage id={id} /> : <WebhooksPage />;
}
