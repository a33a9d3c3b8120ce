// The tags feature's door: the conversation header's tag selector.
export { TicketTagsSelect } from './TicketTagsSelect';
export { tagsApi } from './tags.api';
