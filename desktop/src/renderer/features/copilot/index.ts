// The copilot's door (issue 32 §2–3): the composer's suggestions and the ticket's summaries.
export { SuggestionsButton } from './SuggestionsButton';
export { TicketSummaries } from './TicketSummaries';
export { RoutingSuggestion } from './RoutingSuggestion';
export { useCopilotOn, useCopilotStatus } from './copilot.store';
