// The copilot module's one door (issue 32): the agent's assistant over the company's own
// OpenAI-compatible endpoint — its settings, metering, suggested replies and summaries.
export { copilotSettings } from './copilot.table';
