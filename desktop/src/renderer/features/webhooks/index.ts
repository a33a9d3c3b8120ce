// The webhooks feature's door: the /settings section (issue 15 §5; decision 0304).
export { WebhooksPane } from './WebhooksPane';
// Queue integrations show their generated signing secret the same way (decision 0344).
export { SecretModal } from './SecretModal';
