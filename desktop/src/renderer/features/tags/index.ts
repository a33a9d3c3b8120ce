// The tags feature's door: the conversation header's tag selector, and the selector itself (the contact drawer's).
export { TagsSelect, TicketTagsSelect } from './TicketTagsSelect';
export { tagsApi } from './tags.api';
