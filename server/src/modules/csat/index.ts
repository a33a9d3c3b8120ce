// The csat module's one door (issue 30 §4): a closed ticket's 1–5 satisfaction survey, kept
// beside the ticket it rates (the ticket is never reopened by its answer).
export type { csatRatings } from './csat.table';
