// The copilot's door (issue 32 §2–5): the composer's suggestions, the ticket's summaries, translation and transcripts.
export { SuggestionsButton } from './SuggestionsButton';
export { TicketSummaries } from './TicketSummaries';
export { TransferNotice } from './TransferNotice';
export { RoutingSuggestion } from './RoutingSuggestion';
export { useCopilotOn, useCopilotStatus } from './copilot.store';
export { MessageCopilotTexts } from './MessageCopilotTexts';
export { TranslationBar, useOutgoingTranslation } from './TranslationBar';
export { copilotApi } from './copilot.api';
