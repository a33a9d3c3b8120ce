// The messages feature's door: the tickets feature composes the conversation through these only.
export { Conversation } from './Conversation';
export { useConversation } from './messages.store';
export { bindMessageSocket } from './messages.socket';
export { ReadOnlyConversation } from './ReadOnlyConversation';
export { parseLocationBody, parseVcard } from './media.logic';
export { useOutboxSync } from './outbox/useOutboxSync';
