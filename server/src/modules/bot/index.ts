// The bot module's one door (issue 12): the automation engine. Responders (queue integrations,
// AI prompts) implement the port below and are handed to it by app.ts.
export type { BotReply, BotReplyMessage, BotTurn, ExternalResponder, TimelineEntry } from './bot.port';
