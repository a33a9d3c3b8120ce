// The wall-time reading lives in lib/ (campaigns read their `scheduledAt` the same way; decision 0277).
export { instantOf } from '../../lib/wall-time';
