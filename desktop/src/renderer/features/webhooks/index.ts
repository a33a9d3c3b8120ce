// The webhooks feature's door: the /settings section (issue 15 §5; decision 0304).
export { WebhooksPane } from './WebhooksPane';
